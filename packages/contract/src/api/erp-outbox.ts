import { z } from 'zod';
import { idParamSchema, isoDateTime } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { documentTypes } from './items.js';

/**
 * The ERP outbox (docs/decisions/0167-erp-outbox.md): what a posting (a flush, a finished receipt)
 * must tell the ERP is written as one row in the posting's own transaction and sent afterwards
 * by a dispatcher, retried with backoff, and left DEAD for an admin after too many failures.
 *
 * Kinds name what happened; each process app adds the kinds it posts.
 */
export const erpOutboxKinds = [
  'GOODS_RECEIPT_POSTED',
  'PRODUCTION_RECEIPT_POSTED',
  'SALES_RETURN_FLUSHED',
  'PICK_LIST_FLUSHED',
  /** Decision 0185: a delivery created, and a created delivery cancelled. */
  'DELIVERY_CREATED',
  'DELIVERY_CANCELLED',
  /** Decision 0187: a delivery loaded in full (or marked dispatched): it left the dock. */
  'DELIVERY_DISPATCHED',
] as const;
export type ErpOutboxKind = (typeof erpOutboxKinds)[number];

/**
 * PENDING: waiting for its next attempt. SENDING: claimed by one server instance until its lease
 * ends (an instance that dies leaves it to be taken over). DONE: the ERP has it. DEAD: it failed
 * too often; an admin retries it.
 */
export const erpOutboxStatuses = ['PENDING', 'SENDING', 'DONE', 'DEAD'] as const;
export type ErpOutboxStatus = (typeof erpOutboxStatuses)[number];

export const erpOutboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(erpOutboxKinds),
  documentType: z.enum(documentTypes),
  documentCode: z.string(),
  /** What the ERP gets, as the posting wrote it. */
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(erpOutboxStatuses),
  /** Sends tried since it was queued (or last retried by an admin). */
  attempts: z.number().int(),
  nextAttemptAt: isoDateTime,
  /** The server instance that claimed it last. */
  leaseOwner: z.string().nullable(),
  leaseUntil: isoDateTime.nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  doneAt: isoDateTime.nullable(),
});
export type ErpOutboxEntry = z.infer<typeof erpOutboxEntrySchema>;

/** GET the outbox: one status, or (without) everything not DONE; newest first. */
export const erpOutboxListQuerySchema = z.object({
  status: z.enum(erpOutboxStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export type ErpOutboxListQuery = z.input<typeof erpOutboxListQuerySchema>;

export const erpOutboxListAnswerSchema = z.object({
  rows: z.array(erpOutboxEntrySchema),
  /** Rows per status in the whole outbox. */
  counts: z.object({
    PENDING: z.number().int(),
    SENDING: z.number().int(),
    DONE: z.number().int(),
    DEAD: z.number().int(),
  }),
});
export type ErpOutboxListAnswer = z.infer<typeof erpOutboxListAnswerSchema>;

/** The ERP outbox for admins: the queue and its dead letters, and a retry of a dead one. */
export const erpOutboxEndpoints = defineEndpoints('erpOutbox', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/erp_outbox',
    access: rolesAccess('admin'),
    query: erpOutboxListQuerySchema,
    answer: erpOutboxListAnswerSchema,
  },
  /** DEAD -> PENDING with the attempts reset; 422 outboxEntryNotDead for any other status. */
  retry: {
    method: 'POST',
    path: '/api/v1/admin/erp_outbox/:id/retry',
    access: rolesAccess('admin'),
    params: idParamSchema,
    answer: erpOutboxEntrySchema,
  },
});
