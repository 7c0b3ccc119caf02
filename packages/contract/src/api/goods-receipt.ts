import { z } from 'zod';
import { approvingManagerSchema, managerApprovalSchema } from './auth.js';
import { isoDateTime } from './common.js';
import { goodsReceiptStatuses, receiptSourceStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { labelPrinterSchema } from './item-actions.js';
import { managedBySchema } from './items.js';
import { printAnswerSchema } from './printers.js';

/**
 * Goods receipt (PROCESSES.md 1.1; docs/decisions/0172-goods-receipt.md). Every route needs
 * `goodsReceipt`. A receipt is a GOODS_RECEIPT document made from one source: a PURCHASE_ORDER or
 * a PLANNED_GOODS_RECEIPT. Its lines are the source's lines (same line numbers); entries saved on
 * it are progress, no stock moves until finish.
 *
 * - GET  expected?search: receivable source documents, the ones due today (or overdue) first.
 * - GET  find?scan: the source documents a scan matches (document code, item code or barcode on
 *   an open line, a planned batch code); one match opens, several give a choice.
 * - POST open {sourceType, sourceCode}: creates the receipt, or resumes the one open on the
 *   source (at most one open receipt per source).
 * - GET  {receipt}: the receipt with its lines and entries.
 * - POST {receipt}/line/{n}/progress (Idempotency-Key): one entry. A serial item sends its
 *   serials (quantity = their count). Refusals 422: itemNotOnOrder, batchRequired,
 *   expirationDateRequired, manufacturingDateRequired, manufacturingBatchRequired,
 *   manufacturingSerialRequired, serialRequired, serialAlreadyExists, batchAlreadyExpired,
 *   batchExistsWithOtherExpiry (confirm by rescan: confirmations.batchExpiry), the over-receipt
 *   keys (confirmations.quantity, managerApproval), qcStockNeedsQcLocation, unknownLocation,
 *   locationNotInWarehouse, noReceiptLocation, stockMovementsBlocked, receiptAlreadyFinished.
 * - DELETE {receipt}/line/{n}/progress/{entryId}: undoes an entry (404 unknownReceiptEntry).
 * - POST {receipt}/resync: re-reads the source; 422 sourceChangedBelowProgress.
 * - POST {receipt}/finish (Idempotency-Key): posts everything in one transaction.
 * - POST {receipt}/delete: discards an unposted receipt.
 * - GET  finished_receipts?from&to, plannedGoodsReceipt/{code}, batchLots?item.
 * - POST {receipt}/labels {printer, perUnit, large}: item labels of the received entries (item, batch,
 *   serial and the receipt code on each): one per entry, or one per unit (a serial is one unit).
 */
const code = z.string().trim().min(1).max(100);
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'a calendar date');
const quantity = z.number().finite().positive().max(1e12);

export const receiptSourceTypes = ['PURCHASE_ORDER', 'PLANNED_GOODS_RECEIPT'] as const;
export type ReceiptSourceType = (typeof receiptSourceTypes)[number];

export const receivableDocumentSchema = z.object({
  type: z.enum(receiptSourceTypes),
  code: z.string(),
  status: z.enum(receiptSourceStatuses),
  supplier: z.string().nullable(),
  supplierName: z.string().nullable(),
  warehouse: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Sum of the lines' open quantities (mixed units: a rough size of the delivery). */
  openQuantity: z.number(),
  lineCount: z.number().int(),
  /** The receipt open on it, if any. */
  openReceipt: z.string().nullable(),
});
export type ReceivableDocument = z.infer<typeof receivableDocumentSchema>;

export const expectedReceiptsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});
export const expectedReceiptsAnswerSchema = z.object({ documents: z.array(receivableDocumentSchema) });
export type ExpectedReceiptsAnswer = z.infer<typeof expectedReceiptsAnswerSchema>;

export const findReceivableQuerySchema = z.object({ scan: z.string().trim().min(1).max(200) });
export const findReceivableAnswerSchema = z.object({
  /** How the scan matched: the document code, an item on an open line, or a planned batch. */
  matchedBy: z.enum(['DOCUMENT', 'ITEM', 'BATCH']).nullable(),
  documents: z.array(receivableDocumentSchema),
});
export type FindReceivableAnswer = z.infer<typeof findReceivableAnswerSchema>;

export const openReceiptRequestSchema = z.object({
  sourceType: z.enum(receiptSourceTypes),
  sourceCode: code,
});
export type OpenReceiptRequest = z.input<typeof openReceiptRequestSchema>;

export const receiptParamsSchema = z.object({ receipt: code });
export const receiptLineParamsSchema = z.object({
  receipt: code,
  line: z.coerce.number().int().min(0).max(1_000_000),
});
export const receiptEntryParamsSchema = receiptLineParamsSchema.extend({
  entryId: z.coerce.number().int().positive(),
});

/** What the item asks at receipt (its receiptScanPreferences and management type). */
export const receiptItemRulesSchema = z.object({
  managedBy: managedBySchema,
  scanExpirationDate: z.boolean(),
  scanManufacturingDate: z.boolean(),
  scanManufacturingBatch: z.boolean(),
  scanManufacturingSerial: z.boolean(),
  /** Receipts of this item are QC-pending (its blockForQcType covers purchase receipts). */
  blockedForQc: z.boolean(),
});
export type ReceiptItemRules = z.infer<typeof receiptItemRulesSchema>;

export const receiptLineSchema = z.object({
  line: z.number().int(),
  item: z.string(),
  itemName: z.string(),
  units: z.string().nullable(),
  barcodes: z.array(z.object({ barcode: z.string(), quantity: z.number() })),
  rules: receiptItemRulesSchema,
  ordered: z.number(),
  /** Received over earlier (finished) receipts. */
  receivedBefore: z.number(),
  /** Saved on this receipt, not yet posted. */
  progress: z.number(),
  /** ordered - receivedBefore - progress, never below 0. */
  open: z.number(),
  /** From a planned goods receipt: the batch and dates the supplier announced. */
  plannedBatch: z.string().nullable(),
  plannedExpirationDate: z.string().nullable(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptEntrySchema = z.object({
  id: z.number().int(),
  line: z.number().int(),
  item: z.string(),
  quantity: z.number(),
  batch: z.string().nullable(),
  expirationDate: z.string().nullable(),
  manufacturingDate: z.string().nullable(),
  manufacturingBatch: z.string().nullable(),
  serial: z.string().nullable(),
  manufacturingSerial: z.string().nullable(),
  targetLocation: z.string(),
  qcPending: z.boolean(),
  username: z.string(),
  at: isoDateTime,
  /** Above the open quantity by this much (an allowed over-receipt). */
  overReceipt: z.number(),
  approvedBy: z.string().nullable(),
});
export type ReceiptEntry = z.infer<typeof receiptEntrySchema>;

export const goodsReceiptSchema = z.object({
  code: z.string(),
  status: z.enum(goodsReceiptStatuses),
  version: z.number().int(),
  source: z.object({
    type: z.enum(receiptSourceTypes),
    code: z.string(),
    status: z.enum(receiptSourceStatuses),
    supplier: z.string().nullable(),
    supplierName: z.string().nullable(),
  }),
  warehouse: z.string(),
  /** The target an entry gets when none is scanned (the warehouse's receipt staging location). */
  defaultTargetLocation: z.string().nullable(),
  lines: z.array(receiptLineSchema),
  entries: z.array(receiptEntrySchema),
  createdBy: z.string(),
  createdAt: isoDateTime,
});
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

export const openReceiptAnswerSchema = z.object({
  receipt: goodsReceiptSchema,
  /** True when an open receipt of the source was resumed. */
  resumed: z.boolean(),
});
export type OpenReceiptAnswer = z.infer<typeof openReceiptAnswerSchema>;

/** The rescans an entry was confirmed with: the same code scanned twice. */
export const receiptConfirmationsSchema = z
  .object({
    /** The quantity was confirmed (over-receipt within tolerance, quantityLooksWrong). */
    quantity: z.boolean().default(false),
    /** A known batch is received with its known expiry, not the scanned one. */
    batchExpiry: z.boolean().default(false),
  })
  .default({ quantity: false, batchExpiry: false });

export const receiptProgressRequestSchema = z
  .object({
    /** Units of the item; a serial item may leave it out (the serials count). */
    quantity: quantity.optional(),
    batch: code.nullable().default(null),
    expirationDate: isoDate.nullable().default(null),
    manufacturingDate: isoDate.nullable().default(null),
    manufacturingBatch: code.nullable().default(null),
    /** One per unit of a serial item, at most 1,000 per entry. */
    serials: z.array(code).max(1000).default([]),
    manufacturingSerials: z.array(code.nullable()).max(1000).default([]),
    /** Where the goods are put; default the receipt staging location. A MOBILE cart is fine. */
    targetLocation: code.nullable().default(null),
    confirmations: receiptConfirmationsSchema,
    managerApproval: managerApprovalSchema.optional(),
  })
  .refine((body) => body.quantity !== undefined || body.serials.length > 0, {
    message: 'quantity or serials',
    path: ['quantity'],
  });
export type ReceiptProgressRequest = z.input<typeof receiptProgressRequestSchema>;

/**
 * What one entry changed: the receipt's status and version, the line as it is now, the new entries
 * (one per serial). Other devices on the receipt get DOCUMENT_CHANGED and read it again.
 */
export const receiptProgressAnswerSchema = z.object({
  code: z.string(),
  status: z.enum(goodsReceiptStatuses),
  version: z.number().int(),
  line: receiptLineSchema,
  entries: z.array(receiptEntrySchema),
  approvedBy: approvingManagerSchema.nullable(),
});
export type ReceiptProgressAnswer = z.infer<typeof receiptProgressAnswerSchema>;

export const receiptFinishAnswerSchema = z.object({
  receipt: z.string(),
  source: z.string(),
  sourceStatus: z.enum(receiptSourceStatuses),
  /** What was posted, one row per entry. */
  received: z.array(
    z.object({
      line: z.number().int(),
      item: z.string(),
      quantity: z.number(),
      batch: z.string().nullable(),
      serial: z.string().nullable(),
      location: z.string(),
      qcPending: z.boolean(),
    }),
  ),
  /** Lines left open on the source (the backorder). */
  openLines: z.array(z.object({ line: z.number().int(), item: z.string(), open: z.number() })),
  qcRequests: z.array(z.string()),
  finishedAt: isoDateTime,
});
export type ReceiptFinishAnswer = z.infer<typeof receiptFinishAnswerSchema>;

export const finishedReceiptsQuerySchema = z.object({
  from: isoDate,
  to: isoDate,
});
export const finishedReceiptSchema = z.object({
  receipt: z.string(),
  sourceType: z.enum(receiptSourceTypes),
  source: z.string(),
  supplier: z.string().nullable(),
  supplierName: z.string().nullable(),
  warehouse: z.string(),
  finishedAt: isoDateTime,
  finishedBy: z.string(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      item: z.string(),
      itemName: z.string(),
      quantity: z.number(),
      batch: z.string().nullable(),
      serial: z.string().nullable(),
      location: z.string(),
    }),
  ),
  attachments: z.array(z.object({ id: z.number().int(), fileName: z.string() })),
});
export const finishedReceiptsAnswerSchema = z.object({
  receipts: z.array(finishedReceiptSchema),
  /** True when more receipts finished in the period than one answer holds (narrow the dates). */
  truncated: z.boolean(),
});
export type FinishedReceiptsAnswer = z.infer<typeof finishedReceiptsAnswerSchema>;

export const plannedGoodsReceiptAnswerSchema = z.object({
  code: z.string(),
  status: z.enum(receiptSourceStatuses),
  supplier: z.string().nullable(),
  dueDate: z.string().nullable(),
  lines: z.array(
    z.object({
      line: z.number().int(),
      item: z.string(),
      quantity: z.number(),
      open: z.number(),
      batch: z.string().nullable(),
      expirationDate: z.string().nullable(),
    }),
  ),
});
export type PlannedGoodsReceiptAnswer = z.infer<typeof plannedGoodsReceiptAnswerSchema>;

export const batchLotsQuerySchema = z.object({ item: code });
export const batchLotsAnswerSchema = z.object({
  batches: z.array(
    z.object({
      batch: z.string(),
      expirationDate: z.string().nullable(),
      manufacturingDate: z.string().nullable(),
      manufacturingBatch: z.string().nullable(),
      admissionDate: z.string().nullable(),
    }),
  ),
});
export type BatchLotsAnswer = z.infer<typeof batchLotsAnswerSchema>;

export const receiptAnswerSchema = z.object({ receipt: goodsReceiptSchema });

export const receiptLabelsRequestSchema = z.object({
  printer: labelPrinterSchema,
  /** One label per unit (at most 1,000 in all) instead of one per entry. */
  perUnit: z.boolean().default(false),
  large: z.boolean().default(false),
});
export type ReceiptLabelsRequest = z.input<typeof receiptLabelsRequestSchema>;

const goodsReceipt = rolesAccess('goodsReceipt');

export const goodsReceiptEndpoints = defineEndpoints('goodsReceipt', {
  expected: {
    method: 'GET',
    path: '/api/v1/goods_receipt/expected',
    access: goodsReceipt,
    query: expectedReceiptsQuerySchema,
    answer: expectedReceiptsAnswerSchema,
  },
  find: {
    method: 'GET',
    path: '/api/v1/goods_receipt/find',
    access: goodsReceipt,
    query: findReceivableQuerySchema,
    answer: findReceivableAnswerSchema,
  },
  open: {
    method: 'POST',
    path: '/api/v1/goods_receipt/open',
    access: goodsReceipt,
    body: openReceiptRequestSchema,
    answer: openReceiptAnswerSchema,
  },
  finishedReceipts: {
    method: 'GET',
    path: '/api/v1/goods_receipt/finished_receipts',
    access: goodsReceipt,
    query: finishedReceiptsQuerySchema,
    answer: finishedReceiptsAnswerSchema,
  },
  plannedGoodsReceipt: {
    method: 'GET',
    path: '/api/v1/goods_receipt/plannedGoodsReceipt/:code',
    access: goodsReceipt,
    params: z.object({ code }),
    answer: plannedGoodsReceiptAnswerSchema,
  },
  batchLots: {
    method: 'GET',
    path: '/api/v1/goods_receipt/batchLots',
    access: goodsReceipt,
    query: batchLotsQuerySchema,
    answer: batchLotsAnswerSchema,
  },
  get: {
    method: 'GET',
    path: '/api/v1/goods_receipt/:receipt',
    access: goodsReceipt,
    params: receiptParamsSchema,
    answer: receiptAnswerSchema,
  },
  progress: {
    method: 'POST',
    path: '/api/v1/goods_receipt/:receipt/line/:line/progress',
    access: goodsReceipt,
    params: receiptLineParamsSchema,
    body: receiptProgressRequestSchema,
    answer: receiptProgressAnswerSchema,
  },
  undo: {
    method: 'DELETE',
    path: '/api/v1/goods_receipt/:receipt/line/:line/progress/:entryId',
    access: goodsReceipt,
    params: receiptEntryParamsSchema,
    answer: receiptAnswerSchema,
  },
  resync: {
    method: 'POST',
    path: '/api/v1/goods_receipt/:receipt/resync',
    access: goodsReceipt,
    params: receiptParamsSchema,
    answer: receiptAnswerSchema,
  },
  finish: {
    method: 'POST',
    path: '/api/v1/goods_receipt/:receipt/finish',
    access: goodsReceipt,
    params: receiptParamsSchema,
    answer: receiptFinishAnswerSchema,
  },
  labels: {
    method: 'POST',
    path: '/api/v1/goods_receipt/:receipt/labels',
    access: goodsReceipt,
    params: receiptParamsSchema,
    body: receiptLabelsRequestSchema,
    answer: printAnswerSchema,
  },
  delete: {
    method: 'POST',
    path: '/api/v1/goods_receipt/:receipt/delete',
    access: goodsReceipt,
    params: receiptParamsSchema,
    answer: receiptAnswerSchema,
  },
});
