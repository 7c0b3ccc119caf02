import { z } from 'zod';
import { binLocationSchema } from './bin-locations.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Stock transfer (DOMAIN.md). Every route needs
 * `stockTransfer`; moving stock from or to a location with stockMovementRestricted needs
 * `stockTransferAuthMoveRestricted`.
 *
 * - POST /api/v1/operations/stock_transfer/validateRequest   {lines, toLocation}: checks everything a
 *   transfer would, moves nothing; answers what the client must confirm (QC blocking).
 * - POST /api/v1/operations/stock_transfer/lines             {lines, toLocation}: moves stock lines (the
 *   stock transfer and multi stock transfer apps). Idempotency-Key header required.
 * - POST /api/v1/operations/stock_transfer/location          {fromLocation, toLocation}: moves the whole
 *   free content of a location (the location stock transfer app). Idempotency-Key header required.
 * - POST /api/v1/bin_location/{code}/setBlockStockMovements/{block}  {reason}: the QC lock flow
 *   (stockTransfer). A blocked location refuses movements (stockMovementsBlocked) until unblocked.
 *
 * One request is one database transaction: every line moves or none does. A retry with the same
 * Idempotency-Key answers the first answer (header `idempotent-replayed: true`) and moves nothing.
 * After commit the server publishes ITEM_CHANGED and BIN_LOCATION_CHANGED for what moved.
 */
const code = z.string().trim().min(1).max(100);

/** A stock line: what to take from where. Quantity in the item's unit, > 0. */
export const stockTransferLineSchema = z.object({
  fromLocation: code,
  item: code,
  batch: code.nullable().default(null),
  /** The serial's lot (serial-managed items); informational, the serial identifies the unit. */
  lot: code.nullable().default(null),
  serial: code.nullable().default(null),
  quantity: z.number().finite().positive().max(1e12),
});
export type StockTransferLine = z.input<typeof stockTransferLineSchema>;

export const stockTransferLinesRequestSchema = z.object({
  lines: z.array(stockTransferLineSchema).min(1).max(500),
  toLocation: code,
});
export type StockTransferLinesRequest = z.input<typeof stockTransferLinesRequestSchema>;

export const locationTransferRequestSchema = z.object({
  fromLocation: code,
  toLocation: code,
});
export type LocationTransferRequest = z.input<typeof locationTransferRequestSchema>;

/** validateRequest: the transfer would pass; the QC-pending stock would block these targets. */
export const stockTransferValidationSchema = z.object({
  valid: z.literal(true),
  /** BULK or QC targets that receive QC-pending stock: the user confirms theFollowingLocationsWillBeBlockedDueToQC. */
  locationsToBlockForQc: z.array(z.string()),
});
export type StockTransferValidation = z.infer<typeof stockTransferValidationSchema>;

/** One moved line as committed (codes as stored, quantities exact to three decimals). */
export const movedLineSchema = z.object({
  item: z.string(),
  itemName: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  fromLocation: z.string(),
  toLocation: z.string(),
  quantity: z.number(),
  qcPending: z.boolean(),
});
export type MovedLine = z.infer<typeof movedLineSchema>;

export const stockTransferAnswerSchema = z.object({
  /** The ledger's reference of this transfer (the same on a replay). */
  transferId: z.string(),
  lines: z.array(movedLineSchema),
});
export type StockTransferAnswer = z.infer<typeof stockTransferAnswerSchema>;

export const blockStockMovementsParamSchema = z.object({
  code,
  block: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
export type BlockStockMovementsParams = z.input<typeof blockStockMovementsParamSchema>;
export const blockStockMovementsRequestSchema = z.object({
  reason: z.string().trim().max(500).nullable().default(null),
});
export type BlockStockMovementsRequest = z.input<typeof blockStockMovementsRequestSchema>;

const stockTransfer = rolesAccess('stockTransfer');

/**
 * The stock transfer endpoints, the QC lock of a location
 * included (its path is under /api/v1/bin_location/, its answer the updated location).
 */
export const stockTransferEndpoints = defineEndpoints('stockTransfer', {
  validate: {
    method: 'POST',
    path: '/api/v1/operations/stock_transfer/validateRequest',
    access: stockTransfer,
    body: stockTransferLinesRequestSchema,
    answer: stockTransferValidationSchema,
  },
  lines: {
    method: 'POST',
    path: '/api/v1/operations/stock_transfer/lines',
    access: stockTransfer,
    body: stockTransferLinesRequestSchema,
    answer: stockTransferAnswerSchema,
  },
  location: {
    method: 'POST',
    path: '/api/v1/operations/stock_transfer/location',
    access: stockTransfer,
    body: locationTransferRequestSchema,
    answer: stockTransferAnswerSchema,
  },
  setBlockStockMovements: {
    method: 'POST',
    path: '/api/v1/bin_location/:code/setBlockStockMovements/:block',
    access: stockTransfer,
    params: blockStockMovementsParamSchema,
    body: blockStockMovementsRequestSchema,
    answer: binLocationSchema,
  },
});
