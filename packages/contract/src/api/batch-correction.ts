import { z } from 'zod';
import { isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Batch correction (PROCESSES.md 4.5; issue 20 item 5; docs/decisions/0190-batch-correction.md).
 * Role stockCorrections, under /api/v1/stock_corrections/:
 *
 * - POST batch_correction {idempotencyKey, location, item, fromBatch, toBatch, toBatchExpiry?,
 *   quantity, reason}: ONE BATCH_CORRECTION movement in one transaction: onHand of fromBatch
 *   down, toBatch up by quantity at the same location (two ledger rows with one reference, the
 *   correction's code). An unknown toBatch is created (expiry toBatchExpiry, required when the
 *   item scans expiry dates; QC status of fromBatch). Stock of fromBatch held by pick lists
 *   (released or picked) moves with it when the quantity needs more than the free stock, and then
 *   only to a batch that may be picked (QC-approved, not expired).
 * - POST batch_expiry {idempotencyKey, item, batch, expiry, reason}: the expiry-only fix of a
 *   batch, logged with the old and the new value.
 *
 * A replay of an idempotency key answers the first answer (replayed: true) and changes nothing.
 * Refusals: 404 unknownLocation {code}, unknownItemForCode {code}, unknownBatch {code}; 422
 * batchNotAllowedForItem {item}, sameBatchInCorrection {batch}, notEnoughAvailableStock
 * {itemCode, binCode, batch, available, requested}, cannotMixQcStatusInCorrection {fromBatch,
 * toBatch}, allocatedStockNeedsPickableBatch {batch}, expirationDateRequired {item},
 * batchExistsWithOtherExpiry {batch, expirationDate, knownExpirationDate}, batchExpiryUnchanged
 * {batch}; 400 invalidInput (quantity 0 or negative, a reason not in the list).
 */
const code = z.string().trim().min(1).max(100);
const idempotencyKey = z.string().trim().min(8).max(100);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, 'a calendar date');

/** Why stock was on the wrong batch (the reason stored with each correction). */
export const batchCorrectionReasons = [
  'WRONG_BATCH_RECEIVED',
  'WRONG_BATCH_PICKED_OR_MOVED',
  'LABEL_ERROR',
  'COUNT_FINDING',
  'OTHER',
] as const;
export type BatchCorrectionReason = (typeof batchCorrectionReasons)[number];

/** Why a batch's expiry date was wrong. */
export const batchExpiryReasons = ['WRONG_DATE_ENTERED', 'SUPPLIER_CORRECTION', 'LABEL_ERROR', 'OTHER'] as const;
export type BatchExpiryReason = (typeof batchExpiryReasons)[number];

export const batchCorrectionRequestSchema = z.object({
  idempotencyKey,
  location: code,
  item: code,
  fromBatch: code,
  toBatch: code,
  /** The expiry of a toBatch created by the correction (YYYY-MM-DD); a known batch keeps its own. */
  toBatchExpiry: isoDate.nullable().optional(),
  quantity: z.number().finite().positive().max(1e12),
  reason: z.enum(batchCorrectionReasons),
});
export type BatchCorrectionRequest = z.input<typeof batchCorrectionRequestSchema>;

export const batchCorrectionAnswerSchema = z.object({
  /** The correction's reference: the document code of both ledger rows. */
  code: z.string(),
  location: z.string(),
  item: z.string(),
  itemName: z.string(),
  fromBatch: z.string(),
  toBatch: z.string(),
  toBatchExpiry: z.string().nullable(),
  /** The correction created toBatch. */
  toBatchCreated: z.boolean(),
  quantity: z.number(),
  /** Released (pick list) stock carried over to toBatch. */
  releasedCarried: z.number(),
  /** Picked stock (in a container) carried over to toBatch. */
  pickedCarried: z.number(),
  reason: z.enum(batchCorrectionReasons),
  at: isoDateTime,
  username: z.string(),
  replayed: z.boolean(),
});
export type BatchCorrectionAnswer = z.infer<typeof batchCorrectionAnswerSchema>;

export const batchExpiryRequestSchema = z.object({
  idempotencyKey,
  item: code,
  batch: code,
  /** The new expiry date (YYYY-MM-DD); null clears it (not for items that scan expiry dates). */
  expiry: isoDate.nullable(),
  reason: z.enum(batchExpiryReasons),
});
export type BatchExpiryRequest = z.input<typeof batchExpiryRequestSchema>;

export const batchExpiryAnswerSchema = z.object({
  code: z.string(),
  item: z.string(),
  batch: z.string(),
  oldExpiry: z.string().nullable(),
  newExpiry: z.string().nullable(),
  reason: z.enum(batchExpiryReasons),
  at: isoDateTime,
  username: z.string(),
  replayed: z.boolean(),
});
export type BatchExpiryAnswer = z.infer<typeof batchExpiryAnswerSchema>;

const correctors = rolesAccess('stockCorrections');
const base = '/api/v1/stock_corrections';

export const batchCorrectionEndpoints = defineEndpoints('stockCorrections', {
  batchCorrection: {
    method: 'POST',
    path: `${base}/batch_correction`,
    access: correctors,
    body: batchCorrectionRequestSchema,
    answer: batchCorrectionAnswerSchema,
    summary: 'Moves stock from the recorded batch to the correct one at a location (BATCH_CORRECTION)',
  },
  batchExpiry: {
    method: 'POST',
    path: `${base}/batch_expiry`,
    access: correctors,
    body: batchExpiryRequestSchema,
    answer: batchExpiryAnswerSchema,
    summary: "Corrects a batch's expiry date (logged with the old and the new value)",
  },
});
