import { priceDecimalsMax, priceIntegerDigitsMax, type Language } from '@wms/contract';
import { parseNumberCell } from '../importers/import-cells.js';

/**
 * Prices are exact decimal text, never floats: "12.50" is kept as "12.5", "0.1" stays "0.1". Text
 * is only ever rewritten digit by digit (signs, leading and trailing zeros), so what the user wrote
 * is what is stored.
 */

/** The canonical text of a plain decimal with a dot ("+012.50" -> "12.5", "-0" -> "0"), or null. */
export function canonicalDecimal(text: string): string | null {
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  if (whole === '' && fraction === '') return null;
  const integer = whole.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  const digits = decimals === '' ? integer : `${integer}.${decimals}`;
  return match[1] === '-' && digits !== '0' ? `-${digits}` : digits;
}

/** Decimal text of a JSON number (its shortest round-trip form), or null for an exponent form (1e-7, 1e21). */
export function decimalOfNumber(value: number): string | null {
  const text = String(value);
  return /e/i.test(text) ? null : canonicalDecimal(text);
}

/** Whether a canonical decimal is a price: not negative, at most 12 digits before and 6 after the point. */
export function isPrice(decimal: string): boolean {
  if (decimal.startsWith('-')) return false;
  const [integer = '', fraction = ''] = decimal.split('.');
  return integer.length <= priceIntegerDigitsMax && fraction.length <= priceDecimalsMax;
}

/** Significant digits a spreadsheet keeps; digits past them in a cell's text are float noise. */
const spreadsheetDigits = 15;

/**
 * A number cell as exact decimal text, in the user's locale (parseNumberCell decides what the text
 * means: "1.234,5" in Dutch, "1,234.5" in English, "12.5" from an XLSX everywhere). The digits are
 * taken from the text itself, not from the float: the separator parseNumberCell read as the
 * decimal point is the one whose reading equals its value. A cell with more decimals than a price
 * may have whose text is a spreadsheet's float noise (0.30000000000000004) is read at the 15
 * significant digits a spreadsheet holds.
 */
export function localeDecimalText(text: string, language: Language): string | null {
  const value = parseNumberCell(text, language);
  if (value === null) return null;
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const sign = compact.startsWith('-') ? '-' : '';
  const body = compact.slice(sign.length);
  const last = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  const candidates = [body.replace(/[.,]/g, '')];
  if (last >= 0) candidates.unshift(`${body.slice(0, last).replace(/[.,]/g, '')}.${body.slice(last + 1)}`);
  for (const candidate of candidates) {
    const decimal = canonicalDecimal(sign + candidate);
    if (decimal === null || Number(decimal) !== value) continue;
    const decimals = decimal.split('.')[1]?.length ?? 0;
    if (decimals <= priceDecimalsMax) return decimal;
    const rounded = decimalOfNumber(Number(value.toPrecision(spreadsheetDigits)));
    return rounded !== null && (rounded.split('.')[1]?.length ?? 0) <= priceDecimalsMax ? rounded : decimal;
  }
  return null;
}
