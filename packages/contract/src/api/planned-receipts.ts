import { z } from 'zod';
import { okSchema } from './common.js';
import { receiptSourceStatuses } from './documents.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Planned goods receipts made by the planned_goods_receipts importer (PROCESSES.md 1.1 and 7;
 * docs/decisions/0177-order-importers.md). An imported planned receipt is a PLANNED_GOODS_RECEIPT
 * document in status DRAFT: goods receipt does not see it (expected, find, open and
 * plannedGoodsReceipt only look at OPEN and PARTLY_RECEIVED sources) until a purchaser releases it.
 *
 * - GET  /api/v1/shipment/planned_goods_receipts?status   DRAFT (default) or OPEN, newest first, at most 500
 *        purchasing or plannedGoodsReceiptsDraftImporter
 * - GET  /api/v1/shipment/planned_goods_receipts/{code}   the receipt with its lines; same roles
 * - POST /api/v1/shipment/planned_goods_receipts/{code}/release {version}   DRAFT -> OPEN; purchasing
 * - POST /api/v1/shipment/planned_goods_receipts/{code}/delete {version}    removes a DRAFT; purchasing
 *
 * Refusals: 404 unknownDocument {type, code} (also for a code that is not a planned receipt),
 * 412 optimisticLockConflict (the version is stale), 422 documentIsNotDraft {code, status}.
 * A release publishes DOCUMENT_CHANGED on the goods receipt topic and refreshes its counter.
 */
const code = z.string().trim().min(1).max(100);

/**
 * Live: DOCUMENT_CHANGED {type, code, status, version} on topics.documents(plannedReceiptsLiveArea)
 * after an import made drafts, and after a release or a delete (the drafts list refreshes).
 */
export const plannedReceiptsLiveArea = 'planned_goods_receipts';

export const plannedReceiptListStatuses = ['DRAFT', 'OPEN'] as const;
export type PlannedReceiptListStatus = (typeof plannedReceiptListStatuses)[number];

/** Every status a planned receipt can have (DRAFT before release, then the receipt source's). */
export const plannedReceiptStatusSchema = z.enum(receiptSourceStatuses);

export const plannedReceiptsQuerySchema = z.object({
  status: z.enum(plannedReceiptListStatuses).default('DRAFT'),
});
export type PlannedReceiptsQuery = z.input<typeof plannedReceiptsQuerySchema>;

export const plannedReceiptSummarySchema = z.object({
  code: z.string(),
  /** The code as shown (documents may carry a friendlier visual code; else the code). */
  visualCode: z.string(),
  supplierCode: z.string().nullable(),
  supplierName: z.string().nullable(),
  warehouseCode: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: plannedReceiptStatusSchema,
  version: z.number().int(),
  lineCount: z.number().int(),
  /** Sum of the lines' quantities (mixed units: a rough size of the delivery). */
  totalQuantity: z.number(),
});
export type PlannedReceiptSummary = z.infer<typeof plannedReceiptSummarySchema>;

export const plannedReceiptsAnswerSchema = z.object({
  receipts: z.array(plannedReceiptSummarySchema),
  /** True when more than the 500 shown exist. */
  truncated: z.boolean(),
});
export type PlannedReceiptsAnswer = z.infer<typeof plannedReceiptsAnswerSchema>;

export const plannedReceiptLineSchema = z.object({
  line: z.number().int(),
  itemCode: z.string(),
  itemName: z.string(),
  quantity: z.number(),
  batch: z.string().nullable(),
  expirationDate: z.string().nullable(),
  manufacturingDate: z.string().nullable(),
  serial: z.string().nullable(),
  /** The purchase order this line announces goods of, if the file named one. */
  purchaseOrderReference: z.string().nullable(),
});
export type PlannedReceiptLine = z.infer<typeof plannedReceiptLineSchema>;

export const plannedReceiptDetailSchema = plannedReceiptSummarySchema.extend({
  /** The purchase order every line refers to, when they all name the same one; else null. */
  purchaseOrderReference: z.string().nullable(),
  lines: z.array(plannedReceiptLineSchema),
});
export type PlannedReceiptDetail = z.infer<typeof plannedReceiptDetailSchema>;

export const plannedReceiptParamsSchema = z.object({ code });
export const plannedReceiptVersionRequestSchema = z.object({ version: z.number().int().min(0) });
export type PlannedReceiptVersionRequest = z.input<typeof plannedReceiptVersionRequestSchema>;

export const plannedReceiptReleaseAnswerSchema = z.object({
  code: z.string(),
  status: plannedReceiptStatusSchema,
  version: z.number().int(),
});
export type PlannedReceiptReleaseAnswer = z.infer<typeof plannedReceiptReleaseAnswerSchema>;

const readers = rolesAccess('purchasing', 'plannedGoodsReceiptsDraftImporter');
const purchasing = rolesAccess('purchasing');

export const plannedReceiptEndpoints = defineEndpoints('plannedReceipts', {
  list: {
    method: 'GET',
    path: '/api/v1/shipment/planned_goods_receipts',
    access: readers,
    query: plannedReceiptsQuerySchema,
    answer: plannedReceiptsAnswerSchema,
  },
  get: {
    method: 'GET',
    path: '/api/v1/shipment/planned_goods_receipts/:code',
    access: readers,
    params: plannedReceiptParamsSchema,
    answer: plannedReceiptDetailSchema,
  },
  release: {
    method: 'POST',
    path: '/api/v1/shipment/planned_goods_receipts/:code/release',
    access: purchasing,
    params: plannedReceiptParamsSchema,
    body: plannedReceiptVersionRequestSchema,
    answer: plannedReceiptReleaseAnswerSchema,
  },
  delete: {
    method: 'POST',
    path: '/api/v1/shipment/planned_goods_receipts/:code/delete',
    access: purchasing,
    params: plannedReceiptParamsSchema,
    body: plannedReceiptVersionRequestSchema,
    answer: okSchema,
  },
});
