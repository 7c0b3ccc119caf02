import { randomUUID } from 'node:crypto';
import {
  fromThousandths,
  toThousandths,
  type BatchCorrectionAnswer,
  type batchCorrectionRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { AppError, notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso, today } from '../../util/time.js';
import { admissionKey, admitBatches } from '../items/batch-serial-admission.service.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { findItemRowByScan } from '../items/items.service.js';
import { insertPickEntries } from '../pick-lists/pick-list-delivery.service.js';
import { bucketsOf, freeToMove } from '../stock/stock-buckets.js';
import { applyStockMovement, changeAllocations, type AllocationChange } from '../stock/stock.service.js';
import * as repository from './batch-correction.repository.js';

/**
 * POST stock_corrections/batch_correction (PROCESSES.md 4.5; decision 0190): stock recorded on
 * the wrong batch A is moved to the correct batch B at the same location, as ONE
 * BATCH_CORRECTION movement of the stock service in one transaction (two ledger rows, both with
 * the correction's code as their document), plus a row in the batch_correction log.
 *
 * - B is created when unknown: expiry toBatchExpiry (required when the item scans expiry dates),
 *   the QC flag of A. A known B keeps its expiry (another one given: batchExistsWithOtherExpiry).
 * - QC: A and B must have the same QC status (the batch's flag, or QC-pending stock on the row):
 *   cannotMixQcStatusInCorrection. QC-pending stock moves as QC-pending stock.
 * - What the pick lists hold moves along only as far as the quantity needs it: the free (and
 *   QC-pending) stock of A first, then its released stock (the allocation rows follow, oldest
 *   first), then its picked stock (the pick entries follow). Released or picked stock moves only
 *   to a batch that may be picked: QC-approved and not expired (allocatedStockNeedsPickableBatch).
 * - More than A holds at the location: notEnoughAvailableStock.
 */
export type BatchCorrectionBody = z.output<typeof batchCorrectionRequestSchema>;

/** A correction's reference: time-ordered and unique across instances. */
export function newCorrectionCode(prefix: 'BC' | 'BE'): string {
  const random = randomUUID();
  return `${prefix}-${Date.now().toString(36).toUpperCase()}-${random.slice(0, 8).toUpperCase()}`;
}

/** The log columns every correction fills alike: why, who, when, and the request's key. */
export const correctionAudit = (caller: Principal, body: { reason: string; idempotencyKey: string }, at: string) => ({
  reason: body.reason,
  user_id: caller.userId,
  username: caller.username,
  at,
  idempotency_key: body.idempotencyKey,
});

const qcPendingOf = (batch: repository.BatchRow, rowQcPending: number) =>
  batch.quality_control_approved_or_not_required !== 1 || rowQcPending > 0;

const pickable = (batch: repository.BatchRow) =>
  batch.quality_control_approved_or_not_required === 1 &&
  (batch.expiration_date === null || batch.expiration_date.slice(0, 10) >= today());

/** The correct batch: found, or created with A's QC flag; with the checks of its expiry. */
async function targetBatch(
  tx: Tx,
  item: { id: number; code: string; scan_expiration_date: number },
  from: repository.BatchRow,
  body: BatchCorrectionBody,
  at: string,
): Promise<{ batch: repository.BatchRow; created: boolean }> {
  const expiry = body.toBatchExpiry ?? null;
  const known = await repository.findBatch(tx, item.id, body.toBatch);
  if (known) {
    if (known.id === from.id) throw unprocessable('sameBatchInCorrection', { batch: from.code });
    const knownExpiry = known.expiration_date?.slice(0, 10) ?? null;
    if (expiry !== null && knownExpiry !== null && expiry !== knownExpiry) {
      throw unprocessable('batchExistsWithOtherExpiry', {
        batch: known.code,
        expirationDate: expiry,
        knownExpirationDate: knownExpiry,
      });
    }
    return { batch: known, created: false };
  }
  if (item.scan_expiration_date === 1 && expiry === null)
    throw unprocessable('expirationDateRequired', { item: item.code });
  const qcFlag = from.quality_control_approved_or_not_required;
  const ids = await admitBatches(
    tx,
    [
      {
        itemId: item.id,
        code: body.toBatch,
        expirationDate: expiry,
        manufacturingDate: null,
        mnfBatchCode: null,
        qcApproved: qcFlag === 1,
      },
    ],
    at,
  );
  const id = ids.get(admissionKey(item.id, body.toBatch));
  if (id === undefined) throw new Error(`batch ${body.toBatch} not admitted`);
  const batch = { id, code: body.toBatch, expiration_date: expiry, quality_control_approved_or_not_required: qcFlag };
  return { batch, created: true };
}

/** Takes up to `amount` from the parts in order; answers what each gives. */
function takeInOrder<T extends { quantity: number }>(parts: readonly T[], amount: number): { part: T; take: number }[] {
  const taken: { part: T; take: number }[] = [];
  let left = amount;
  for (const part of parts) {
    if (left <= 0) break;
    const take = Math.min(part.quantity, left);
    if (take > 0) taken.push({ part, take });
    left -= take;
  }
  return taken;
}

async function correctInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  body: BatchCorrectionBody,
): Promise<BatchCorrectionAnswer> {
  const location = await repository.findLocation(tx, body.location);
  if (!location) throw notFound('unknownLocation', { code: body.location });
  const item = await findItemRowByScan(tx, body.item);
  if (!item) throw notFound('unknownItemForCode', { code: body.item });
  if (item.managed_by !== 'BATCH_NUMBER') throw unprocessable('batchNotAllowedForItem', { item: item.code });
  const from = await repository.findBatch(tx, item.id, body.fromBatch);
  if (!from) throw notFound('unknownBatch', { code: body.fromBatch });

  const quantity = toThousandths(body.quantity);
  const fromKey = { itemId: item.id, batchId: from.id, binLocationId: location.id };
  const fromRow = await repository.findStockRow(tx, fromKey);
  const buckets = bucketsOf(fromRow);
  if (quantity > buckets.onHand) {
    throw unprocessable('notEnoughAvailableStock', {
      itemCode: item.code,
      binCode: location.code,
      batch: from.code,
      serial: null,
      available: fromThousandths(buckets.onHand),
      requested: body.quantity,
    });
  }
  const at = nowIso();
  const { batch: to, created } = await targetBatch(tx, item, from, body, at);
  const toKey = { itemId: item.id, batchId: to.id, binLocationId: location.id };
  const toRow = created ? undefined : await repository.findStockRow(tx, toKey);
  if (qcPendingOf(from, buckets.qcPending) !== qcPendingOf(to, bucketsOf(toRow).qcPending)) {
    throw unprocessable('cannotMixQcStatusInCorrection', { fromBatch: from.code, toBatch: to.code });
  }

  // Free and QC-pending stock first, then released, then picked stock.
  const unheld = Math.max(0, freeToMove(buckets)) + buckets.qcPending;
  const released = Math.min(buckets.released, Math.max(0, quantity - unheld));
  const picked = Math.min(buckets.pick, Math.max(0, quantity - unheld - released));
  const qcPending = Math.min(buckets.qcPending, quantity);
  if ((released > 0 || picked > 0) && !pickable(to)) {
    throw unprocessable('allocatedStockNeedsPickableBatch', { batch: to.code });
  }

  const code = newCorrectionCode('BC');
  const user = { userId: caller.userId, username: caller.username };
  const result = await applyStockMovement(tx, ctx, {
    type: 'BATCH_CORRECTION',
    idempotencyKey: body.idempotencyKey,
    documentRef: { type: 'BATCH_CORRECTION', code },
    user,
    lines: [
      {
        ...fromKey,
        serialId: null,
        onHandDelta: -quantity,
        releasedDelta: -released,
        pickDelta: -picked,
        qcPendingDelta: -qcPending,
      },
      {
        ...toKey,
        serialId: null,
        onHandDelta: quantity,
        releasedDelta: released,
        pickDelta: picked,
        qcPendingDelta: qcPending,
      },
    ],
  });
  // The ledger knows the key but this request's scope did not: another kind of request used it.
  if (result.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: body.idempotencyKey });

  const allocations = takeInOrder(
    (await repository.allocationsOf(tx, fromKey)).map((a) => ({ ...a, quantity: Number(a.quantity) })),
    released,
  );
  const changes: AllocationChange[] = allocations.flatMap(({ part, take }) => [
    { ...fromKey, serialId: null, documentLineId: part.document_line_id, delta: -take },
    { ...toKey, serialId: null, documentLineId: part.document_line_id, delta: take },
  ]);
  await changeAllocations(tx, changes, { stockAlreadyChanged: true });

  const entries = takeInOrder(
    (await repository.pickedInContainer(tx, fromKey)).map((e) => ({ ...e, quantity: Number(e.quantity) })),
    picked,
  );
  // Picked stock carried over: per part -quantity on the recorded batch and +quantity on the
  // correct one (same line, source and container), so the container's entries sum per batch to its
  // picked stock again, as packing and delivery read them.
  await insertPickEntries(
    tx,
    entries.flatMap(({ part, take }) =>
      [
        { batchId: from.id, quantity: -take },
        { batchId: to.id, quantity: take },
      ].map((side) => ({
        documentLineId: part.document_line_id,
        documentId: part.document_id,
        itemId: item.id,
        serialId: null,
        binLocationId: part.from_bin_location_id,
        containerId: part.container_id,
        userId: caller.userId,
        username: caller.username,
        at,
        idempotencyKey: body.idempotencyKey,
        ...side,
      })),
    ),
  );

  await repository.insertCorrection(tx, {
    code,
    kind: 'BATCH',
    item_id: item.id,
    batch_id: from.id,
    to_batch_id: to.id,
    to_batch_created: created ? 1 : 0,
    bin_location_id: location.id,
    quantity,
    released_carried: released,
    picked_carried: picked,
    ...correctionAudit(caller, body, at),
  });
  return {
    code,
    location: location.code,
    item: item.code,
    itemName: item.name,
    fromBatch: from.code,
    toBatch: to.code,
    toBatchExpiry: to.expiration_date?.slice(0, 10) ?? null,
    toBatchCreated: created,
    quantity: fromThousandths(quantity),
    releasedCarried: fromThousandths(released),
    pickedCarried: fromThousandths(picked),
    reason: body.reason,
    at,
    username: caller.username,
    replayed: false,
  };
}

/** The correction, once per idempotency key (a replay answers the first answer with replayed: true). */
export async function correctBatch(
  ctx: AppContext,
  caller: Principal,
  body: BatchCorrectionBody,
): Promise<BatchCorrectionAnswer> {
  const result = await runIdempotent(
    ctx.db,
    {
      scope: 'stockCorrections.batchCorrection',
      key: body.idempotencyKey,
      userId: caller.userId,
      request: body,
      groupCommit: ctx.groupCommit,
    },
    (tx) => correctInTransaction(tx, ctx, caller, body),
  );
  if (result.replayed) return { ...result.body, replayed: true };
  publishItemsChanged(ctx, [result.body.item]);
  publishBinLocationsChanged(ctx, [result.body.location]);
  return result.body;
}
