/**
 * What the peripheral configs (scale, cartoncube) share: each is kept in its own local storage key
 * as JSON and read field by field, so a damaged entry never breaks the device.
 */

/** The stored entry as an object of fields; {} without an entry or for one that is no JSON object. */
export function storedFields(raw: string | null): Record<string, unknown> {
  let json: unknown = null;
  try {
    json = raw === null ? null : JSON.parse(raw);
  } catch {
    json = null;
  }
  return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
}

/**
 * A number from a number or decimal text (point or comma; a leading minus only when min is below
 * 0); null when unusable or outside min..max.
 */
export function parseDecimal(value: unknown, { min, max }: { min: number; max: number }): number | null {
  const text = min < 0 ? /^\s*-?\d+(?:[.,]\d+)?\s*$/ : /^\s*\d+(?:[.,]\d+)?\s*$/;
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && text.test(value)
        ? Number(value.trim().replace(',', '.'))
        : NaN;
  return Number.isFinite(number) && number >= min && number <= max ? number : null;
}

/** The config saved under key, or the defaults when local storage cannot be read. */
export function loadStoredConfig<C>(key: string, parse: (raw: string | null) => C, defaults: Readonly<C>): C {
  try {
    return parse(localStorage.getItem(key));
  } catch {
    return { ...defaults };
  }
}

export function saveStoredConfig(key: string, config: object): void {
  localStorage.setItem(key, JSON.stringify(config));
}
