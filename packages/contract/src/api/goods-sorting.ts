import { z } from 'zod';
import { approvingManagerSchema, managerApprovalSchema } from './auth.js';
import { isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { movedLineSchema } from './stock-transfer.js';

/**
 * Goods sorting: put-away from receipt staging (and carts) to storage (PROCESSES.md 1.2;
 * docs/decisions/0170-goods-sorting-and-manager-approval.md). Every route needs `goodsSorting`.
 *
 * - GET  /api/v1/goods_sorting/staging/{location}: the content of a staging location or cart,
 *   row by row, oldest receipt first.
 * - POST /api/v1/goods_sorting/suggest {location, item, batch?, serial?}: the proposed
 *   destinations in order, each with its reason, and the quantity to move by default.
 * - POST /api/v1/goods_sorting/move {from, to, item, batch?, serial?, quantity, confirmed?,
 *   managerApproval?}: a TRANSFER through the stock service. Idempotency-Key header required; a
 *   retry with the same key answers the first answer and moves nothing.
 *
 * Move refusals (422): destinationNeedsConfirmation {proposed} for a destination other than the
 * first proposal without `confirmed: true` (the rescan); enforcedDefaultLocation {location} for a
 * destination other than the item's enforced default location without a manager's approval (a
 * user holding goodsSorting and defaultItemBinLocationEdit; admin holds both). A refused approval
 * answers the key of POST /api/v1/auth/verify as a 422 (invalidLoginDetails, insufficientRoles,
 * noManagerLoggedIn, the two-factor keys), except the sign-in throttling refusals (403
 * ipAddressBlocked / accountSigninBlocked, 429 tooManyRequests). Every rule of the stock service
 * applies (stockMovementRestricted, stockMovementsBlocked, the QC transfer rules, liquid
 * containers and single-item locations: tooManyItemsInSingleItemLocation).
 */
const code = z.string().trim().min(1).max(100);

export const goodsSortingStagingParamsSchema = z.object({ location: code });
export type GoodsSortingStagingParams = z.input<typeof goodsSortingStagingParamsSchema>;

/**
 * One stock row of the staging location (quantities exact to three decimals; null for a non-admin
 * caller in WALL_TO_WALL_BATCHING_MODE: blind counting, decision 0189).
 */
export const goodsSortingStagingLineSchema = z.object({
  item: z.string(),
  itemName: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  onHandQty: z.number().nullable(),
  freeToMoveQty: z.number().nullable(),
  releasedQty: z.number().nullable(),
  pickQty: z.number().nullable(),
  qcPendingQty: z.number().nullable(),
  /** The last RECEIPT of the row into this location, else the row's last change: the list's order. */
  receivedAt: isoDateTime,
});
export type GoodsSortingStagingLine = z.infer<typeof goodsSortingStagingLineSchema>;

export const goodsSortingStagingAnswerSchema = z.object({
  location: z.string(),
  lines: z.array(goodsSortingStagingLineSchema),
});
export type GoodsSortingStagingAnswer = z.infer<typeof goodsSortingStagingAnswerSchema>;

export const goodsSortingSuggestRequestSchema = z.object({
  /** The staging location or cart the stock is taken from. */
  location: code,
  item: code,
  batch: code.nullable().default(null),
  serial: code.nullable().default(null),
});
export type GoodsSortingSuggestRequest = z.input<typeof goodsSortingSuggestRequestSchema>;

/** Why a destination is proposed, in the order proposals are made. */
export const goodsSortingReasons = [
  'QC_LOCATION',
  'ENFORCED_DEFAULT_LOCATION',
  'DEFAULT_LOCATION',
  'LAST_RECEIPT_LOCATION',
] as const;
export type GoodsSortingReason = (typeof goodsSortingReasons)[number];

export const goodsSortingSuggestionSchema = z.object({
  location: z.string(),
  reason: z.enum(goodsSortingReasons),
});
export type GoodsSortingSuggestion = z.infer<typeof goodsSortingSuggestionSchema>;

export const goodsSortingSuggestAnswerSchema = z.object({
  /** First is the proposed destination; empty when there is none. */
  suggestions: z.array(goodsSortingSuggestionSchema),
  /** Whether the stock (of the batch or serial, if given) in the location is QC-pending. */
  qcPending: z.boolean(),
  /** The quantity to move by default: the QC-pending stock when there is any, else the free-to-move stock. */
  quantity: z.number(),
});
export type GoodsSortingSuggestAnswer = z.infer<typeof goodsSortingSuggestAnswerSchema>;

export const goodsSortingMoveRequestSchema = z.object({
  from: code,
  to: code,
  item: code,
  batch: code.nullable().default(null),
  serial: code.nullable().default(null),
  quantity: z.number().finite().positive().max(1e12),
  /** The destination was scanned twice: a destination other than the proposed one is meant. */
  confirmed: z.boolean().default(false),
  /** A manager's approval of a destination other than the item's enforced default location. */
  managerApproval: managerApprovalSchema.optional(),
});
export type GoodsSortingMoveRequest = z.input<typeof goodsSortingMoveRequestSchema>;

export const goodsSortingMoveAnswerSchema = z.object({
  /** The ledger's document reference of this move (document type GOODS_SORTING). */
  sortingId: z.string(),
  lines: z.array(movedLineSchema),
  /** The destination proposed first at the time of the move (null: none). */
  proposed: z.string().nullable(),
  /** The manager who approved leaving the enforced default location (null: no approval needed). */
  approvedBy: approvingManagerSchema.nullable(),
});
export type GoodsSortingMoveAnswer = z.infer<typeof goodsSortingMoveAnswerSchema>;

const goodsSorting = rolesAccess('goodsSorting');

export const goodsSortingEndpoints = defineEndpoints('goodsSorting', {
  staging: {
    method: 'GET',
    path: '/api/v1/goods_sorting/staging/:location',
    access: goodsSorting,
    params: goodsSortingStagingParamsSchema,
    answer: goodsSortingStagingAnswerSchema,
  },
  suggest: {
    method: 'POST',
    path: '/api/v1/goods_sorting/suggest',
    access: goodsSorting,
    body: goodsSortingSuggestRequestSchema,
    answer: goodsSortingSuggestAnswerSchema,
  },
  move: {
    method: 'POST',
    path: '/api/v1/goods_sorting/move',
    access: goodsSorting,
    body: goodsSortingMoveRequestSchema,
    answer: goodsSortingMoveAnswerSchema,
  },
});
