import { z } from 'zod';
import { isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { deliveryStatuses, pickListStatuses } from './documents.js';
import { pickListCodeParamsSchema, shippingContainerStatuses, shippingContainerTypes } from './pick-list-model.js';

/**
 * Pack and delivery (PROCESSES.md 3.7 "Pack", "Delivery", "States"; issue 19 items 1 and 6;
 * docs/decisions/0185-pack-and-delivery.md).
 *
 * Pack, under /api/v1/pack/ (role delivery):
 * - GET  open?warehouse&offset&limit       PICKED (and PARTLY_PICKED, flagged) lists not packed
 * - POST start {scan, confirmFlush?}        a pick list code or one of its container codes: the PackView
 * - GET  {code}                             the PackView of a list (reload)
 * - POST {code}/verify                      COUNT: the counted quantity of a content row (replaces);
 *                                           SCAN_ALL: one unit (quantity 1, or the serial) adds
 * - POST {code}/finish {version}            all containers closed, every row verified: packed
 * - POST {code}/acceptDifference            confirm the missing units: COUNT_ADJUSTMENT out, backorder
 * - POST {code}/repack                      move contents between two containers of the list (TRANSFER)
 * Closing a container and its label: /api/v1/pick_list/shippingContainer/{container}/close|label.
 *
 * Delivery, under /api/v1/delivery/ (role delivery; cancel: deliveryAuthCancel):
 * - GET  packed?warehouse&limit            packed PICKED lists not yet delivered
 * - POST create {idempotencyKey, pickList}  one DELIVERY per list and ship-to; ONE stock DELIVERY
 * - GET  all?status&pickList&customer&notDispatched&offset&limit
 * - GET  {code}                             head, lines, containers with contents
 * - POST {code}/cancel {version, comment?}  CREATED only: the stock back into its containers
 *                                           under a new PICKED pick list
 *
 * DELIVERY statuses: CREATED -> DISPATCHED | CANCELLED (dispatch is its own app).
 *
 * Refusals (errors.ts): 404 unknownDocument {type, code}; 412 optimisticLockConflict; 422
 * unknownPicklistOrContainer {scan}, picklistNotFullyPicked {status}, picklistNotInStatus {status},
 * nothingToVerify, wrongItemScanned, qtyTooLarge {max}, containerNotClosed {container},
 * packingDifference {container, item, batch, serial, missing}, noPackingDifference,
 * containerClosed {container}, containerBelongsToOtherPicklist {container, picklist},
 * picklistNotPacked, addressNotValidated, deliveryAlreadyDispatched, invalidStatusTransition.
 */
const code = z.string().trim().min(1).max(100);
const idempotencyKey = z.string().trim().min(8).max(100);
const quantity = z.number().finite().positive().max(1e9);
const partnerSchema = z.object({ code: z.string(), name: z.string() });

/** Setting delivery.packVerification: how packing checks the containers' contents. */
export const packVerifications = ['NONE', 'COUNT', 'SCAN_ALL'] as const;
export type PackVerification = (typeof packVerifications)[number];

export type DeliveryStatus = (typeof deliveryStatuses)[number];

// ---------------------------------------------------------------- pack

export const packOpenQuerySchema = z.object({
  warehouse: code.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PackOpenQuery = z.input<typeof packOpenQuerySchema>;

export const packOpenRowSchema = z.object({
  code: z.string(),
  status: z.enum(pickListStatuses),
  version: z.number().int(),
  /** PARTLY_PICKED: starting it needs confirmFlush. */
  partlyPicked: z.boolean(),
  warehouse: z.string().nullable(),
  customer: partnerSchema.nullable(),
  shipDate: z.string().nullable(),
  route: z.string().nullable(),
  priority: z.number().int(),
  containers: z.number().int(),
  lines: z.number().int(),
  createdAt: isoDateTime,
});
export type PackOpenRow = z.infer<typeof packOpenRowSchema>;
export const packOpenAnswerSchema = z.object({ rows: z.array(packOpenRowSchema), total: z.number().int() });
export type PackOpenAnswer = z.infer<typeof packOpenAnswerSchema>;

export const packStartRequestSchema = z.object({
  /** A pick list code or one of its shipping container codes. */
  scan: code,
  /** A PARTLY_PICKED list: flush it first (short lines without a reason get STOCKOUT). */
  confirmFlush: z.boolean().default(false),
});
export type PackStartRequest = z.input<typeof packStartRequestSchema>;

export const packContentSchema = z.object({
  item: z.string(),
  itemName: z.string(),
  batch: z.string().nullable(),
  /** Best-before or expiry date of the batch (ISO date). */
  expirationDate: z.string().nullable(),
  serial: z.string().nullable(),
  quantity: z.number(),
  /** Counted or scanned so far (0 with verification NONE). */
  verifiedQuantity: z.number(),
});
export type PackContent = z.infer<typeof packContentSchema>;

export const packContainerSchema = z.object({
  code: z.string(),
  sscc: z.boolean(),
  type: z.enum(shippingContainerTypes),
  status: z.enum(shippingContainerStatuses),
  boxType: z.string().nullable(),
  weightInMg: z.number().int().nullable(),
  lengthInMm: z.number().int().nullable(),
  widthInMm: z.number().int().nullable(),
  heightInMm: z.number().int().nullable(),
  contents: z.array(packContentSchema),
  /** Every content row verified in full (always true with verification NONE). */
  verified: z.boolean(),
});
export type PackContainer = z.infer<typeof packContainerSchema>;

export const packDifferenceSchema = z.object({
  container: z.string(),
  item: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  missing: z.number(),
});
export type PackDifference = z.infer<typeof packDifferenceSchema>;

export const recountRequestRefSchema = z.object({
  code: z.string(),
  status: z.string(),
  location: z.string(),
  item: z.string(),
});
export type RecountRequestRef = z.infer<typeof recountRequestRefSchema>;

export const packViewSchema = z.object({
  pickList: z.object({
    code: z.string(),
    status: z.enum(pickListStatuses),
    version: z.number().int(),
    warehouse: z.string().nullable(),
    customer: partnerSchema.nullable(),
    shipTo: z.record(z.string(), z.unknown()).nullable(),
    shipDate: z.string().nullable(),
    route: z.string().nullable(),
    packed: z.boolean(),
  }),
  verification: z.enum(packVerifications),
  containers: z.array(packContainerSchema),
  /** Rows not verified in full (empty with verification NONE). */
  differences: z.array(packDifferenceSchema),
  /** Recount requests a packing difference raised for this list. */
  recountRequests: z.array(recountRequestRefSchema),
});
export type PackView = z.infer<typeof packViewSchema>;

export const packVerifyRequestSchema = z.object({
  idempotencyKey,
  container: code,
  item: code,
  batch: code.nullable().optional(),
  serial: code.nullable().optional(),
  /** COUNT: the counted quantity (0 allowed: counted none); SCAN_ALL: ignored, each scan is one unit. */
  quantity: z.number().finite().min(0).max(1e9).default(1),
});
export type PackVerifyRequest = z.input<typeof packVerifyRequestSchema>;

export const packFinishRequestSchema = z.object({ version: z.number().int() });
export type PackFinishRequest = z.input<typeof packFinishRequestSchema>;

export const packAcceptDifferenceRequestSchema = z.object({ idempotencyKey });
export type PackAcceptDifferenceRequest = z.input<typeof packAcceptDifferenceRequestSchema>;

export const packRepackRequestSchema = z.object({
  idempotencyKey,
  from: code,
  /** An OPEN container of the list, or a new code: a container opened for the list. */
  to: code,
  item: code,
  batch: code.nullable().optional(),
  serial: code.nullable().optional(),
  quantity,
  /** The type of a container opened on the fly. */
  toType: z.enum(shippingContainerTypes).default('BOX'),
  boxType: code.optional(),
});
export type PackRepackRequest = z.input<typeof packRepackRequestSchema>;

// ---------------------------------------------------------------- delivery

export const deliveryCodeParamsSchema = z.object({ code });
export type DeliveryCodeParams = z.input<typeof deliveryCodeParamsSchema>;

export const deliveryPackedQuerySchema = z.object({
  warehouse: code.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type DeliveryPackedQuery = z.input<typeof deliveryPackedQuerySchema>;
export const deliveryPackedRowSchema = z.object({
  code: z.string(),
  version: z.number().int(),
  warehouse: z.string().nullable(),
  customer: partnerSchema.nullable(),
  shipTo: z.record(z.string(), z.unknown()).nullable(),
  shipDate: z.string().nullable(),
  route: z.string().nullable(),
  containers: z.number().int(),
  createdAt: isoDateTime,
});
export type DeliveryPackedRow = z.infer<typeof deliveryPackedRowSchema>;
export const deliveryPackedAnswerSchema = z.object({
  rows: z.array(deliveryPackedRowSchema),
  truncated: z.boolean(),
});
export type DeliveryPackedAnswer = z.infer<typeof deliveryPackedAnswerSchema>;

export const deliveryCreateRequestSchema = z.object({ idempotencyKey, pickList: code });
export type DeliveryCreateRequest = z.input<typeof deliveryCreateRequestSchema>;

export const deliverySummarySchema = z.object({
  code: z.string(),
  status: z.enum(deliveryStatuses),
  version: z.number().int(),
  pickList: z.string().nullable(),
  warehouse: z.string().nullable(),
  customer: partnerSchema.nullable(),
  shipDate: z.string().nullable(),
  route: z.string().nullable(),
  containers: z.number().int(),
  lines: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
  dispatchedAt: isoDateTime.nullable(),
  dispatchedBy: z.string().nullable(),
  cancelledAt: isoDateTime.nullable(),
  cancelledBy: z.string().nullable(),
});
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

export const deliveryLineSchema = z.object({
  lineNumber: z.number().int(),
  item: z.string(),
  itemName: z.string(),
  batch: z.string().nullable(),
  expirationDate: z.string().nullable(),
  serial: z.string().nullable(),
  quantity: z.number(),
  /** The sales order line delivered (null: a pick list line without one). */
  salesOrder: z.string().nullable(),
  salesOrderLine: z.number().int().nullable(),
});
export type DeliveryLine = z.infer<typeof deliveryLineSchema>;

export const deliveryContainerSchema = z.object({
  code: z.string(),
  sscc: z.boolean(),
  type: z.enum(shippingContainerTypes),
  status: z.enum(shippingContainerStatuses),
  boxType: z.string().nullable(),
  weightInMg: z.number().int().nullable(),
  lengthInMm: z.number().int().nullable(),
  widthInMm: z.number().int().nullable(),
  heightInMm: z.number().int().nullable(),
  /** What the container held when delivered (from the DELIVERY ledger rows). */
  contents: z.array(
    z.object({
      item: z.string(),
      itemName: z.string(),
      batch: z.string().nullable(),
      serial: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
});
export type DeliveryContainer = z.infer<typeof deliveryContainerSchema>;

/** One delivery: in the detail `containers` and `lines` are the lists (the summary's counts are their lengths). */
export const deliverySchema = deliverySummarySchema.extend({
  shipTo: z.record(z.string(), z.unknown()).nullable(),
  comment: z.string().nullable(),
  lines: z.array(deliveryLineSchema),
  containers: z.array(deliveryContainerSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryCreateAnswerSchema = z.object({
  deliveries: z.array(deliverySchema),
  /** True when the idempotency key was seen before: nothing was created. */
  replayed: z.boolean(),
});
export type DeliveryCreateAnswer = z.infer<typeof deliveryCreateAnswerSchema>;

export const deliveryQuerySchema = z.object({
  status: z.enum(deliveryStatuses).optional(),
  pickList: code.optional(),
  customer: code.optional(),
  notDispatched: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((value) => value === true || value === 'true')
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type DeliveryQuery = z.input<typeof deliveryQuerySchema>;
export type DeliveryQueryValues = z.output<typeof deliveryQuerySchema>;
export const deliveryPageSchema = z.object({ rows: z.array(deliverySummarySchema), total: z.number().int() });
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

export const deliveryCancelRequestSchema = z.object({
  version: z.number().int(),
  comment: z.string().trim().max(500).optional(),
});
export type DeliveryCancelRequest = z.input<typeof deliveryCancelRequestSchema>;
export const deliveryCancelAnswerSchema = z.object({
  delivery: deliverySchema,
  /** The new PICKED pick list holding the containers again. */
  pickList: z.string(),
});
export type DeliveryCancelAnswer = z.infer<typeof deliveryCancelAnswerSchema>;

const packers = rolesAccess('delivery');
const params = pickListCodeParamsSchema;

export const packEndpoints = defineEndpoints('pack', {
  open: {
    method: 'GET',
    path: '/api/v1/pack/open',
    access: packers,
    query: packOpenQuerySchema,
    answer: packOpenAnswerSchema,
  },
  start: {
    method: 'POST',
    path: '/api/v1/pack/start',
    access: packers,
    body: packStartRequestSchema,
    answer: packViewSchema,
  },
  view: { method: 'GET', path: '/api/v1/pack/:code', access: packers, params, answer: packViewSchema },
  verify: {
    method: 'POST',
    path: '/api/v1/pack/:code/verify',
    access: packers,
    params,
    body: packVerifyRequestSchema,
    answer: packViewSchema,
  },
  finish: {
    method: 'POST',
    path: '/api/v1/pack/:code/finish',
    access: packers,
    params,
    body: packFinishRequestSchema,
    answer: packViewSchema,
  },
  acceptDifference: {
    method: 'POST',
    path: '/api/v1/pack/:code/acceptDifference',
    access: packers,
    params,
    body: packAcceptDifferenceRequestSchema,
    answer: packViewSchema,
  },
  repack: {
    method: 'POST',
    path: '/api/v1/pack/:code/repack',
    access: packers,
    params,
    body: packRepackRequestSchema,
    answer: packViewSchema,
  },
});

export const deliveryEndpoints = defineEndpoints('deliveries', {
  packed: {
    method: 'GET',
    path: '/api/v1/delivery/packed',
    access: packers,
    query: deliveryPackedQuerySchema,
    answer: deliveryPackedAnswerSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v1/delivery/create',
    access: packers,
    body: deliveryCreateRequestSchema,
    answer: deliveryCreateAnswerSchema,
  },
  all: {
    method: 'GET',
    path: '/api/v1/delivery/all',
    access: packers,
    query: deliveryQuerySchema,
    answer: deliveryPageSchema,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/delivery/:code',
    access: packers,
    params: deliveryCodeParamsSchema,
    answer: deliverySchema,
  },
  cancel: {
    method: 'POST',
    path: '/api/v1/delivery/:code/cancel',
    access: rolesAccess('deliveryAuthCancel'),
    params: deliveryCodeParamsSchema,
    body: deliveryCancelRequestSchema,
    answer: deliveryCancelAnswerSchema,
  },
});
