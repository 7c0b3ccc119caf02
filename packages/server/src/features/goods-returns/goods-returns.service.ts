import { topics, type GoodsReturn, type GoodsReturnSummary, fromThousandths } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { conflict, notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { claimObjects, findClaimHolders, releaseClaim } from '../claims/claims.service.js';
import { changeStatus } from '../documents/document-status.js';
import * as repository from './goods-returns.repository.js';
import type { ReturnHead } from './goods-returns.repository.js';
import { goodsReturnOf } from './goods-returns-units.js';

/**
 * Customer returns (contract goods-returns.ts; PROCESSES.md 1.3; docs/decisions/0174-goods-returns.md):
 * the list, one return, a return created from a delivered sales order, claim and cancel. Entries
 * are in goods-returns-progress.ts, the flush in goods-returns-flush.ts.
 *
 * SALES_RETURN: OPEN → CLAIMED (claimed) → IN_PROGRESS (first entry) → FLUSHED; OPEN or CLAIMED →
 * CANCELLED. A CLAIMED or IN_PROGRESS return whose claim a manager removed is claimable again.
 */

export const returnObject = (head: { id: number }) => ({ type: 'SALES_RETURN' as const, id: head.id });
export const counterPath = '/goods_returns' as const;

/** The /goods_returns counter: the unfinished returns (OPEN, CLAIMED, IN_PROGRESS). */
export async function syncGoodsReturnsCounter(ctx: AppContext): Promise<number> {
  const count = await repository.countOpenReturns(ctx.db);
  await ctx.live.setCounter(counterPath, null, count);
  return count;
}

/** After a committed change of a return: the counter, and DOCUMENT_CHANGED to open lists and screens. */
export async function afterReturnChange(
  ctx: AppContext,
  head: { code: string; status: string; version: number },
): Promise<void> {
  ctx.live.publish(topics.documents('goodsReturns'), 'DOCUMENT_CHANGED', {
    type: 'SALES_RETURN',
    code: head.code,
    status: head.status,
    version: head.version,
  });
  // The change is committed: a failing counter update must not make the client retry it.
  await syncGoodsReturnsCounter(ctx).catch((error: unknown) =>
    process.emitWarning(`/goods_returns counter not updated: ${String(error)}`),
  );
}

export async function findReturnOrThrow(db: DbOrTx, code: string): Promise<ReturnHead> {
  const head = await repository.findDocumentHead(db, 'SALES_RETURN', code);
  if (!head) throw notFound('unknownDocument', { type: 'SALES_RETURN', code });
  return head;
}

/** A return that may still change: 422 returnAlreadyFlushed, or invalidStatusTransition when cancelled. */
export function assertNotFinished(head: ReturnHead, to: string): void {
  if (head.status === 'FLUSHED') throw unprocessable('returnAlreadyFlushed', { code: head.code });
  if (head.status === 'CANCELLED') {
    throw unprocessable('invalidStatusTransition', { type: 'SALES_RETURN', from: head.status, to });
  }
}

/** GET open: the unfinished returns with their customer, claimant and lines. */
export async function listOpenReturns(ctx: AppContext): Promise<GoodsReturnSummary[]> {
  const heads = await repository.openReturns(ctx.db);
  const ids = heads.map((h) => h.id);
  const [lines, holders] = await Promise.all([
    repository.linesOf(ctx.db, ids),
    findClaimHolders(
      ctx.db,
      ids.map((id) => ({ type: 'SALES_RETURN' as const, id })),
    ),
  ]);
  return heads.map((head) => ({
    code: head.code,
    status: head.status as GoodsReturnSummary['status'],
    version: head.version,
    partner: head.partner_code === null ? null : { code: head.partner_code, name: head.partner_name ?? '' },
    claimedBy: holders.find((h) => h.id === head.id)?.username ?? null,
    createdAt: head.created_at,
    lines: lines
      .filter((l) => l.document_id === head.id)
      .map((l) => ({
        line: l.line_number,
        item: l.item_code,
        itemName: l.item_name,
        quantity: fromThousandths(l.quantity),
      })),
  }));
}

export async function returnDetail(ctx: AppContext, code: string): Promise<GoodsReturn> {
  return goodsReturnOf(ctx.db, await findReturnOrThrow(ctx.db, code));
}

/**
 * POST claim: the caller claims the return (409 claimedByOtherUser {username} when another user
 * holds it; the same user again is a no-op), OPEN becomes CLAIMED. Answers the return with the
 * allowed batches and serials per line.
 */
export async function claimReturn(ctx: AppContext, caller: Principal, code: string): Promise<GoodsReturn> {
  const { answer, changed } = await ctx.db.transaction().execute(async (tx) => {
    const head = await findReturnOrThrow(tx, code);
    assertNotFinished(head, 'CLAIMED');
    await claimObjects(tx, { caller, userId: caller.userId, kind: 'SALES_RETURN', objects: [returnObject(head)] });
    const changed = head.status === 'OPEN';
    if (changed) await changeStatus(tx, { documentId: head.id, to: 'CLAIMED' });
    return { answer: await goodsReturnOf(tx, await repository.findReturnById(tx, head.id)), changed };
  });
  if (changed) await afterReturnChange(ctx, answer);
  return answer;
}

/**
 * POST cancel: only before any entry (OPEN or CLAIMED; else 422 invalidStatusTransition, or
 * returnAlreadyFlushed). A return claimed by another user is 409 claimedByOtherUser. The claim goes.
 */
export async function cancelReturn(ctx: AppContext, caller: Principal, code: string): Promise<GoodsReturn> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await findReturnOrThrow(tx, code);
    assertNotFinished(head, 'CANCELLED');
    const [holder] = await findClaimHolders(tx, [returnObject(head)]);
    if (holder && holder.userId !== caller.userId) throw conflict('claimedByOtherUser', { username: holder.username });
    await changeStatus(tx, { documentId: head.id, to: 'CANCELLED' });
    if (holder) await releaseClaim(tx, { userId: holder.userId, objects: [returnObject(head)] });
    return goodsReturnOf(tx, await repository.findReturnById(tx, head.id));
  });
  await afterReturnChange(ctx, answer);
  return answer;
}

const returnCodeOf = (orderCode: string, attempt: number) =>
  attempt === 1 ? `RT-${orderCode}` : `RT-${orderCode}-${attempt}`;

/**
 * POST create {salesOrder}: a return of what was delivered of the order, one line per item
 * (the warehouse's allowCreateReturn, else 422 createReturnNotAllowed {warehouse}). The code is
 * RT-{order}; an unfinished return with it (or RT-{order}-n) is answered instead of a new one.
 * 404 unknownDocument for an unknown order; 422 salesOrderNotDelivered {salesOrder} when
 * nothing of it was delivered.
 */
export async function createReturnFromOrder(ctx: AppContext, salesOrder: string): Promise<GoodsReturn> {
  const { answer, created } = await ctx.db.transaction().execute(async (tx) => {
    const order = await repository.findDocumentHead(tx, 'SALES_ORDER', salesOrder);
    if (!order) throw notFound('unknownDocument', { type: 'SALES_ORDER', code: salesOrder });
    const settings =
      order.warehouse_id === null ? undefined : await repository.warehouseReturnSettings(tx, order.warehouse_id);
    if (!settings || settings.allow_create_return !== 1) {
      throw unprocessable('createReturnNotAllowed', { warehouse: settings?.code ?? order.warehouse_code });
    }
    const delivered = await repository.deliveredPerItemOfOrder(tx, order.id, order.code);
    if (delivered.length === 0) throw unprocessable('salesOrderNotDelivered', { salesOrder: order.code });
    return insertOrResume(tx, order, delivered);
  });
  if (created) await afterReturnChange(ctx, answer);
  return answer;
}

async function insertOrResume(
  tx: Tx,
  order: ReturnHead,
  delivered: readonly { itemId: number; quantity: number }[],
): Promise<{ answer: GoodsReturn; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await repository.returnsWithCodePrefix(tx, returnCodeOf(order.code, 1));
    const unfinished = existing.find((r) => r.status !== 'FLUSHED' && r.status !== 'CANCELLED');
    if (unfinished)
      return { answer: await goodsReturnOf(tx, await repository.findReturnById(tx, unfinished.id)), created: false };
    const id = await repository.insertReturn(tx, {
      code: returnCodeOf(order.code, existing.length + 1),
      warehouseId: order.warehouse_id,
      partnerId: order.business_partner_id,
      at: nowIso(),
      lines: delivered.map((d) => ({ ...d, source: order.code })),
    });
    if (id !== undefined)
      return { answer: await goodsReturnOf(tx, await repository.findReturnById(tx, id)), created: true };
  }
  throw conflict('optimisticLockConflict', { salesOrder: order.code });
}
