import { z } from 'zod';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { managedBySchema } from './items.js';

/**
 * Finished goods receipt (PROCESSES.md 1.4; docs/decisions/0175-finished-goods-receipt.md): the
 * output of a production order that was reported outside this app (completedQty, from the ERP or
 * a line terminal) is received into stock. Every route needs `goodsReceipt`.
 *
 * - GET  /api/v1/production/finished_goods_receipt/{order}: the order by its work order code or
 *   its production order's code (case-insensitive): item, management type, reported, received,
 *   receivable and maximum quantity, warehouse and the default target location.
 * - GET  /api/v1/production/finished_goods_receipt?item=CODE: the orders with something to
 *   receive for an item (a pallet label names the item, not the order), oldest first.
 * - POST /api/v1/production/finished_goods_receipt/{order}/receive {quantity, batch?,
 *   expirationDate?, manufacturingDate?, serials?, targetLocation, confirmations?, printer?}:
 *   one PRODUCTION_RECEIPT through the stock service. Idempotency-Key header required; a retry
 *   with the same key answers the first answer and moves nothing.
 *
 * Refusals: 404 unknownProductionOrder {code}, unknownLocation {code}; 422
 * moreThanProducedQuantity {max, reported, received, quantity} (above reported + tolerance, the
 * tolerance counting over every receipt of the order), batchRequired {item},
 * expirationDateRequired {item}, manufacturingDateRequired {item}, serialRequired {item},
 * serialAlreadyExists {serial, item}, batchAlreadyExpired {batch, expirationDate},
 * batchExistsWithOtherExpiry {batch, knownExpirationDate, expirationDate} (send
 * confirmations.batchExpiry after the rescan: the known expiry stays), qcStockNeedsQcLocation
 * {item, location}, locationNotInWarehouse {location, warehouse}, and every rule of the stock
 * service (stockMovementsBlocked, stockMovementRestricted, itemIsNotAllowed, the single-item rules).
 */
const code = z.string().trim().min(1).max(100);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a calendar date');

export const finishedGoodsOrderParamsSchema = z.object({ order: code });
export type FinishedGoodsOrderParams = z.input<typeof finishedGoodsOrderParamsSchema>;

export const finishedGoodsOrdersQuerySchema = z.object({ item: code });
export type FinishedGoodsOrdersQuery = z.input<typeof finishedGoodsOrdersQuerySchema>;

/** What the produced item asks at receipt. */
export const finishedGoodsItemSchema = z.object({
  code: z.string(),
  visualCode: z.string(),
  name: z.string(),
  units: z.string().nullable(),
  managedBy: managedBySchema,
  /** A serial item whose serials are recorded only at dispatch: received by quantity. */
  serialManagedByDispatch: z.boolean(),
  scanExpirationDate: z.boolean(),
  scanManufacturingDate: z.boolean(),
});
export type FinishedGoodsItem = z.infer<typeof finishedGoodsItemSchema>;

/** A production order's output as the finished goods receipt sees it (quantities exact to three decimals). */
export const finishedGoodsOrderSchema = z.object({
  /** The work order's code (what a receipt names). */
  order: z.string(),
  visualCode: z.string(),
  /** The production order document's code, or null for a work order without one. */
  productionOrder: z.string().nullable(),
  status: z.string(),
  item: finishedGoodsItemSchema,
  warehouse: z.string().nullable(),
  plannedQuantity: z.number(),
  /** What production reported (the work order's completedQty). */
  reportedQuantity: z.number(),
  receivedQuantity: z.number(),
  /** reported - received, never below 0: the quantity a receipt proposes. */
  receivableQuantity: z.number(),
  /** The most one receipt may still take: reported + tolerance - received, never below 0. */
  maximumQuantity: z.number(),
  /** A receipt of this item is QC-pending (its blockForQcType covers production receipts). */
  blockedForQc: z.boolean(),
  /** The proposed target: a QC location for QC-pending output, else the receipt staging location, else a production location. */
  defaultTargetLocation: z.string().nullable(),
});
export type FinishedGoodsOrder = z.infer<typeof finishedGoodsOrderSchema>;

export const finishedGoodsOrdersAnswerSchema = z.object({ orders: z.array(finishedGoodsOrderSchema) });
export type FinishedGoodsOrdersAnswer = z.infer<typeof finishedGoodsOrdersAnswerSchema>;

export const finishedGoodsReceiveRequestSchema = z.object({
  quantity: z.number().finite().positive().max(1e12),
  batch: code.nullable().default(null),
  expirationDate: isoDate.nullable().default(null),
  manufacturingDate: isoDate.nullable().default(null),
  /** A serial item: one serial per unit (quantity = their count). */
  serials: z.array(code).max(1000).default([]),
  targetLocation: code,
  confirmations: z
    .object({
      /** A known batch with another expiry was scanned again: receive it with its known expiry. */
      batchExpiry: z.boolean().default(false),
    })
    .default({ batchExpiry: false }),
  /** The device's label printer (a server printer id); null or absent: no label is printed. */
  printer: z.number().int().nullable().default(null),
});
export type FinishedGoodsReceiveRequest = z.input<typeof finishedGoodsReceiveRequestSchema>;

/** Why no label printed: no printer chosen, a replayed request (it printed the first time), or the printer failed. */
export const finishedGoodsLabelSkips = ['noPrinter', 'replayed', 'failed'] as const;

export const finishedGoodsLabelSchema = z.object({
  printed: z.number().int().nonnegative(),
  printer: z.string().nullable(),
  skipped: z.enum(finishedGoodsLabelSkips).nullable(),
  /** The printer's refusal when skipped is 'failed'. */
  error: z.object({ key: z.string(), args: z.record(z.string(), z.unknown()) }).nullable(),
});
export type FinishedGoodsLabel = z.infer<typeof finishedGoodsLabelSchema>;

export const finishedGoodsReceiveAnswerSchema = z.object({
  /** This receipt's id (the ERP message names it). */
  receiptId: z.string(),
  order: z.string(),
  productionOrder: z.string().nullable(),
  item: z.string(),
  batch: z.string().nullable(),
  serials: z.array(z.string()),
  quantity: z.number(),
  targetLocation: z.string(),
  qcPending: z.boolean(),
  /** The QC_REQUEST documents made for QC-pending output. */
  qcRequests: z.array(z.string()),
  /** The order after this receipt. */
  receivedQuantity: z.number(),
  receivableQuantity: z.number(),
  label: finishedGoodsLabelSchema,
});
export type FinishedGoodsReceiveAnswer = z.infer<typeof finishedGoodsReceiveAnswerSchema>;

const goodsReceipt = rolesAccess('goodsReceipt');

export const finishedGoodsReceiptEndpoints = defineEndpoints('finishedGoodsReceipt', {
  orders: {
    method: 'GET',
    path: '/api/v1/production/finished_goods_receipt',
    access: goodsReceipt,
    query: finishedGoodsOrdersQuerySchema,
    answer: finishedGoodsOrdersAnswerSchema,
  },
  order: {
    method: 'GET',
    path: '/api/v1/production/finished_goods_receipt/:order',
    access: goodsReceipt,
    params: finishedGoodsOrderParamsSchema,
    answer: finishedGoodsOrderSchema,
  },
  receive: {
    method: 'POST',
    path: '/api/v1/production/finished_goods_receipt/:order/receive',
    access: goodsReceipt,
    params: finishedGoodsOrderParamsSchema,
    body: finishedGoodsReceiveRequestSchema,
    answer: finishedGoodsReceiveAnswerSchema,
  },
});
