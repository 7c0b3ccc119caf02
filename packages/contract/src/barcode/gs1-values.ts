/**
 * Checking and converting the data field of one GS1 element: character sets, lengths, check
 * digits, dates (with the two-digit-year rule), decimals and counts.
 */
import type { Gs1AiDefinition, Gs1Component } from './gs1-ai-table.js';
import { gs1DateKinds, gs1DateValue, type Gs1DateKind } from './gs1-dates.js';
import type { Gs1Element, Gs1Problem } from './gs1.js';

export { expandYear, gs1Date } from './gs1-dates.js';

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

/** Digits with `decimals` implied decimal places as a number (parsed from text, so 000189/3 is 0.189). */
export function impliedDecimal(digits: string, decimals: number): number {
  if (decimals === 0) return Number(digits);
  const padded = digits.padStart(decimals + 1, '0');
  return Number(`${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`);
}

/** One element read: the element, or why not (a problem with a key, or null: the text is not GS1). */
export type Gs1ElementReading = { ok: true; element: Gs1Element } | { ok: false; problem: Gs1Problem | null };

/**
 * The element of one AI and its data field. A field that does not fit the AI's format or check
 * digit: { ok: false, problem: null }; a date AI whose data is no real date (and time):
 * gs1InvalidDate {ai, value}; a count (30, 37) of 0: gs1ZeroCount {ai}.
 */
export function readGs1Element(definition: Gs1AiDefinition, raw: string, now: Date): Gs1ElementReading {
  const notGs1 = { ok: false, problem: null } as const;
  if (!matchesFormat(definition, raw)) return notGs1;
  const { ai, title, checkDigitLength, kind } = definition;
  if (checkDigitLength !== null && !hasValidCheckDigit(raw.slice(0, checkDigitLength))) return notGs1;
  let value: string | number | null;
  if (gs1DateKinds.has(kind)) {
    value = gs1DateValue(kind as Gs1DateKind, raw, now, definition.allowDayZero);
    if (value === null) return { ok: false, problem: { key: 'gs1InvalidDate', args: { ai, value: raw } } };
  } else if (kind === 'decimal') value = impliedDecimal(raw, definition.decimals);
  else if (kind === 'integer') {
    value = Number(raw);
    if (value === 0 && definition.nonZero) return { ok: false, problem: { key: 'gs1ZeroCount', args: { ai } } };
  } else value = raw;
  return { ok: true, element: { ai, title, raw, value } };
}

/** The element of one AI and its data field, or null when the data does not fit the AI. */
export function toGs1Element(definition: Gs1AiDefinition, raw: string, now: Date): Gs1Element | null {
  const reading = readGs1Element(definition, raw, now);
  return reading.ok ? reading.element : null;
}
