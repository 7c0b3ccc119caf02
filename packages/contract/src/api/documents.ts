import { z } from 'zod';
import type { Role } from '../roles.js';
import { isoDateTime, okSchema } from './common.js';
import { defineEndpoints, rolesAccess, signedInAccess, urlOf } from './endpoint.js';
import { attachmentExtensions } from './file-management.js';
import { documentTypes, type DocumentType } from './items.js';
import { flushErrorSchema } from './production.js';

/**
 * The document store's shared rules (packages/server/src/features/documents): the statuses of
 * each document type, the answer of every flush, and the attachments of a document.
 *
 * Statuses: each type has its own list; the server's transition table per type
 * (document-status.ts) says which change is allowed. A change is one conditional update that
 * bumps the document's version: a stale version is 412 optimisticLockConflict, a change the table
 * does not allow 422 invalidStatusTransition {type, from, to}. Types without a list here get
 * theirs with the app that handles them.
 *
 * Attachments (photos of a delivery note, a damaged return, a pick list or a QC check):
 *
 * - POST   /api/v1/documents/{type}/{code}/attachments        upload: multipart, field `file`    the type's roles
 * - GET    /api/v1/documents/{type}/{code}/attachments        list, oldest first                 signed in
 * - GET    /api/v1/documents/{type}/{code}/attachments/{id}   the file itself (streamed)         signed in
 * - DELETE /api/v1/documents/{type}/{code}/attachments/{id}   the uploader or an admin           the type's roles
 *
 * An attachment is png, jpg, jpeg, gif, svg (stored sanitised) or pdf, by extension and by
 * content, at most attachmentMaxBytes. Writing needs one of the roles of the document type's
 * app (documentAttachmentRoles). Refusals: 404 unknownDocument {type, code}, 404
 * unknownDocumentAttachment {id}, 403 requestForbidden (not the type's role; a delete by neither
 * the uploader nor an admin), 400 invalidFileName {name}, 422 attachmentTypeNotAllowed
 * {extensions}, 422 attachmentContentMismatch {extension}, 413 attachmentTooLarge {maxMb}, 422
 * documentAttachmentLimitReached {max} (DOCUMENT_ATTACHMENTS_MAX per document), 400
 * malformedUpload. A refusal stores nothing.
 */

/**
 * PURCHASE_ORDER and PLANNED_GOODS_RECEIPT: what a goods receipt received of them; CLOSED by the ERP.
 * DRAFT: an imported planned receipt before a purchaser releases it (decision 0177); not receivable.
 */
export const receiptSourceStatuses = ['DRAFT', 'OPEN', 'PARTLY_RECEIVED', 'RECEIVED', 'CLOSED'] as const;
/** GOODS_RECEIPT: OPEN until the first progress, FINISHED when posted, DELETED when discarded unposted. */
export const goodsReceiptStatuses = ['OPEN', 'IN_PROGRESS', 'FINISHED', 'DELETED'] as const;
/** SALES_RETURN: FLUSHED is the closed state; CANCELLED only before any entry. */
export const salesReturnStatuses = ['OPEN', 'CLAIMED', 'IN_PROGRESS', 'FLUSHED', 'CANCELLED'] as const;
/** SALES_ORDER: as the ERP sends them today. */
export const salesOrderStatuses = ['OPEN', 'CLOSED'] as const;
/** PRODUCTION_ORDER: IN_PROCESS from the first issue or confirmation; CANCELLED with nothing issued. */
export const productionOrderStatuses = [
  'PLANNED',
  'RELEASED',
  'IN_PROCESS',
  'COMPLETED',
  'CLOSED',
  'CANCELLED',
] as const;

/** QC_REQUEST (PROCESSES.md 2.1): PERFORMED waits for a verifier only with a separate verify step. */
export const qcRequestStatuses = ['OPEN', 'IN_PROGRESS', 'PERFORMED', 'VERIFIED', 'CLOSED'] as const;

/**
 * PICK_LIST (PROCESSES.md 3.1): RELEASED -> PARTLY_PICKED -> PICKED -> CLOSED; CLOSED never
 * reopens. UNKNOWN only for ERP lists the app cannot map.
 */
export const pickListStatuses = ['RELEASED', 'PARTLY_PICKED', 'PICKED', 'CLOSED', 'UNKNOWN'] as const;

/**
 * STORAGE_REQUEST (PROCESSES.md 5.2): goods on a MOBILE location to put away (a cleared pick
 * list's containers, a cart marked ready): OPEN -> IN_PROGRESS -> DONE (DONE when emptied).
 */
export const storageRequestStatuses = ['OPEN', 'IN_PROGRESS', 'DONE'] as const;

/** DELIVERY (PROCESSES.md 3.7): CREATED -> DISPATCHED | CANCELLED (before dispatch). */
export const deliveryStatuses = ['CREATED', 'DISPATCHED', 'CANCELLED'] as const;

/**
 * RECOUNT_REQUEST (PROCESSES.md 4.4; decision 0191): OPEN -> CLAIMED -> COUNTED -> FLUSHED, or
 * COUNTED -> REVIEW -> FLUSHED (a manager's value); CANCELLED before it is flushed.
 */
export const recountRequestStatuses = ['OPEN', 'CLAIMED', 'COUNTED', 'REVIEW', 'FLUSHED', 'CANCELLED'] as const;

/**
 * COUNTING_LIST (PROCESSES.md 4.3; decision 0192): CREATED -> IN_PROGRESS (first start) ->
 * SECOND_COUNT (rounds 2 and 3) -> READY (every location agreed) -> FLUSHED; CANCELLED from CREATED.
 */
export const countingListDocumentStatuses = [
  'CREATED',
  'IN_PROGRESS',
  'SECOND_COUNT',
  'READY',
  'FLUSHED',
  'CANCELLED',
] as const;

/** The statuses of each document type that has its rules yet. */
export const documentStatuses = {
  PURCHASE_ORDER: receiptSourceStatuses,
  PLANNED_GOODS_RECEIPT: receiptSourceStatuses,
  GOODS_RECEIPT: goodsReceiptStatuses,
  SALES_ORDER: salesOrderStatuses,
  SALES_RETURN: salesReturnStatuses,
  PRODUCTION_ORDER: productionOrderStatuses,
  QC_REQUEST: qcRequestStatuses,
  PICK_LIST: pickListStatuses,
  STORAGE_REQUEST: storageRequestStatuses,
  DELIVERY: deliveryStatuses,
  RECOUNT_REQUEST: recountRequestStatuses,
  COUNTING_LIST: countingListDocumentStatuses,
} as const satisfies Partial<Record<DocumentType, readonly string[]>>;
export type StatusedDocumentType = keyof typeof documentStatuses;
export type DocumentStatusOf<T extends StatusedDocumentType> = (typeof documentStatuses)[T][number];
export type DocumentStatus = DocumentStatusOf<StatusedDocumentType>;
export const statusedDocumentTypes = Object.keys(documentStatuses) as StatusedDocumentType[];

export function isStatusedDocumentType(type: string): type is StatusedDocumentType {
  return Object.hasOwn(documentStatuses, type);
}

/** Whether the status is one of the type's (false for a type without statuses yet). */
export function isDocumentStatusOf(type: string, status: string): boolean {
  return isStatusedDocumentType(type) && (documentStatuses[type] as readonly string[]).includes(status);
}

/**
 * The answer of a flush (saved work made final), the same wherever the word is used: each line's
 * outcome in the order flushed, a failed line with its error key, arguments and English text.
 * `key` is operationCompletedWithErrors when some line failed (the other lines are flushed), else
 * null. `line` is the document line number, or the entry id where a flush posts entries.
 */
export const flushLineResultSchema = z.discriminatedUnion('outcome', [
  z.object({ line: z.number().int(), outcome: z.literal('FLUSHED') }),
  z.object({ line: z.number().int(), outcome: z.literal('FAILED'), error: flushErrorSchema }),
]);
export type FlushLineResult = z.infer<typeof flushLineResultSchema>;
export const flushAnswerSchema = z.object({
  key: z.literal('operationCompletedWithErrors').nullable(),
  lines: z.array(flushLineResultSchema),
});
export type FlushAnswer = z.infer<typeof flushAnswerSchema>;

/** Who may add or remove a document's attachments: the roles of the app that handles the type. */
export const documentAttachmentRoles = {
  PURCHASE_ORDER: ['goodsReceipt', 'purchasing'],
  PLANNED_GOODS_RECEIPT: ['goodsReceipt', 'purchasing'],
  GOODS_RECEIPT: ['goodsReceipt'],
  SALES_ORDER: ['sales'],
  SALES_RETURN: ['salesReturns'],
  PICK_LIST: ['picking', 'pickAndCollect', 'picklistGenerator'],
  DELIVERY: ['delivery'],
  PRODUCTION_ORDER: ['production'],
  QC_REQUEST: ['qualityControl'],
  COUNTING_LIST: ['counting'],
  RECOUNT_REQUEST: ['recounting'],
  REPLENISHMENT_TASK: ['replenishment', 'kardexReplenishment'],
  STORAGE_REQUEST: ['stockStorage', 'kardexStorage'],
} as const satisfies Record<DocumentType, readonly Role[]>;

/** Every role that writes some type's attachments: the routes' gate; the service checks the type. */
const attachmentWriterRoles = [...new Set(Object.values(documentAttachmentRoles).flat())] as Role[];

export const documentParamsSchema = z.object({
  type: z.enum(documentTypes),
  code: z.string().trim().min(1).max(100),
});
export type DocumentParams = z.infer<typeof documentParamsSchema>;
export const documentAttachmentParamsSchema = documentParamsSchema.extend({
  id: z.coerce.number().int().positive(),
});
export type DocumentAttachmentParams = z.infer<typeof documentAttachmentParamsSchema>;

/** One attachment of a document; the file is served at `url`. */
export const documentAttachmentSchema = z.object({
  id: z.number().int(),
  /** The file name as uploaded. */
  name: z.string(),
  extension: z.enum(attachmentExtensions),
  /** Bytes as stored (an svg after sanitising). */
  size: z.number().int().nonnegative(),
  /** Who uploaded it; null once that user is deleted. */
  uploadedBy: z.string().nullable(),
  at: isoDateTime,
  url: z.string(),
});
export type DocumentAttachment = z.infer<typeof documentAttachmentSchema>;
export const documentAttachmentsAnswerSchema = z.array(documentAttachmentSchema);

/** The document endpoints, listed in the notes at the top. */
export const documentEndpoints = defineEndpoints('documents', {
  uploadAttachment: {
    method: 'POST',
    path: '/api/v1/documents/:type/:code/attachments',
    access: rolesAccess(...attachmentWriterRoles),
    params: documentParamsSchema,
    upload: true,
    answer: documentAttachmentSchema,
    status: 201,
  },
  attachments: {
    method: 'GET',
    path: '/api/v1/documents/:type/:code/attachments',
    access: signedInAccess,
    params: documentParamsSchema,
    answer: documentAttachmentsAnswerSchema,
  },
  attachmentFile: {
    method: 'GET',
    path: '/api/v1/documents/:type/:code/attachments/:id',
    access: signedInAccess,
    params: documentAttachmentParamsSchema,
    answer: null,
  },
  removeAttachment: {
    method: 'DELETE',
    path: '/api/v1/documents/:type/:code/attachments/:id',
    access: rolesAccess(...attachmentWriterRoles),
    params: documentAttachmentParamsSchema,
    answer: okSchema,
  },
});

/** Where an attachment's file is served. */
export const documentAttachmentUrl = (params: DocumentAttachmentParams): string =>
  urlOf(documentEndpoints.attachmentFile, { params });
