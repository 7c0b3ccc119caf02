import type { Language } from '@wms/contract';

/**
 * Reading cell text (import-file readers hand every cell over as text: numbers of an XLSX as
 * plain decimals with a dot, dates as ISO YYYY-MM-DD; a CSV as typed). Each parser answers the
 * value or null when the text is not one; the importer turns null into its message (notANumber,
 * misc.wrongFormat) with the column.
 */

/** Languages that write a decimal comma (1.234,5); English writes 1,234.5. */
const decimalCommaLanguages: ReadonlySet<Language> = new Set(['nl', 'de', 'pl']);

/**
 * A number in the user's locale, or null. Accepts the locale's decimal separator and grouping
 * (dot or comma, spaces and non-breaking spaces), a leading minus (or plus), and a plain dot decimal
 * from an XLSX whatever the locale ("12.5" is 12.5 everywhere when it has no comma and one dot
 * followed by other than exactly three digits). "1.234" is 1234 in nl, de and pl (a grouping dot)
 * and 1.234 in en; the XLSX reader writes such a number as "1.2340", so a spreadsheet's 1.234 is
 * 1.234 in every language (xlsx-reader.ts numberText).
 */
export function parseNumberCell(text: string, language: Language): number | null {
  let value = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^[\u2212\u2013]/, '-')
    .replace(/^\+/, '');
  if (value === '') return null;
  if (!/^-?[\d.,]+$/.test(value) || !/\d/.test(value)) return null;
  const commaDecimal = decimalCommaLanguages.has(language);
  const hasComma = value.includes(',');
  const hasDot = value.includes('.');
  if (hasComma && hasDot) {
    const decimal = value.lastIndexOf(',') > value.lastIndexOf('.') ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    if (!groupingIsValid(value, group, decimal)) return null;
    value = value.split(group).join('').replace(decimal, '.');
  } else if (hasComma) {
    const parts = value.split(',');
    if (commaDecimal && parts.length === 2) value = parts.join('.');
    else if (!commaDecimal && groupingIsValid(value, ',', null)) value = parts.join('');
    else if (parts.length === 2) value = parts.join('.');
    else return null;
  } else if (hasDot) {
    const parts = value.split('.');
    if (
      parts.length === 2 &&
      !(commaDecimal && parts[1]!.length === 3 && parts[0] !== '' && parts[0] !== '-0' && parts[0] !== '0')
    ) {
      // one dot: a decimal point (an XLSX number or an English entry), unless a Dutch "1.234" (thousands)
    } else if (commaDecimal && groupingIsValid(value, '.', null)) value = parts.join('');
    else if (parts.length !== 2) return null;
  }
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function groupingIsValid(value: string, group: string, decimal: string | null): boolean {
  const integer = decimal === null ? value : value.slice(0, value.lastIndexOf(decimal));
  const groups = integer.replace(/^-/, '').split(group);
  return groups[0]!.length >= 1 && groups[0]!.length <= 3 && groups.slice(1).every((part) => part.length === 3);
}

/** A date: ISO YYYY-MM-DD (a time part is dropped), DD-MM-YYYY, DD.MM.YYYY or DD/MM/YYYY, or an Excel serial day number. */
export function parseDateCell(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(value);
  const european = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (european) [year, month, day] = [Number(european[3]), Number(european[2]), Number(european[1])];
  else if (/^\d{1,6}(?:\.\d+)?$/.test(value)) {
    const serial = Math.floor(Number(value));
    if (serial < 1 || serial > 2_958_465) return null;
    // Excel's day 1 is 1900-01-01 and it counts a 29 February 1900 that never was.
    const ms = Date.UTC(1899, 11, 30) + serial * 86_400_000;
    return new Date(ms).toISOString().slice(0, 10);
  } else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const truthy = new Set(['1', 'true', 'yes', 'y', 'ja', 'j', 'tak', 't', 'x', 'waar', 'wahr']);
const falsy = new Set(['0', 'false', 'no', 'n', 'nee', 'nein', 'nie', 'onwaar', 'falsch', '']);

/** A yes/no cell in any of the four languages; '' is no. null when it is neither. */
export function parseBooleanCell(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (truthy.has(value)) return true;
  if (falsy.has(value)) return false;
  return null;
}
