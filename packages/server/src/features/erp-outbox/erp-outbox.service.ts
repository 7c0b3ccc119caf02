import {
  erpOutboxStatuses,
  type DocumentType,
  type ErpOutboxEntry,
  type ErpOutboxKind,
  type ErpOutboxListAnswer,
  type ErpOutboxStatus,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { ErpOutboxRow } from '../../db/schema.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import * as repository from './erp-outbox.repository.js';

/** What a posting tells the ERP: one message per posted document. */
export interface ErpOutboxInput {
  kind: ErpOutboxKind;
  documentType: DocumentType;
  documentCode: string;
  /** A JSON object: what the ERP needs of the posting (lines, quantities, batches, ...). */
  payload: Record<string, unknown>;
}

/**
 * Queues a message for the ERP in the posting's own transaction: it is written when the posting
 * commits and not at all when it rolls back. A second call for the same kind and document (a
 * replayed posting) writes nothing and keeps the first payload. Answers whether this call queued it.
 */
export async function queueForErp(tx: Tx, input: ErpOutboxInput): Promise<{ queued: boolean }> {
  const id = await repository.insertOutboxRow(tx, {
    kind: input.kind,
    documentType: input.documentType,
    documentCode: input.documentCode,
    payload: JSON.stringify(input.payload),
    at: nowIso(),
  });
  return { queued: id !== undefined };
}

export function toErpOutboxEntry(row: ErpOutboxRow): ErpOutboxEntry {
  return {
    id: row.id,
    kind: row.kind as ErpOutboxKind,
    documentType: row.document_type as DocumentType,
    documentCode: row.document_code,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    status: row.status as ErpOutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    lastError: row.last_error,
    createdAt: row.created_at,
    doneAt: row.done_at,
  };
}

/** The outbox for admins: the rows of one status (default: all but DONE), newest first, and the counts. */
export async function listErpOutbox(
  ctx: AppContext,
  query: { status?: ErpOutboxStatus; limit: number },
): Promise<ErpOutboxListAnswer> {
  const [rows, counts] = await Promise.all([
    repository.listOutboxRows(ctx.db, query.status, query.limit),
    repository.countOutboxRowsByStatus(ctx.db),
  ]);
  const countOf = (status: ErpOutboxStatus) => counts.get(status) ?? 0;
  return {
    rows: rows.map(toErpOutboxEntry),
    counts: Object.fromEntries(erpOutboxStatuses.map((status) => [status, countOf(status)])) as Record<
      ErpOutboxStatus,
      number
    >,
  };
}

/** An admin sends a DEAD row again: PENDING, due now, attempts from 0 (422 outboxEntryNotDead otherwise). */
export async function retryErpOutboxEntry(ctx: AppContext, id: number): Promise<ErpOutboxEntry> {
  const retried = await repository.retryDeadRow(ctx.db, id, nowIso());
  const row = await repository.findOutboxRow(ctx.db, id);
  if (!row) throw notFound('unknownOutboxEntry', { id });
  if (!retried) throw unprocessable('outboxEntryNotDead', { id, status: row.status });
  return toErpOutboxEntry(row);
}
