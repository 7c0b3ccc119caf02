import { fromThousandths } from '@wms/contract';
import type { DbOrTx, Tx } from '../../db/database.js';
import { AppError, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import type {
  StockDeps,
  StockKey,
  StockMovement,
  StockMovementLine,
  StockMovementResult,
  StockRowAfter,
} from './stock-movement.js';
import { checkAfterApply, checkBeforeApply } from './stock-invariants.js';
import { assertNotBeingCounted } from '../counting/count-lock.js';
import * as repository from './stock.repository.js';
import { freeToMove } from './stock-buckets.js';

export * from './stock-movement.js';

const compareKeys = (a: StockKey, b: StockKey): number =>
  a.itemId - b.itemId ||
  a.binLocationId - b.binLocationId ||
  (a.batchId ?? 0) - (b.batchId ?? 0) ||
  (a.serialId ?? 0) - (b.serialId ?? 0);

function assertLine(line: StockMovementLine): void {
  const deltas = [line.onHandDelta, line.releasedDelta ?? 0, line.pickDelta ?? 0, line.qcPendingDelta ?? 0];
  if (!deltas.every(Number.isSafeInteger)) {
    // Callers convert with toThousandths: a fraction here is a programming error.
    throw new Error(`stock movement line with a non-integer delta: ${JSON.stringify(line)}`);
  }
}

/** The lines summed per stock row, in a stable order (item, bin, batch, serial); rows that net to nothing are left out. */
function sumPerRow(lines: readonly StockMovementLine[]): repository.StockRowDelta[] {
  const perRow = new Map<string, repository.StockRowDelta>();
  for (const line of lines) {
    const key = repository.stockKeyOf(line);
    const sum = perRow.get(key) ?? {
      itemId: line.itemId,
      batchId: line.batchId,
      serialId: line.serialId,
      binLocationId: line.binLocationId,
      onHand: 0,
      released: 0,
      pick: 0,
      qcPending: 0,
    };
    sum.onHand += line.onHandDelta;
    sum.released += line.releasedDelta ?? 0;
    sum.pick += line.pickDelta ?? 0;
    sum.qcPending += line.qcPendingDelta ?? 0;
    perRow.set(key, sum);
  }
  return [...perRow.values()]
    .filter((d) => d.onHand !== 0 || d.released !== 0 || d.pick !== 0 || d.qcPending !== 0)
    .sort(compareKeys);
}

/**
 * The invariants of a stock row after a movement: no bucket negative, and the allocated, picked
 * and QC-pending stock never more than what is on hand (so free-to-move stock is never negative).
 */
function holds(row: StockRowAfter): boolean {
  return (
    row.onHandQty >= 0 &&
    row.releasedQty >= 0 &&
    row.pickQty >= 0 &&
    row.qcPendingQty >= 0 &&
    freeToMove({ onHand: row.onHandQty, released: row.releasedQty, pick: row.pickQty, qcPending: row.qcPendingQty }) >=
      0
  );
}

/**
 * The refusal of a row that would break holds(): notEnoughSerialsAvailable {itemCode, serial,
 * binCode} for a serial, else notEnoughAvailableStock {itemCode, binCode, batch, serial,
 * available, requested}. QC-pending stock that the line moves counts as available.
 */
async function notEnoughStock(tx: Tx, row: StockRowAfter, delta: repository.StockRowDelta): Promise<AppError> {
  const codes = await repository.describeStockKey(tx, row);
  const itemCode = codes?.item_code ?? String(row.itemId);
  const binCode = codes?.bin_code ?? String(row.binLocationId);
  if (row.serialId !== null) {
    return unprocessable('notEnoughSerialsAvailable', {
      itemCode,
      serial: codes?.serial_code ?? String(row.serialId),
      binCode,
    });
  }
  const before = {
    onHand: row.onHandQty - delta.onHand,
    released: row.releasedQty - delta.released,
    pick: row.pickQty - delta.pick,
    qcPending: row.qcPendingQty - delta.qcPending,
  };
  const movedQc = delta.qcPending < 0 ? before.qcPending : 0;
  return unprocessable('notEnoughAvailableStock', {
    itemCode,
    binCode,
    batch: codes?.batch_code ?? null,
    serial: null,
    available: fromThousandths(Math.max(0, freeToMove(before) + movedQc)),
    requested: fromThousandths(Math.max(0, -delta.onHand)),
  });
}

/**
 * The idempotency keys among these that a movement has posted already: a caller that prepares
 * more than the movement (creates batches, serials) for a key asks first, and skips a replay.
 */
export function postedIdempotencyKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  return repository.idempotencyKeysInLedger(db, keys);
}

/**
 * Every stock change goes through this call (DOMAIN.md), inside the caller's transaction:
 *
 * - The lines are summed per stock row (item, bin, batch, serial) and applied in a stable order
 *   by atomic `quantity = quantity + delta` upserts: rows are created when missing, concurrent
 *   movements never lose an update, and on PostgreSQL rows are locked in the same order by all.
 * - A row that would end with a negative bucket, or with more released, picked and QC-pending
 *   stock than on hand, refuses the whole movement: 422 notEnoughAvailableStock {itemCode,
 *   binCode, batch, serial, available, requested}, for a serial notEnoughSerialsAvailable
 *   {itemCode, serial, binCode}. The caller's transaction then rolls back.
 * - Rows that reach all-zero are deleted.
 * - A location of the movement under another user's unexpired count lock refuses it: 422
 *   locationIsBeingCounted {location} (one read by the lock table's key; decision 0189). Only
 *   the counting save passes countLockHolder, so its own adjustment and transfer go through.
 * - The rules of stock-policy.ts for the movement's type, checked inside the transaction
 *   (stock-invariants.ts): blocked and restricted locations, allowed items, the QC transfer
 *   rules, and liquid containers and single-item locations holding one item. On PostgreSQL the
 *   gaining locations whose other stock a rule reads are locked first (in id order), so those
 *   rules see every movement committed before.
 * - One stock_ledger row per line: transaction_type = type, the document, user, time, the signed
 *   onHand quantity and the idempotency key.
 * - A movement whose idempotency key is already in the ledger moves nothing and answers
 *   replayed; the same key used by another movement type is 422 idempotencyKeyConflict. On
 *   PostgreSQL concurrent movements with one key wait for each other (an advisory lock).
 */
export async function applyStockMovement(
  tx: Tx,
  deps: StockDeps,
  movement: StockMovement,
): Promise<StockMovementResult> {
  const key = movement.idempotencyKey ?? null;
  if (key !== null) {
    if (deps.dialect === 'postgres') await repository.lockIdempotencyKey(tx, key);
    const earlier = await repository.ledgerRowsOfIdempotencyKey(tx, key);
    if (earlier.length > 0) {
      if (earlier.some((row) => row.transaction_type !== movement.type)) {
        throw new AppError(422, 'idempotencyKeyConflict', { key });
      }
      return {
        replayed: true,
        itemIds: [...new Set(earlier.map((row) => row.item_id))].sort((a, b) => a - b),
        binLocationIds: [...new Set(earlier.map((row) => row.bin_location_id))].sort((a, b) => a - b),
        rows: [],
      };
    }
  }
  movement.lines.forEach(assertLine);
  await assertNotBeingCounted(
    tx,
    [...new Set(movement.lines.map((l) => l.binLocationId))],
    movement.countLockHolder ?? null,
  );
  const at = nowIso();

  const deltas = sumPerRow(movement.lines);
  const rules = await checkBeforeApply(tx, deps, movement, deltas);
  const rows = await repository.addToStockRows(tx, deltas, at);
  const deltaOf = new Map(deltas.map((d) => [repository.stockKeyOf(d), d]));
  for (const row of rows) {
    const delta = deltaOf.get(repository.stockKeyOf(row));
    if (delta && !holds(row)) throw await notEnoughStock(tx, row, delta);
  }
  await repository.deleteEmptyStockRows(
    tx,
    rows
      .filter((r) => r.onHandQty === 0 && r.releasedQty === 0 && r.pickQty === 0 && r.qcPendingQty === 0)
      .map((r) => r.id),
  );
  await checkAfterApply(tx, rules);

  await repository.insertLedgerRows(
    tx,
    movement.lines.map((line) => ({
      itemId: line.itemId,
      batchId: line.batchId,
      serialId: line.serialId,
      binLocationId: line.binLocationId,
      transactionType: movement.type,
      documentType: movement.documentRef?.type ?? null,
      documentCode: movement.documentRef?.code ?? null,
      at,
      userId: movement.user?.userId ?? null,
      username: movement.user?.username ?? null,
      quantity: line.onHandDelta,
      idempotencyKey: key,
    })),
  );

  return {
    replayed: false,
    itemIds: [...new Set(movement.lines.map((l) => l.itemId))].sort((a, b) => a - b),
    binLocationIds: [...new Set(movement.lines.map((l) => l.binLocationId))].sort((a, b) => a - b),
    rows: rows.map(({ id: _id, ...row }) => row),
  };
}

/** One change of the stock a document line holds allocated (integer thousandths, signed). */
export interface AllocationChange extends StockKey {
  documentLineId: number;
  /** + allocates (raises releasedQty), - releases. */
  delta: number;
}

/**
 * Allocation (DOMAIN.md "Stock buckets"): raises or lowers the released stock of rows and the
 * allocation table's (document line, stock key) rows together, inside the caller's transaction.
 * No ledger row: no goods move. The same row checks as a movement: an allocation above the free
 * stock is 422 notEnoughAvailableStock (for a serial notEnoughSerialsAvailable), and a release
 * below what the line holds is a programming error. Stock rows and allocation rows that reach
 * zero are deleted. A PICK that consumes an allocation calls this with the released part in the
 * same transaction (its stock movement lowers releasedQty itself: pass `stockAlreadyChanged`).
 * `held`: every allocation row of the released lines as the caller read it in this transaction and
 * unchanged since, so they are not read again.
 */
export async function changeAllocations(
  tx: Tx,
  changes: readonly AllocationChange[],
  options: { stockAlreadyChanged?: boolean; held?: readonly repository.HeldAllocation[] } = {},
): Promise<void> {
  const real = changes.filter((c) => c.delta !== 0);
  if (real.length === 0) return;
  real.forEach((c) => {
    if (!Number.isSafeInteger(c.delta)) throw new Error(`allocation with a non-integer delta: ${JSON.stringify(c)}`);
  });
  await repository.addToAllocations(tx, real, options.held);
  if (options.stockAlreadyChanged) return;
  const deltas = sumPerRow(real.map((c) => ({ ...c, onHandDelta: 0, releasedDelta: c.delta })));
  const rows = await repository.addToStockRows(tx, deltas, nowIso());
  const deltaOf = new Map(deltas.map((d) => [repository.stockKeyOf(d), d]));
  for (const row of rows) {
    const delta = deltaOf.get(repository.stockKeyOf(row));
    if (delta && !holds(row)) throw await notEnoughStock(tx, row, delta);
  }
  await repository.deleteEmptyStockRows(
    tx,
    rows
      .filter((r) => r.onHandQty === 0 && r.releasedQty === 0 && r.pickQty === 0 && r.qcPendingQty === 0)
      .map((r) => r.id),
  );
}
