import { fromThousandths, type FlushAnswer, type PickList, type pickListFlushRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { assertClaimant, findClaimHolders, mayManageClaimKind, releaseClaim } from '../claims/claims.service.js';
import { flushLines } from '../documents/document-flush.js';
import { changeStatus } from '../documents/document-status.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import { changeAllocations } from '../stock/stock.service.js';
import { afterPickListCommit } from './pick-list-live.js';
import * as repository from './pick-list-pick.repository.js';
import { pickListObject, toLineAllocation, type LineAllocation } from './pick-list-pick.service.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';
import {
  allocationsOfLines,
  changeReleasedQuantity,
  pickListLines,
  type PickListHead,
  type PickListLineRow,
} from './pick-lists.repository.js';

/**
 * Flush of a pick list (PROCESSES.md 3.2, decision 0183): picking is finished. Per line (each in
 * a savepoint, flushLines): the unpicked allocation released, the open rest closed short (the
 * reason given, else the line's), the sales order line's released quantity lowered by it (the
 * rest goes back to the order as backorder). Then the list is PICKED, or CLOSED when nothing was
 * picked, its claim released and PICK_LIST_FLUSHED queued for the ERP, in the same transaction.
 */

type FlushBody = z.output<typeof pickListFlushRequestSchema>;
export interface PickListFlushAnswer {
  pickList: PickList;
  flush: FlushAnswer;
}

async function flushLine(
  tx: Tx,
  line: PickListLineRow,
  allocations: readonly LineAllocation[],
  reason: string | null,
): Promise<void> {
  await changeAllocations(
    tx,
    allocations.map((a) => ({
      itemId: a.itemId,
      batchId: a.batchId,
      serialId: a.serialId,
      binLocationId: a.binLocationId,
      documentLineId: line.id,
      delta: -a.quantity,
    })),
  );
  const rest = line.open_quantity;
  if (!(await repository.addToLineProgress(tx, line.id, { picked: 0, short: rest, shortReason: reason }))) {
    throw new Error(`line ${line.line_number} changed during its flush`);
  }
  if (line.source_line_id !== null && !(await changeReleasedQuantity(tx, line.source_line_id, -rest))) {
    throw new Error(`released quantity of sales order line ${line.source_line_id} out of range`);
  }
}

function outboxPayload(head: PickListHead, lines: readonly PickListLineRow[]) {
  return {
    code: head.code,
    warehouse: head.warehouse_code,
    customer: head.partner_code,
    lines: lines.map((line) => ({
      line: line.line_number,
      item: line.item_code,
      quantity: fromThousandths(line.quantity),
      picked: fromThousandths(line.picked_qty),
      short: fromThousandths(line.short_qty),
      shortReason: line.short_reason,
    })),
  };
}

/** The claimant flushes; a manager of PICK_LIST claims may flush a list someone else holds or nobody does. */
async function assertMayFlush(tx: Tx, caller: Principal, head: PickListHead): Promise<void> {
  if (mayManageClaimKind(caller, 'PICK_LIST')) return;
  await assertClaimant(tx, pickListObject(head.id), caller.userId);
}

async function flushInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: FlushBody,
  options: { claimChecked?: boolean } = {},
): Promise<PickListFlushAnswer> {
  const head = await lockedPickList(tx, code);
  if (!['RELEASED', 'PARTLY_PICKED', 'PICKED'].includes(head.status)) {
    throw unprocessable('picklistNotInStatus', { status: head.status });
  }
  if (!options.claimChecked) await assertMayFlush(tx, caller, head);
  const reasons = new Map(body.shortReasons.map((r) => [r.lineNumber, r.reason]));
  const lines = await pickListLines(tx, head.id);
  const unexplained = lines
    .filter((l) => l.short_qty > 0 && l.short_reason === null && !reasons.has(l.line_number))
    .map((l) => l.line_number);
  if (unexplained.length > 0) throw unprocessable('shortReasonRequired', { lines: unexplained });
  const toFlush = lines.filter((l) => l.open_quantity > 0 || (l.short_reason === null && reasons.has(l.line_number)));
  // The allocations of every line to flush, read once (each line's savepoint releases its own).
  const allocations = new Map<number, LineAllocation[]>();
  const open = toFlush.filter((l) => l.open_quantity > 0).map((l) => l.id);
  for (const a of await allocationsOfLines(tx, open)) {
    allocations.set(a.document_line_id, [...(allocations.get(a.document_line_id) ?? []), toLineAllocation(a)]);
  }
  const flush = await flushLines(
    ctx,
    tx,
    toFlush,
    (l) => l.line_number,
    async (lineTx, line) => {
      const reason = reasons.get(line.line_number) ?? line.short_reason;
      if (line.open_quantity > 0) await flushLine(lineTx, line, allocations.get(line.id) ?? [], reason);
      else await repository.setShortReason(lineTx, line.id, reason);
    },
  );
  if (flush.key === null) {
    const after = await pickListLines(tx, head.id);
    const picked = after.some((l) => l.picked_qty > 0);
    const to = picked ? 'PICKED' : 'CLOSED';
    if (head.status !== to) await changeStatus(tx, { documentId: head.id, to });
    for (const holder of await findClaimHolders(tx, [pickListObject(head.id)])) {
      await releaseClaim(tx, { userId: holder.userId, objects: [pickListObject(head.id)] });
    }
    await queueForErp(tx, {
      kind: 'PICK_LIST_FLUSHED',
      documentType: 'PICK_LIST',
      documentCode: head.code,
      payload: outboxPayload(head, after),
    });
  }
  return { pickList: await loadPickListView(tx, code), flush };
}

/**
 * POST {code}/flush. 422 picklistNotInStatus {status} for a CLOSED or UNKNOWN list; 409
 * claimRequired / claimedByOtherUser unless the caller holds the claim or manages PICK_LIST
 * claims; 422 shortReasonRequired {lines} for lines short without a reason none is given for.
 */
export async function flushPickList(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: FlushBody,
): Promise<PickListFlushAnswer> {
  const answer = await ctx.db.transaction().execute((tx) => flushInTransaction(tx, ctx, caller, code, body));
  await afterPickListCommit(ctx, [answer.pickList.code]);
  return answer;
}

/**
 * The flush packing runs when a packer confirms a PARTLY_PICKED list (features/deliveries,
 * decision 0185), inside the packer's transaction: the packer holds the delivery role, not the
 * pick claim, so the claim is not checked; every line short or open without a reason gets the
 * reason given (STOCKOUT). Answers as flushPickList; the caller publishes after commit.
 */
export async function flushPickListForPacking(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  code: string,
  defaultReason: 'STOCKOUT',
): Promise<PickListFlushAnswer> {
  const head = await lockedPickList(tx, code);
  const shortReasons = (await pickListLines(tx, head.id))
    .filter((l) => l.short_reason === null && (l.short_qty > 0 || l.open_quantity > 0))
    .map((l) => ({ lineNumber: l.line_number, reason: defaultReason }));
  return flushInTransaction(tx, ctx, caller, code, { shortReasons }, { claimChecked: true });
}
