import {
  fromThousandths,
  receiptSourceStatuses,
  type ApprovingManager,
  type GoodsReceipt,
  type OpenReceiptAnswer,
  type ReceiptProgressAnswer,
  type Role,
  type openReceiptRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { conflict, notFound, unprocessable } from '../../http/app-error.js';
import { findStoredAnswer, runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso, today } from '../../util/time.js';
import { approvedBy, recordManagerApproval } from '../auth/manager-approval.service.js';
import { changeStatus } from '../documents/document-status.js';
import { approvalOf, plannedEntries, type ProgressRequest } from './receipt-entry-rules.js';
import { entryOf, findReceiptOrThrow, lineOf, receiptView } from './goods-receipt-view.js';
import { publishReceiptChanged, syncReceiptCounter } from './goods-receipt-live.js';
import { warehouseReceiptSettings } from './receipt-settings.service.js';
import * as repository from './goods-receipt.repository.js';
import * as entryRows from './receipt-entries.repository.js';

/**
 * Goods receipt: open or resume, progress entries, undo, resync, delete (contract
 * goods-receipt.ts; PROCESSES.md 1.1; docs/decisions/0172-goods-receipt.md). Finish is in
 * goods-receipt-finish.ts. Every write locks the receipt's document row first (and bumps its
 * version), so the writes of one receipt are serial and a finished receipt takes no entry.
 */

export type OpenRequest = z.output<typeof openReceiptRequestSchema>;

/** Who may allow an over-receipt above the tolerance (manager verification): the authorisation for it (admin holds it). */
export const overReceiptApproverRoles: readonly Role[] = ['goodsReceiptAuthOverReceipt'];

const writableStatuses = ['OPEN', 'IN_PROGRESS'];
const receivableSourceStatuses: readonly string[] = ['OPEN', 'PARTLY_RECEIVED'];

/** The receipt's row, locked and its version bumped; 422 receiptAlreadyFinished unless it takes writes. */
export async function lockWritableReceipt(tx: Tx, code: string): Promise<repository.ReceiptHeadRow> {
  const head = await findReceiptOrThrow(tx, code);
  const bumped = await repository.bumpReceipt(tx, head.id, writableStatuses, nowIso());
  if (!bumped) {
    const current = await findReceiptOrThrow(tx, code);
    throw unprocessable('receiptAlreadyFinished', { receipt: current.code, status: current.status });
  }
  return { ...head, status: bumped.status, version: bumped.version };
}

async function sourceOrThrow(tx: Tx, head: repository.ReceiptHeadRow) {
  const source = await repository.findSourceById(tx, head.source_document_id);
  if (!source || source.warehouse_id === null) {
    throw notFound('unknownDocument', { type: 'GOODS_RECEIPT', code: head.code });
  }
  return { ...source, warehouse_id: source.warehouse_id };
}

/** POST open: the source's open receipt, or a new one. A source that is not receivable is 422 documentNotReceivable. */
export async function openReceipt(
  ctx: AppContext,
  caller: Principal,
  request: OpenRequest,
): Promise<OpenReceiptAnswer> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const source = await repository.findSource(tx, request.sourceType, request.sourceCode);
    if (!source) throw notFound('unknownDocument', { type: request.sourceType, code: request.sourceCode });
    const open = await repository.findOpenReceiptOfSource(tx, source.id);
    if (open) return { head: open, resumed: true };
    if (!receivableSourceStatuses.includes(source.status) || source.warehouse_id === null) {
      throw unprocessable('documentNotReceivable', { document: source.code, status: source.status });
    }
    const at = nowIso();
    const number = (await repository.countReceiptsOfSource(tx, source.id)) + 1;
    const code = `GR-${source.code}-${number}`;
    const partner = await repository.partnerOfDocument(tx, source.id);
    const id = await repository.insertReceipt(tx, {
      code,
      sourceId: source.id,
      warehouseId: source.warehouse_id,
      partnerId: partner?.business_partner_id ?? null,
      by: caller.username,
      at,
    });
    const head =
      id === undefined
        ? await repository.findOpenReceiptOfSource(tx, source.id)
        : await repository.findReceipt(tx, code);
    if (!head) throw conflict('optimisticLockConflict', {});
    return { head, resumed: id === undefined };
  });
  const receipt = await receiptView(ctx.db, outcome.head);
  if (!outcome.resumed) publishReceiptChanged(ctx, receipt);
  return { receipt, resumed: outcome.resumed };
}

export async function getReceipt(ctx: AppContext, code: string): Promise<GoodsReceipt> {
  return receiptView(ctx.db, await findReceiptOrThrow(ctx.db, code));
}

async function markInProgress(tx: Tx, head: repository.ReceiptHeadRow): Promise<repository.ReceiptHeadRow> {
  if (head.status !== 'OPEN') return head;
  const written = await changeStatus(tx, { documentId: head.id, to: 'IN_PROGRESS' });
  return { ...head, status: written.status, version: written.version };
}

async function progressInTransaction(
  tx: Tx,
  caller: Principal,
  params: { receipt: string; line: number },
  request: ProgressRequest,
  approver: ApprovingManager | null,
): Promise<ReceiptProgressAnswer> {
  let head = await lockWritableReceipt(tx, params.receipt);
  const source = await sourceOrThrow(tx, head);
  const line = await repository.lockSourceLine(tx, source.id, params.line);
  if (!line) throw unprocessable('itemNotOnOrder', { item: '', document: source.code });
  const at = nowIso();
  const settings = await warehouseReceiptSettings(tx, source.warehouse_id);
  const planned = await plannedEntries(tx, {
    receipt: head,
    source,
    line,
    settings,
    request,
    user: { userId: caller.userId, username: caller.username },
    approver,
    today: today(),
    at,
  });
  const { rows } = planned;
  const ids = await entryRows.insertEntries(tx, rows);
  head = await markInProgress(tx, head);
  const approval = approvalOf(rows, approver);
  if (approval) {
    await recordManagerApproval(tx, {
      action: 'goodsReceipt.overReceipt',
      documentRef: { type: 'GOODS_RECEIPT', code: head.code },
      approver: approval,
      requestedBy: { userId: caller.userId, username: caller.username },
      details: {
        line: line.line_number,
        item: line.item_code,
        overReceipt: fromThousandths(rows[0]?.over_receipt ?? 0),
      },
    });
  }
  const added = rows.reduce((sum, row) => sum + row.quantity, 0);
  return {
    code: head.code,
    status: head.status as ReceiptProgressAnswer['status'],
    version: head.version,
    line: lineOf(line, planned.progressBefore + added),
    entries: rows.map((row, i) =>
      entryOf({ ...row, id: ids[i] ?? 0, item_code: line.item_code, target_code: planned.targetCode }),
    ),
    approvedBy: approval,
  };
}

/**
 * POST {receipt}/line/{n}/progress: one entry, once per Idempotency-Key (a replay answers the
 * first answer and saves nothing). The manager approval, when sent, is checked before the
 * transaction; its password is never part of the stored request hash.
 */
export async function saveProgress(
  ctx: AppContext,
  caller: Principal,
  params: { receipt: string; line: number },
  request: ProgressRequest,
  idempotencyKey: string,
  ip: string,
): Promise<IdempotentResult<ReceiptProgressAnswer>> {
  const { managerApproval, ...rest } = request;
  const hashed = {
    ...params,
    ...rest,
    managerApproval: managerApproval ? { username: managerApproval.username } : null,
  };
  const identity = { scope: 'goodsReceipt.progress', key: idempotencyKey, userId: caller.userId, request: hashed };
  const stored = await findStoredAnswer<ReceiptProgressAnswer>(ctx.db, identity);
  if (stored) return stored;
  const approver = managerApproval ? await approvedBy(ctx, managerApproval, overReceiptApproverRoles, ip) : null;
  const result = await runIdempotent(ctx.db, { ...identity, groupCommit: ctx.groupCommit }, (tx) =>
    progressInTransaction(tx, caller, params, request, approver),
  ).catch((error: unknown) => {
    throw serialTakenByConcurrentEntry(error, request) ?? error;
  });
  if (!result.replayed) publishReceiptChanged(ctx, result.body);
  return result;
}

/** A concurrent entry saved the same serial between the check and the insert: the unique index tells. */
function serialTakenByConcurrentEntry(error: unknown, request: ProgressRequest) {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  const message = error instanceof Error ? error.message : '';
  const unique =
    (code === '23505' && constraint === 'goods_receipt_entry_serial_idx') ||
    (code === 'SQLITE_CONSTRAINT_UNIQUE' && message.includes('goods_receipt_entry.'));
  return unique ? unprocessable('serialAlreadyExists', { item: '', serial: request.serials.join(', ') }) : undefined;
}

/** DELETE {receipt}/line/{n}/progress/{entryId}: undoes one entry (404 unknownReceiptEntry). */
export async function undoEntry(
  ctx: AppContext,
  params: { receipt: string; line: number; entryId: number },
): Promise<GoodsReceipt> {
  const receipt = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockWritableReceipt(tx, params.receipt);
    if (!(await entryRows.deleteEntry(tx, head.id, params.line, params.entryId))) {
      throw notFound('unknownReceiptEntry', { id: params.entryId });
    }
    return receiptView(tx, head);
  });
  publishReceiptChanged(ctx, receipt);
  return receipt;
}

/**
 * POST {receipt}/resync: re-reads the source. A line whose progress (less its allowed
 * over-receipt) is now above its open quantity, or that left the source, is 422
 * sourceChangedBelowProgress {document, line, open, progress}.
 */
export async function resyncReceipt(ctx: AppContext, code: string): Promise<GoodsReceipt> {
  const receipt = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockWritableReceipt(tx, code);
    const source = await sourceOrThrow(tx, head);
    if (!(receiptSourceStatuses as readonly string[]).includes(source.status) || source.status === 'CLOSED') {
      throw unprocessable('documentNotReceivable', { document: source.code, status: source.status });
    }
    const lines = new Map((await repository.sourceLines(tx, source.id)).map((l) => [l.line_number, l]));
    const perLine = new Map<number, { progress: number; over: number }>();
    for (const e of await entryRows.receiptEntries(tx, head.id)) {
      const sum = perLine.get(e.line_number) ?? { progress: 0, over: 0 };
      sum.progress += Number(e.quantity);
      sum.over += Number(e.over_receipt);
      perLine.set(e.line_number, sum);
    }
    for (const [lineNumber, sum] of perLine) {
      const open = Number(lines.get(lineNumber)?.open_quantity ?? 0);
      if (sum.progress - sum.over > open) {
        throw unprocessable('sourceChangedBelowProgress', {
          document: source.code,
          line: lineNumber,
          open: fromThousandths(open),
          progress: fromThousandths(sum.progress),
        });
      }
    }
    return receiptView(tx, head);
  });
  publishReceiptChanged(ctx, receipt);
  return receipt;
}

/** POST {receipt}/delete: discards an unposted receipt and its entries (DELETED; the source is free again). */
export async function deleteReceipt(ctx: AppContext, code: string): Promise<GoodsReceipt> {
  const receipt = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockWritableReceipt(tx, code);
    const written = await changeStatus(tx, { documentId: head.id, to: 'DELETED' });
    await repository.closeReceipt(tx, head.id, null);
    await entryRows.deleteEntries(tx, head.id);
    return receiptView(tx, { ...head, status: written.status, version: written.version, open_source_id: null });
  });
  publishReceiptChanged(ctx, receipt);
  await syncReceiptCounter(ctx);
  return receipt;
}
