import {
  paddedCodeKey,
  fromThousandths,
  toThousandths,
  type GoodsReturn,
  type GoodsReturnProgressAnswer,
  type goodsReturnProgressRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant } from '../claims/claims.service.js';
import { changeStatus } from '../documents/document-status.js';
import { findBatchOfItem, findSerialOfItem } from '../items/item-keys.service.js';
import * as repository from './goods-returns.repository.js';
import type { LineRow, ReturnHead } from './goods-returns.repository.js';
import { afterReturnChange, assertNotFinished, findReturnOrThrow, returnObject } from './goods-returns.service.js';
import {
  availabilityFor,
  goodsReturnOf,
  lineRest,
  managedByOf,
  targetFor,
  unitBalance,
  type UnitKey,
} from './goods-returns-units.js';

/**
 * Entries of a return (docs/decisions/0174-goods-returns.md): update_progress_line saves one
 * returned unit or quantity of a line with its condition (no stock moves); an unflushed entry
 * can be undone. Only the claimant works on a return (409 claimedByOtherUser / claimRequired).
 */
export type ProgressRequest = z.output<typeof goodsReturnProgressRequestSchema>;

const progressScope = 'goodsReturns.progress';

/** The batch or serial of the entry, checked against the item (null ids for a NORMAL item). */
async function unitOf(tx: Tx, head: ReturnHead, line: LineRow, request: ProgressRequest, quantity: number) {
  const managedBy = managedByOf(line.managed_by);
  const unit: UnitKey & { code: string | null } = { itemId: line.item_id, batchId: null, serialId: null, code: null };
  const notDelivered = (code: string) =>
    unprocessable('batchSerialNotDeliveredToCustomer', {
      item: line.item_code,
      unit: code,
      batch: managedBy === 'BATCH_NUMBER' ? code : null,
      serial: managedBy === 'SERIAL_NUMBER' ? code : null,
      customer: head.partner_code,
    });
  if (managedBy === 'BATCH_NUMBER') {
    if (request.batch === null) throw unprocessable('batchRequired', { item: line.item_code });
    const batch = await findBatchOfItem(tx, line.item_id, paddedCodeKey(request.batch));
    if (!batch) throw notDelivered(request.batch);
    Object.assign(unit, { batchId: batch.id, code: batch.code });
  }
  if (managedBy === 'SERIAL_NUMBER') {
    if (request.serial === null) throw unprocessable('serialRequired', { item: line.item_code });
    if (quantity !== 1000) {
      throw badRequest('invalidInput', {
        fields: [{ field: 'body.quantity', message: 'a serial number is one unit' }],
      });
    }
    const serial = await findSerialOfItem(tx, line.item_id, paddedCodeKey(request.serial));
    if (!serial) throw notDelivered(request.serial);
    Object.assign(unit, { serialId: serial.id, code: serial.code });
  }
  return { managedBy, unit, notDelivered };
}

async function saveEntry(
  tx: Tx,
  caller: Principal,
  code: string,
  request: ProgressRequest,
): Promise<GoodsReturnProgressAnswer> {
  const head = await findReturnOrThrow(tx, code);
  assertNotFinished(head, 'IN_PROGRESS');
  await assertClaimant(tx, returnObject(head), caller.userId);
  const { condition } = request;
  if (condition === null) throw unprocessable('returnConditionRequired', { line: request.line });
  const line = (await repository.linesOf(tx, [head.id])).find((l) => l.line_number === request.line);
  if (!line) throw notFound('notFound', { line: request.line });
  if (line.open_quantity === 0)
    throw unprocessable('returnAlreadyFlushed', { code: head.code, line: line.line_number });
  const quantity = toThousandths(request.quantity);
  if (quantity <= 0) throw badRequest('invalidInput', { fields: [{ field: 'body.quantity', message: 'too small' }] });
  const { managedBy, unit, notDelivered } = await unitOf(tx, head, line, request, quantity);

  // Entries of one customer are decided one at a time, so two of them never both take the last unit.
  if (head.business_partner_id !== null) await repository.lockPartner(tx, head.business_partner_id);
  const availability = await availabilityFor(tx, head.business_partner_id, [line.item_id]);
  const balance = unitBalance(availability, managedBy, unit);
  if (unit.code !== null && balance.delivered === 0) throw notDelivered(unit.code);
  const returnable = Math.min(lineRest(line, await repository.entriesOf(tx, head.id)), balance.returnable);
  if (quantity > returnable) {
    throw unprocessable('returnQuantityExceedsDelivered', {
      item: line.item_code,
      unit: unit.code ?? '',
      batch: request.batch,
      serial: request.serial,
      returnable: fromThousandths(returnable),
    });
  }
  if (unit.serialId !== null && (await repository.serialOnHand(tx, unit.serialId)) > 0) {
    throw unprocessable('serialAlreadyExists', { serial: unit.code, item: line.item_code });
  }
  const target = await targetFor(tx, head.warehouse_id, condition, line.block_for_qc_type);
  const entryId = await repository.insertEntry(tx, {
    documentId: head.id,
    lineNumber: line.line_number,
    itemId: line.item_id,
    batchId: unit.batchId,
    serialId: unit.serialId,
    quantity,
    condition,
    reason: request.reason === '' ? null : request.reason,
    targetId: target.targetId,
    qcPending: target.qcPending,
    userId: caller.userId,
    username: caller.username,
    at: nowIso(),
  });
  if (head.status === 'CLAIMED') await changeStatus(tx, { documentId: head.id, to: 'IN_PROGRESS' });
  return { entryId, return: await goodsReturnOf(tx, await repository.findReturnById(tx, head.id)) };
}

/**
 * POST update_progress_line: one entry, once per Idempotency-Key (a replay answers the first
 * answer). The first entry makes the return IN_PROGRESS. Refusals: see the contract.
 */
export async function updateProgressLine(
  ctx: AppContext,
  caller: Principal,
  code: string,
  request: ProgressRequest,
  idempotencyKey: string,
): Promise<IdempotentResult<GoodsReturnProgressAnswer>> {
  const result = await runIdempotent(
    ctx.db,
    { scope: progressScope, key: idempotencyKey, userId: caller.userId, request: { code, ...request } },
    (tx) => saveEntry(tx, caller, code, request),
  );
  if (!result.replayed) await afterReturnChange(ctx, result.body.return);
  return result;
}

/** DELETE entries/{entryId}: undoes an unflushed entry (404 unknownReturnEntry; 422 returnAlreadyFlushed). */
export async function undoEntry(
  ctx: AppContext,
  caller: Principal,
  code: string,
  entryId: number,
): Promise<GoodsReturn> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await findReturnOrThrow(tx, code);
    assertNotFinished(head, 'IN_PROGRESS');
    await assertClaimant(tx, returnObject(head), caller.userId);
    const entry = (await repository.entriesOf(tx, head.id)).find((e) => e.id === entryId);
    if (!entry) throw notFound('unknownReturnEntry', { id: entryId });
    if (entry.flushed_at !== null || !(await repository.deleteUnflushedEntry(tx, head.id, entryId))) {
      throw unprocessable('returnAlreadyFlushed', { code: head.code, entryId });
    }
    return goodsReturnOf(tx, head);
  });
  await afterReturnChange(ctx, answer);
  return answer;
}
