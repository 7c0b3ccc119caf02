/**
 * What the master data forms share: a form edits text (numbers as the user typed them) and
 * flags; these turn it into request fields and back.
 */

/** A field's message: a translation key with its namespace, and its arguments. */
export interface FieldError {
  key: string;
  args?: Record<string, unknown>;
}
export type FieldErrors = Partial<Record<string, FieldError>>;

/** A number as typed: '' is null, a comma may stand for the decimal point; undefined when it is no number. */
export function parseNumber(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** The text of a number field (null shows empty). */
export const numberText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** The text of an optional text field (null shows empty). */
export const text = (value: string | null | undefined): string => value ?? '';

/** Optional text as the request takes it: '' clears it (null). */
export const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export const requiredCheck: FieldError = { key: 'masterData:check.required' };
export const numberCheck: FieldError = { key: 'masterData:check.number' };

/**
 * The numbers of a form, parsed; each one that is no number gets numberCheck in `errors`.
 * Answers the parsed values by field (null for empty).
 */
export function parseNumbers<K extends string>(
  texts: Record<K, string>,
  errors: FieldErrors,
): Record<K, number | null> {
  const parsed = {} as Record<K, number | null>;
  for (const name of Object.keys(texts) as K[]) {
    const value = parseNumber(texts[name]);
    if (value === undefined) errors[name] = numberCheck;
    parsed[name] = value ?? null;
  }
  return parsed;
}

/**
 * The fields of `next` that differ from `base` (an update sends only what changed; arrays and
 * objects compare by their JSON).
 */
export function changedFields<T extends Record<string, unknown>>(next: T, base: Record<string, unknown>): Partial<T> {
  const changed: Partial<T> = {};
  for (const [name, value] of Object.entries(next) as [keyof T & string, T[keyof T & string]][]) {
    if (JSON.stringify(value) !== JSON.stringify(base[name] ?? null)) changed[name] = value;
  }
  return changed;
}
