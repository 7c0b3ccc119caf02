import { z } from 'zod';

export const okSchema = z.object({ ok: z.literal(true) });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const isoDateTime = z.string().describe('ISO-8601 date-time in UTC');

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The text of an autocomplete or search: trimmed, 1 to 100 characters, and no C0 or C1 control
 * character or DEL (no code, name or barcode holds one; NUL cuts SQLite's LIKE and PostgreSQL
 * refuses it), so every search route answers such a text 400 invalidInput.
 */
export const searchTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((text) => !controlCharacter.test(text), 'no control characters');

/** The client headers every API request carries. */
export const headerNames = {
  appVersion: 'appversion',
  uniqueSession: 'uniquesession',
  idempotencyKey: 'idempotency-key',
} as const;
