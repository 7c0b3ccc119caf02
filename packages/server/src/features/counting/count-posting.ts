import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { adjustmentLines, type CountPlanLine, type StockAtLocation } from './count-plan.js';
import * as repository from './count-posting.repository.js';

/**
 * Posting a location count, the same for every counting app (wall-to-wall save, recount flush and
 * review, counting list flush; decisions 0189, 0191, 0192): the stock of the count's scope, the
 * ONE COUNT_ADJUSTMENT of its differences, and marking locations counted. The count history is
 * count-history.service.ts.
 */

export type { CountStockRow } from './count-posting.repository.js';

export const toStockAtLocation = (row: repository.CountStockRow, binLocationId: number): StockAtLocation => ({
  itemId: row.item_id,
  batchId: row.batch_id,
  serialId: row.serial_id,
  binLocationId,
  onHand: Number(row.on_hand_qty),
  released: Number(row.released_qty),
  pick: Number(row.pick_qty),
  qcPending: Number(row.qc_pending_qty),
});

/** The stock rows of a count's scope at the location (all items, or only `itemIds`), unlocked. */
export function countScopeRows(db: DbOrTx, binLocationId: number, itemIds: readonly number[] | null) {
  return repository.stockAt(db, binLocationId, itemIds, false);
}

/**
 * The stock of a count's scope to post against: the rows, locked on PostgreSQL (the difference is
 * taken against them), and the same as StockAtLocation.
 */
export async function countScopeStock(
  tx: Tx,
  ctx: AppContext,
  binLocationId: number,
  itemIds: readonly number[] | null,
): Promise<{ rows: repository.CountStockRow[]; stock: StockAtLocation[] }> {
  const rows = await repository.stockAt(tx, binLocationId, itemIds, ctx.dialect === 'postgres');
  return { rows, stock: rows.map((row) => toStockAtLocation(row, binLocationId)) };
}

/**
 * countScopeStock of whole locations, many at once (a counting list's flush): read in a few
 * statements, not one per location; every location given has an entry (empty when it holds nothing).
 */
export async function locationsStock(
  tx: Tx,
  ctx: AppContext,
  binLocationIds: readonly number[],
): Promise<Map<number, StockAtLocation[]>> {
  const stock = new Map<number, StockAtLocation[]>(binLocationIds.map((id) => [id, []]));
  for (const row of await repository.stockAtLocations(tx, binLocationIds, ctx.dialect === 'postgres')) {
    stock.get(row.bin_location_id)?.push(toStockAtLocation(row, row.bin_location_id));
  }
  return stock;
}

export interface CountAdjustment {
  binLocationId: number;
  lines: readonly CountPlanLine[];
  stock: readonly StockAtLocation[];
  /** The movement's idempotency key; one already in the ledger is 422 idempotencyKeyConflict. */
  key: string;
  /** The count lock (or counting list freeze) holder the movement passes. */
  countLockHolder: number | null;
  user: { userId: number; username: string };
  documentRef?: { type: string; code: string };
}

/** Posts the differences as ONE COUNT_ADJUSTMENT (nothing when none); answers the lines posted. */
export async function postCountAdjustment(tx: Tx, ctx: AppContext, count: CountAdjustment): Promise<number> {
  const lines = adjustmentLines(count.lines, count.stock, count.binLocationId);
  if (lines.length === 0) return 0;
  const movement = await applyStockMovement(tx, ctx, {
    type: 'COUNT_ADJUSTMENT',
    idempotencyKey: count.key,
    documentRef: count.documentRef ?? null,
    countLockHolder: count.countLockHolder,
    user: count.user,
    lines,
  });
  if (movement.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: count.key });
  return lines.length;
}

/** Marks the locations counted: requiresCounting NO, their PARTIAL item lists cleared. */
export function markLocationsCounted(tx: DbOrTx, binLocationIds: readonly number[], at: string): Promise<void> {
  return repository.markCounted(tx, binLocationIds, at);
}
