const formats = new Map<string, Intl.NumberFormat>();

/** A number in the UI language with at most `decimals` decimals; null or undefined gives ''. */
export function formatNumber(value: number | null | undefined, language: string, decimals = 3): string {
  if (value === null || value === undefined) return '';
  const key = `${language}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format.format(value);
}

/** The weight in kg is weightInMg / 1,000,000. */
export function weightInKg(weightInMg: number | null): number | null {
  return weightInMg === null ? null : weightInMg / 1_000_000;
}
