import { z } from 'zod';
import { isoDateTime, okSchema } from './common.js';
import {
  boxTypeSchema,
  brokenPickLinesAnswerSchema,
  pickListPageSchema,
  pickListQuerySchema,
  pickListRowsAnswerSchema,
  pickListRowsQuerySchema,
  pickListCodeParamsSchema,
  picklistCreationLockings,
  pickListLineSchema,
  pickListSummarySchema,
  pickListSchema,
  plannableLinesAnswerSchema,
  plannableLinesQuerySchema,
  shippingContainerParamsSchema,
  shippingContainerSchema,
  shippingContainerTypes,
  shortReasons,
} from './pick-list-model.js';
import { flushAnswerSchema } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Pick lists (PICK_LIST; PROCESSES.md 3.1-3.3, 3.6; docs/decisions/0183-pick-lists.md).
 *
 * Statuses: RELEASED (nothing picked) -> PARTLY_PICKED -> PICKED (every line picked, or closed
 * short by flush) -> CLOSED (delivered, cleared, or flushed with nothing picked). UNKNOWN only for
 * ERP lists the app cannot map. A CLOSED list never reopens.
 *
 * Allocation: every open line holds allocations (stock key, quantity) that raise the stock
 * row's releasedQty; no ledger row. A pick moves releasedQty+onHand out of the source and into the
 * shipping container as pickQty (PICK), in one transaction that checks the line's open quantity
 * and the allocation, so over-picking is impossible.
 *
 * Under /api/v1/pick_list/ (roles below; admin holds them all):
 * - GET  all?status&warehouse&customer&search&offset&limit  overview rows (picklistOverview, picking, pickAndCollect)
 * - GET  rows?code                                        the lines of one list (the overview's expanded row)
 * - GET  {code}                                           one list with lines and containers
 * - GET  broken                                           lines whose allocation no longer covers them
 * - POST {code}/reallocate                                re-allocates its broken or open lines (picklistGenerator)
 * - GET  lock?warehouse / POST lock {warehouse} / POST unlock {warehouse}   the creation lock (picklistGenerator)
 * - POST create                                           lists from open sales order lines (picklistGenerator)
 * - POST merge / copy / edit / clearPicklist             (picklistGenerator)
 * - POST {code}/claim|removeClaim|detachClaim|promote|flush|markPacked|markUnpacked
 * - GET  next                                             the list the caller should pick next (picking)
 * - POST {code}/pick|short|skip|zeroCheck                 the handheld's steps (picking)
 * - GET|POST {code}/shippingContainer, POST shippingContainer/{container}/close|reopen|label
 * The planning area /api/v1/ppm/lines lists the open sales order lines a list can be made of.
 *
 * Refusals (errors.ts, four languages): 404 unknownDocument {type, code}; 409 claimedByOtherUser
 * {username}, claimRequired, picklistCreationLocked {username, since}; 412 optimisticLockConflict;
 * 422 picklistNotInStatus {status}, picklistNotPickable {status}, cannotMergeStartedPicklist {code},
 * cannotMergeDifferentWarehouses, mergeNeedsConfirmationDifferentShipTo, wrongLocationScanned
 * {expected, scanned}, wrongItemScanned, batchNotAllowed {batch}, qtyTooLarge {max},
 * shortReasonRequired {lines}, locationIsBeingCounted {location}, quantityBelowPicked {line, picked},
 * containerBelongsToOtherPicklist {container, picklist}, containerClosed {container},
 * containerEmpty {container}, alreadyDelivered, nothingToCreate, unknownLine {line},
 * notEnoughAvailableStock (the stock service).
 */
const code = z.string().trim().min(1).max(100);
const quantity = z.number().finite().positive().max(1e9);

export const pickListCreateRequestSchema = z.object({
  warehouse: code,
  /** Pick the lines: selected lines, or every open line matching the filters. */
  lines: z
    .array(z.object({ salesOrder: code, lineNumber: z.number().int().min(0) }))
    .max(2000)
    .optional(),
  customer: code.optional(),
  route: z.string().trim().max(100).optional(),
  shipDateTo: z.iso.date().optional(),
  /** One list per sales order (default), or per customer and ship-to. */
  groupBy: z.enum(['ORDER', 'CUSTOMER_SHIP_TO']).default('ORDER'),
  priority: z.number().int().min(0).max(1000).optional(),
});
export type PickListCreateRequest = z.input<typeof pickListCreateRequestSchema>;
export const pickListCreateAnswerSchema = z.object({
  created: z.array(z.string()),
  /** Lines (or parts) left on the order for lack of free stock. */
  backorders: z.array(
    z.object({ salesOrder: z.string(), lineNumber: z.number().int(), item: z.string(), quantity: z.number() }),
  ),
});
export type PickListCreateAnswer = z.infer<typeof pickListCreateAnswerSchema>;

export const creationLockRequestSchema = z.object({ warehouse: code });
export const creationLockQuerySchema = z.object({ warehouse: code.optional() });
export const creationLockSchema = z.object({
  locking: z.enum(picklistCreationLockings),
  locked: z.boolean(),
  username: z.string().nullable(),
  since: isoDateTime.nullable(),
});
export type CreationLock = z.infer<typeof creationLockSchema>;

export const pickListMergeRequestSchema = z.object({
  codes: z.array(code).min(2).max(50),
  /** Lists with different ship-to addresses merge only when confirmed. */
  confirmDifferentShipTo: z.boolean().default(false),
});
export const pickListCopyRequestSchema = z.object({ code, version: z.number().int() });
export const pickListCopyAnswerSchema = z.object({ original: z.string(), copy: z.string() });
export const pickListEditRequestSchema = z.object({
  code,
  version: z.number().int(),
  priority: z.number().int().min(0).max(1000).optional(),
  shipDate: z.iso.date().nullable().optional(),
  lines: z
    .array(z.object({ lineNumber: z.number().int().min(0), quantity: z.number().finite().min(0).max(1e9) }))
    .max(2000)
    .optional(),
});
export type PickListEditRequest = z.input<typeof pickListEditRequestSchema>;
export const pickListClearRequestSchema = z.object({ code, version: z.number().int() });
export const pickListClearAnswerSchema = z.object({
  code: z.string(),
  /** The storage request made for goods already picked (null: nothing was picked). */
  storageRequest: z.string().nullable(),
});

export const pickListClaimRequestSchema = z.object({
  /** A *ManageClaims holder may claim for someone else. */
  forUser: z.string().trim().min(1).max(100).optional(),
});
export const pickListFlushRequestSchema = z.object({
  /** Reasons for lines left short without one (422 shortReasonRequired lists them). */
  shortReasons: z
    .array(z.object({ lineNumber: z.number().int().min(0), reason: z.enum(shortReasons) }))
    .max(2000)
    .default([]),
});

export const pickNextQuerySchema = z.object({ warehouse: code.optional() });
export const pickNextAnswerSchema = z.object({ code: z.string().nullable() });

export const pickRequestSchema = z.object({
  idempotencyKey: z.string().trim().min(8).max(100),
  lineNumber: z.number().int().min(0),
  fromLocation: code,
  batch: code.nullable().default(null),
  /** Serial-managed items: the serials picked (the quantity is their count). */
  serials: z.array(code).max(1000).default([]),
  quantity,
  /** The container picked into; a new code opens a container for the list. */
  containerCode: code,
  containerType: z.enum(shippingContainerTypes).default('TOTE'),
});
export type PickRequest = z.input<typeof pickRequestSchema>;
/**
 * What one pick changed, as the receipts' progress save answers its change (docs/benchmarks.md,
 * issue 18): the list's status, version and line counts, and the picked line as it is now (its
 * allocations, and its picks naming the container). The handheld merges it into the list it holds;
 * other devices get DOCUMENT_CHANGED and read the list again. The containers' contents are not
 * part of it: no picking screen shows them (the detail and GET {code}/shippingContainer have them).
 */
export const pickChangeSchema = pickListSummarySchema
  .pick({ code: true, status: true, version: true, linesTotal: true, linesPicked: true })
  .extend({ line: pickListLineSchema });
export type PickChange = z.infer<typeof pickChangeSchema>;
export const pickAnswerSchema = z.object({
  change: pickChangeSchema,
  /** True when the source location should now hold none of the item: the zero check asks. */
  zeroCheck: z.boolean(),
  /** An earlier pick with this idempotency key: nothing moved now, the change is that line as it is (zeroCheck false). */
  replayed: z.boolean(),
});
export type PickAnswer = z.infer<typeof pickAnswerSchema>;

export const shortRequestSchema = z.object({
  idempotencyKey: z.string().trim().min(8).max(100),
  lineNumber: z.number().int().min(0),
  reason: z.enum(shortReasons).nullable().default(null),
  /** The location found short (it is flagged for counting). */
  fromLocation: code,
});
export const shortAnswerSchema = z.object({
  pickList: pickListSchema,
  /** The new line that re-allocated the remainder elsewhere (null: no free stock). */
  reallocatedLine: z.number().int().nullable(),
});
export const skipRequestSchema = z.object({ lineNumber: z.number().int().min(0) });
export const zeroCheckRequestSchema = z.object({ location: code, item: code, empty: z.boolean() });

export const shippingContainerCreateRequestSchema = z.object({
  type: z.enum(shippingContainerTypes).default('BOX'),
  boxType: code.optional(),
  /** A pre-printed label's code; absent: an SSCC (GS1 prefix set) or an internal code. */
  code: code.optional(),
});
export const shippingContainerCloseRequestSchema = z.object({
  weightInMg: z.number().int().min(0).max(10_000_000_000).optional(),
  lengthInMm: z.number().int().min(1).max(100_000).optional(),
  widthInMm: z.number().int().min(1).max(100_000).optional(),
  heightInMm: z.number().int().min(1).max(100_000).optional(),
});
export const shippingContainerLabelRequestSchema = z.object({ printer: z.number().int().positive().optional() });
export const shippingContainerListSchema = z.array(shippingContainerSchema);

const viewers = rolesAccess('picklistOverview', 'picking', 'pickAndCollect', 'picklistGenerator');
const generator = rolesAccess('picklistGenerator');
const pickers = rolesAccess('picking', 'pickAndCollect');
/** Claim actions: pickers claim for themselves; *ManageClaims holders (checked in the service) for others. */
const claimers = rolesAccess(
  'picking',
  'pickAndCollect',
  'picklistOverviewAuthManageClaims',
  'pickingAuthManageClaims',
);
const managers = rolesAccess('picklistGenerator', 'picklistOverviewAuthManageClaims', 'pickingAuthManageClaims');
const params = pickListCodeParamsSchema;
const answer = pickListSchema;

export const pickListEndpoints = defineEndpoints('pickLists', {
  all: {
    method: 'GET',
    path: '/api/v1/pick_list/all',
    access: viewers,
    query: pickListQuerySchema,
    answer: pickListPageSchema,
  },
  rows: {
    method: 'GET',
    path: '/api/v1/pick_list/rows',
    access: viewers,
    query: pickListRowsQuerySchema,
    answer: pickListRowsAnswerSchema,
  },
  broken: { method: 'GET', path: '/api/v1/pick_list/broken', access: viewers, answer: brokenPickLinesAnswerSchema },
  lockState: {
    method: 'GET',
    path: '/api/v1/pick_list/lock',
    access: viewers,
    query: creationLockQuerySchema,
    answer: creationLockSchema,
  },
  lock: {
    method: 'POST',
    path: '/api/v1/pick_list/lock',
    access: generator,
    body: creationLockRequestSchema,
    answer: creationLockSchema,
  },
  unlock: {
    method: 'POST',
    path: '/api/v1/pick_list/unlock',
    access: generator,
    body: creationLockRequestSchema,
    answer: creationLockSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v1/pick_list/create',
    access: generator,
    body: pickListCreateRequestSchema,
    answer: pickListCreateAnswerSchema,
  },
  merge: {
    method: 'POST',
    path: '/api/v1/pick_list/merge',
    access: generator,
    body: pickListMergeRequestSchema,
    answer,
  },
  copy: {
    method: 'POST',
    path: '/api/v1/pick_list/copy',
    access: generator,
    body: pickListCopyRequestSchema,
    answer: pickListCopyAnswerSchema,
  },
  edit: { method: 'POST', path: '/api/v1/pick_list/edit', access: generator, body: pickListEditRequestSchema, answer },
  clear: {
    method: 'POST',
    path: '/api/v1/pick_list/clearPicklist',
    access: generator,
    body: pickListClearRequestSchema,
    answer: pickListClearAnswerSchema,
  },
  next: {
    method: 'GET',
    path: '/api/v1/pick_list/next',
    access: pickers,
    query: pickNextQuerySchema,
    answer: pickNextAnswerSchema,
  },
  boxTypes: { method: 'GET', path: '/api/v1/pick_list/box_types', access: viewers, answer: z.array(boxTypeSchema) },
  detail: { method: 'GET', path: '/api/v1/pick_list/:code', access: viewers, params, answer },
  reallocate: { method: 'POST', path: '/api/v1/pick_list/:code/reallocate', access: generator, params, answer },
  claim: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/claim',
    access: claimers,
    params,
    body: pickListClaimRequestSchema,
    answer,
  },
  removeClaim: { method: 'POST', path: '/api/v1/pick_list/:code/removeClaim', access: claimers, params, answer },
  detachClaim: { method: 'POST', path: '/api/v1/pick_list/:code/detachClaim', access: claimers, params, answer },
  promote: { method: 'POST', path: '/api/v1/pick_list/:code/promote', access: managers, params, answer },
  flush: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/flush',
    access: claimers,
    params,
    body: pickListFlushRequestSchema,
    answer: z.object({ pickList: pickListSchema, flush: flushAnswerSchema }),
  },
  markPacked: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/markPacked',
    access: rolesAccess('picking', 'delivery', 'picklistGenerator'),
    params,
    answer,
  },
  markUnpacked: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/markUnpacked',
    access: rolesAccess('picking', 'delivery', 'picklistGenerator'),
    params,
    answer,
  },
  pick: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/pick',
    access: pickers,
    params,
    body: pickRequestSchema,
    answer: pickAnswerSchema,
  },
  short: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/short',
    access: pickers,
    params,
    body: shortRequestSchema,
    answer: shortAnswerSchema,
  },
  skip: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/skip',
    access: pickers,
    params,
    body: skipRequestSchema,
    answer,
  },
  zeroCheck: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/zeroCheck',
    access: pickers,
    params,
    body: zeroCheckRequestSchema,
    answer: okSchema,
  },
  containers: {
    method: 'GET',
    path: '/api/v1/pick_list/:code/shippingContainer',
    access: viewers,
    params,
    answer: shippingContainerListSchema,
  },
  createContainer: {
    method: 'POST',
    path: '/api/v1/pick_list/:code/shippingContainer',
    access: rolesAccess('picking', 'pickAndCollect', 'delivery'),
    params,
    body: shippingContainerCreateRequestSchema,
    answer: shippingContainerSchema,
  },
  closeContainer: {
    method: 'POST',
    path: '/api/v1/pick_list/shippingContainer/:container/close',
    access: rolesAccess('picking', 'pickAndCollect', 'delivery'),
    params: shippingContainerParamsSchema,
    body: shippingContainerCloseRequestSchema,
    answer: shippingContainerSchema,
  },
  reopenContainer: {
    method: 'POST',
    path: '/api/v1/pick_list/shippingContainer/:container/reopen',
    access: rolesAccess('picking', 'pickAndCollect', 'delivery'),
    params: shippingContainerParamsSchema,
    answer: shippingContainerSchema,
  },
  containerLabel: {
    method: 'POST',
    path: '/api/v1/pick_list/shippingContainer/:container/label',
    access: rolesAccess('picking', 'pickAndCollect', 'delivery'),
    params: shippingContainerParamsSchema,
    body: shippingContainerLabelRequestSchema,
    answer: null,
  },
});

export const ppmEndpoints = defineEndpoints('ppm', {
  lines: {
    method: 'GET',
    path: '/api/v1/ppm/lines',
    access: generator,
    query: plannableLinesQuerySchema,
    answer: plannableLinesAnswerSchema,
  },
});
