import type { BatchExpiryAnswer, batchExpiryRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { publishItemsChanged } from '../items/item-live.js';
import { findItemRowByScan } from '../items/items.service.js';
import { correctionAudit, newCorrectionCode } from './batch-correction.service.js';
import * as repository from './batch-correction.repository.js';

/**
 * POST stock_corrections/batch_expiry (PROCESSES.md 4.5 "an expiry-only fix"; decision 0190):
 * the batch's expiry date changes, and the batch_correction log keeps the old and the new value
 * with the reason and who did it. No stock moves, so no ledger row. Pick lists that hold the
 * batch and find it expired now see their lines broken (decision 0183) and re-allocate.
 * Refusals: 404 unknownItemForCode, unknownBatch; 422 batchNotAllowedForItem,
 * expirationDateRequired (clearing the date of an item that scans it), batchExpiryUnchanged.
 */
export type BatchExpiryBody = z.output<typeof batchExpiryRequestSchema>;

async function fixInTransaction(tx: Tx, caller: Principal, body: BatchExpiryBody): Promise<BatchExpiryAnswer> {
  const item = await findItemRowByScan(tx, body.item);
  if (!item) throw notFound('unknownItemForCode', { code: body.item });
  if (item.managed_by !== 'BATCH_NUMBER') throw unprocessable('batchNotAllowedForItem', { item: item.code });
  const batch = await repository.findBatch(tx, item.id, body.batch);
  if (!batch) throw notFound('unknownBatch', { code: body.batch });
  if (body.expiry === null && item.scan_expiration_date === 1) {
    throw unprocessable('expirationDateRequired', { item: item.code });
  }
  const oldExpiry = batch.expiration_date?.slice(0, 10) ?? null;
  if (oldExpiry === body.expiry) throw unprocessable('batchExpiryUnchanged', { batch: batch.code });
  const at = nowIso();
  const code = newCorrectionCode('BE');
  await repository.setBatchExpiry(tx, batch.id, body.expiry);
  await repository.insertCorrection(tx, {
    code,
    kind: 'EXPIRY',
    item_id: item.id,
    batch_id: batch.id,
    old_expiry: oldExpiry,
    new_expiry: body.expiry,
    ...correctionAudit(caller, body, at),
  });
  return {
    code,
    item: item.code,
    batch: batch.code,
    oldExpiry,
    newExpiry: body.expiry,
    reason: body.reason,
    at,
    username: caller.username,
    replayed: false,
  };
}

/** The expiry fix, once per idempotency key (a replay answers the first answer with replayed: true). */
export async function fixBatchExpiry(
  ctx: AppContext,
  caller: Principal,
  body: BatchExpiryBody,
): Promise<BatchExpiryAnswer> {
  const result = await runIdempotent(
    ctx.db,
    { scope: 'stockCorrections.batchExpiry', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => fixInTransaction(tx, caller, body),
  );
  if (result.replayed) return { ...result.body, replayed: true };
  publishItemsChanged(ctx, [result.body.item]);
  return result.body;
}
