import { z } from 'zod';

export const okSchema = z.object({ ok: z.literal(true) });
export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
export const isoDateTime = z.string().describe('ISO-8601 date-time in UTC');

/** The client headers every API request carries (spec 02 section 7). */
export const headerNames = {
  appVersion: 'appversion',
  uniqueSession: 'uniquesession',
  idempotencyKey: 'idempotency-key',
} as const;
