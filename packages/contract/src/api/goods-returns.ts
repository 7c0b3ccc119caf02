import { z } from 'zod';
import { isoDateTime } from './common.js';
import { flushAnswerSchema, salesReturnStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { managedBySchema } from './items.js';
import { printAnswerSchema } from './printers.js';

/**
 * Customer returns (SALES_RETURN; PROCESSES.md 1.3; docs/decisions/0174-goods-returns.md). Every
 * route needs `salesReturns`.
 *
 * - GET  /api/v1/sales/returns/open: the unfinished returns (OPEN, CLAIMED, IN_PROGRESS), oldest first.
 * - GET  /api/v1/sales/returns/{code}: one return with its lines, entries and allowed units.
 * - POST /api/v1/sales/returns/create {salesOrder}: a return from a delivered sales order (the
 *   warehouse's allowCreateReturn); an unfinished return of that order is answered instead.
 * - POST /api/v1/sales/returns/{code}/claim: claims it; the answer carries per line the batches and
 *   serials delivered to the customer (allowedBatchesSerials).
 * - POST /api/v1/sales/returns/{code}/update_progress_line {line, quantity, batch?, serial?,
 *   condition, reason?}: saves one entry (no stock moves). Idempotency-Key header required.
 * - DELETE /api/v1/sales/returns/{code}/entries/{entryId}: undoes an unflushed entry.
 * - POST /api/v1/sales/returns/{code}/print {printer}: the return's labels, one per entry.
 * - GET  /api/v1/sales/returns/{code}/receipt: the same as a PDF (no printer set up).
 * - POST /api/v1/sales/returns/{code}/flush: posts the entries (RETURN_RECEIPT, SCRAP), line by
 *   line; Idempotency-Key header required; answers per line (flushAnswerSchema).
 * - POST /api/v1/sales/returns/{code}/cancel: before any entry only.
 * - Attachments (photos as claim evidence): /api/v1/documents/SALES_RETURN/{code}/attachments.
 *
 * Refusals: 404 unknownDocument {type, code}; 409 claimedByOtherUser {username} / claimRequired;
 * 422 batchSerialNotDeliveredToCustomer {item, unit, batch, serial, customer},
 * returnQuantityExceedsDelivered {item, unit, batch, serial, returnable}, returnConditionRequired,
 * returnAlreadyFlushed {code}, returnTargetLocationMissing {condition, warehouse},
 * createReturnNotAllowed {warehouse}, salesOrderNotDelivered {salesOrder}, unknownReturnEntry {id},
 * batchRequired {item}, serialRequired {item}, serialAlreadyExists {serial, item},
 * invalidStatusTransition {type, from, to}; the stock service's refusals per line of a flush.
 */
const code = z.string().trim().min(1).max(100);

/** What the operator says about a returned unit; each has its target (see the decision record). */
export const returnConditions = ['RESELLABLE', 'DAMAGED', 'TO_INSPECT', 'SCRAP'] as const;
export type ReturnCondition = (typeof returnConditions)[number];

export const goodsReturnCodeParamsSchema = z.object({ code });
export type GoodsReturnCodeParams = z.input<typeof goodsReturnCodeParamsSchema>;
export const goodsReturnEntryParamsSchema = z.object({ code, entryId: z.coerce.number().int().positive() });
export type GoodsReturnEntryParams = z.input<typeof goodsReturnEntryParamsSchema>;

export const goodsReturnPartnerSchema = z.object({ code: z.string(), name: z.string() });

/** The units of a line's item delivered to the customer and not yet returned (on any return). */
export const allowedBatchesSerialsSchema = z.object({
  batches: z.array(z.object({ batch: z.string(), returnableQuantity: z.number() })),
  serials: z.array(z.object({ serial: z.string(), returnable: z.boolean() })),
});
export type AllowedBatchesSerials = z.infer<typeof allowedBatchesSerialsSchema>;

export const goodsReturnLineSchema = z.object({
  line: z.number().int(),
  item: z.string(),
  itemName: z.string(),
  managedBy: managedBySchema,
  /** What the customer announced. */
  quantity: z.number(),
  /** Saved on this return (flushed or not). */
  returnedQuantity: z.number(),
  /** 0 once the line is flushed (closed). */
  openQuantity: z.number(),
  flushed: z.boolean(),
  /** The most another entry may hold: the line's rest, and what was delivered and not yet returned. */
  returnableQuantity: z.number(),
  allowedBatchesSerials: allowedBatchesSerialsSchema,
});
export type GoodsReturnLine = z.infer<typeof goodsReturnLineSchema>;

export const goodsReturnEntrySchema = z.object({
  id: z.number().int(),
  line: z.number().int(),
  item: z.string(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  quantity: z.number(),
  condition: z.enum(returnConditions),
  reason: z.string().nullable(),
  /** Where the unit goes at flush (for SCRAP: where it is received before it is scrapped). */
  target: z.string(),
  qcPending: z.boolean(),
  username: z.string(),
  at: isoDateTime,
  flushed: z.boolean(),
});
export type GoodsReturnEntry = z.infer<typeof goodsReturnEntrySchema>;

export const goodsReturnSchema = z.object({
  code: z.string(),
  status: z.enum(salesReturnStatuses),
  version: z.number().int(),
  warehouse: z.string().nullable(),
  partner: goodsReturnPartnerSchema.nullable(),
  /** Who holds the claim (null: nobody). */
  claimedBy: z.string().nullable(),
  lines: z.array(goodsReturnLineSchema),
  entries: z.array(goodsReturnEntrySchema),
});
export type GoodsReturn = z.infer<typeof goodsReturnSchema>;

export const goodsReturnSummarySchema = z.object({
  code: z.string(),
  status: z.enum(salesReturnStatuses),
  version: z.number().int(),
  partner: goodsReturnPartnerSchema.nullable(),
  claimedBy: z.string().nullable(),
  createdAt: isoDateTime,
  lines: z.array(z.object({ line: z.number().int(), item: z.string(), itemName: z.string(), quantity: z.number() })),
});
export type GoodsReturnSummary = z.infer<typeof goodsReturnSummarySchema>;
export const goodsReturnListAnswerSchema = z.array(goodsReturnSummarySchema);

export const goodsReturnCreateRequestSchema = z.object({ salesOrder: code });
export type GoodsReturnCreateRequest = z.input<typeof goodsReturnCreateRequestSchema>;

export const goodsReturnProgressRequestSchema = z.object({
  line: z.number().int().min(0),
  quantity: z.number().finite().positive().max(1e9),
  batch: code.nullable().default(null),
  serial: code.nullable().default(null),
  /** Required (422 returnConditionRequired); optional in the schema so the refusal has its key. */
  condition: z.enum(returnConditions).nullable().default(null),
  /** The customer's claim reason. */
  reason: z.string().trim().max(500).nullable().default(null),
});
export type GoodsReturnProgressRequest = z.input<typeof goodsReturnProgressRequestSchema>;
export const goodsReturnProgressAnswerSchema = z.object({ entryId: z.number().int(), return: goodsReturnSchema });
export type GoodsReturnProgressAnswer = z.infer<typeof goodsReturnProgressAnswerSchema>;

export const goodsReturnPrintRequestSchema = z.object({ printer: z.number().int().positive() });
export type GoodsReturnPrintRequest = z.input<typeof goodsReturnPrintRequestSchema>;

const salesReturns = rolesAccess('salesReturns');

export const goodsReturnEndpoints = defineEndpoints('goodsReturns', {
  open: {
    method: 'GET',
    path: '/api/v1/sales/returns/open',
    access: salesReturns,
    answer: goodsReturnListAnswerSchema,
  },
  detail: {
    method: 'GET',
    path: '/api/v1/sales/returns/:code',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    answer: goodsReturnSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v1/sales/returns/create',
    access: salesReturns,
    body: goodsReturnCreateRequestSchema,
    answer: goodsReturnSchema,
  },
  claim: {
    method: 'POST',
    path: '/api/v1/sales/returns/:code/claim',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    answer: goodsReturnSchema,
  },
  updateProgressLine: {
    method: 'POST',
    path: '/api/v1/sales/returns/:code/update_progress_line',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    body: goodsReturnProgressRequestSchema,
    answer: goodsReturnProgressAnswerSchema,
  },
  undoEntry: {
    method: 'DELETE',
    path: '/api/v1/sales/returns/:code/entries/:entryId',
    access: salesReturns,
    params: goodsReturnEntryParamsSchema,
    answer: goodsReturnSchema,
  },
  print: {
    method: 'POST',
    path: '/api/v1/sales/returns/:code/print',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    body: goodsReturnPrintRequestSchema,
    answer: printAnswerSchema,
  },
  receipt: {
    method: 'GET',
    path: '/api/v1/sales/returns/:code/receipt',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    answer: null,
  },
  flush: {
    method: 'POST',
    path: '/api/v1/sales/returns/:code/flush',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    answer: flushAnswerSchema,
  },
  cancel: {
    method: 'POST',
    path: '/api/v1/sales/returns/:code/cancel',
    access: salesReturns,
    params: goodsReturnCodeParamsSchema,
    answer: goodsReturnSchema,
  },
});
