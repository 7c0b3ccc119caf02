/**
 * Exact quantities. The database stores every quantity (stock buckets, document and ledger
 * quantities, barcode quantities, min/max stock, densities) as an integer number of
 * thousandths: 1.5 pieces is 1500. Sums are integer sums, never float sums. The API shows
 * quantities as JSON numbers with at most three decimals.
 */
export const quantityScale = 1000;

/** Thousandths from a decimal number or string (rounded half away from zero at the 4th decimal). */
export function toThousandths(value: number | string): number {
  const text = typeof value === 'number' ? value.toFixed(4) : value.trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a decimal: ${String(value)}`);
  const sign = match[1] === '-' ? -1 : 1;
  const whole = Number(match[2] || '0');
  const fraction = (match[3] ?? '').padEnd(4, '0');
  const thousandths = Number(fraction.slice(0, 3));
  const roundUp = Number(fraction[3]) >= 5 ? 1 : 0;
  const result = whole * quantityScale + thousandths + roundUp;
  if (!Number.isSafeInteger(result)) throw new RangeError(`quantity out of range: ${String(value)}`);
  return result === 0 ? 0 : sign * result;
}

/** The JSON number of a stored quantity. */
export function fromThousandths(value: number | string | bigint): number {
  const n = Number(value);
  return n / quantityScale;
}
