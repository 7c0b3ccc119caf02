/**
 * Checking and converting the data field of one GS1 element: character sets, lengths, check
 * digits, dates (with the two-digit-year rule), decimals and counts.
 */
import type { Gs1AiDefinition, Gs1Component } from './gs1-ai-table.js';
import type { Gs1Element } from './gs1.js';

const charsets: Record<Gs1Component['charset'], RegExp> = {
  N: /^[0-9]*$/,
  // GS1 AI encodable character set 82.
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  // Character set 39.
  Y: /^[#\-/0-9A-Z]*$/,
  // Character set 64 (file-safe base64, with padding).
  Z: /^[A-Za-z0-9\-_=]*$/,
  S: /^-?$/,
};

/** Whether `raw` fits the AI's components (lengths and character sets). */
export function matchesFormat(definition: Gs1AiDefinition, raw: string): boolean {
  let position = 0;
  for (const component of definition.components) {
    const available = raw.length - position;
    if (available === 0 && component.optional) continue;
    const take = component.min === component.max ? component.max : Math.min(component.max, available);
    if (take < component.min || available < take) return false;
    if (!charsets[component.charset].test(raw.slice(position, position + take))) return false;
    position += take;
  }
  return position === raw.length;
}

/** The GS1 mod-10 check digit of `digits` (the digits before the check digit). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    const weight = (digits.length - index) % 2 === 1 ? 3 : 1;
    sum += Number(digits[index]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the digit string ends in its correct GS1 mod-10 check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^[0-9]{2,}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * The full year of a two-digit year (General Specifications 7.12): the century that puts the
 * date between 49 years before and 50 years after the current year.
 */
export function expandYear(twoDigitYear: number, now: Date): number {
  const currentYear = now.getUTCFullYear();
  const currentCentury = Math.floor(currentYear / 100) * 100;
  const difference = twoDigitYear - (currentYear % 100);
  if (difference >= 51) return currentCentury - 100 + twoDigitYear;
  if (difference <= -50) return currentCentury + 100 + twoDigitYear;
  return currentCentury + twoDigitYear;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** YYMMDD as YYYY-MM-DD, or null when not a date. Day 00 (when allowed) is the month's last day. */
export function gs1Date(raw: string, now: Date, allowDayZero: boolean): string | null {
  if (!/^[0-9]{6}$/.test(raw)) return null;
  const year = expandYear(Number(raw.slice(0, 2)), now);
  const month = Number(raw.slice(2, 4));
  let day = Number(raw.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = daysInMonth(year, month);
  if (day === 0 && allowDayZero) day = lastDay;
  if (day < 1 || day > lastDay) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** YYMMDDhhmm as YYYY-MM-DDThh:mm, or null. */
function gs1DateTime(raw: string, now: Date): string | null {
  const day = gs1Date(raw.slice(0, 6), now, false);
  const hours = Number(raw.slice(6, 8));
  const minutes = Number(raw.slice(8, 10));
  if (day === null || hours > 23 || minutes > 59) return null;
  return `${day}T${raw.slice(6, 8)}:${raw.slice(8, 10)}`;
}

/** Digits with `decimals` implied decimal places as a number (parsed from text, so 000189/3 is 0.189). */
export function impliedDecimal(digits: string, decimals: number): number {
  if (decimals === 0) return Number(digits);
  const padded = digits.padStart(decimals + 1, '0');
  return Number(`${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`);
}

/** The element of one AI and its data field, or null when the data does not fit the AI. */
export function toGs1Element(definition: Gs1AiDefinition, raw: string, now: Date): Gs1Element | null {
  if (!matchesFormat(definition, raw)) return null;
  const { ai, title, checkDigitLength } = definition;
  if (checkDigitLength !== null && !hasValidCheckDigit(raw.slice(0, checkDigitLength))) return null;
  let value: string | number | null;
  switch (definition.kind) {
    case 'date':
      value = gs1Date(raw, now, definition.allowDayZero);
      break;
    case 'dateTime':
      value = gs1DateTime(raw, now);
      break;
    case 'decimal':
      value = impliedDecimal(raw, definition.decimals);
      break;
    case 'integer':
      value = Number(raw);
      break;
    case 'text':
      value = raw;
      break;
  }
  return value === null ? null : { ai, title, raw, value };
}
