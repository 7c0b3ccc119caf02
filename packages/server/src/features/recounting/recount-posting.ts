import type { CountOutcome } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { insertLocationCount } from '../counting/count-history.service.js';
import {
  adjustmentLines,
  countLines,
  type CountedUnit,
  type CountPlanLine,
  type StockAtLocation,
} from '../counting/count-plan.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { stockKeyOf, type ModelLocation, type RecountModel } from './recount-model.js';
import * as repository from './recounting.repository.js';

/**
 * What a recount means for stock (decision 0191), per location of the request: the lines of
 * counted (the recount, or a manager's values) against onHand now, in integer thousandths, and
 * posting them as ONE COUNT_ADJUSTMENT per location with the key rc:{document}:{location}:{round}
 * (round 1 the recounter's flush, 2 the manager's review), written to the count history
 * (source RECOUNT).
 */

export const recountMovementKey = (document: string, location: string, round: number) =>
  `rc:${document}:${location}:${round}`;

export interface LocationPlan {
  location: ModelLocation;
  stock: StockAtLocation[];
  lines: CountPlanLine[];
}

/** The count lines of a location: counted against the stock of the request's items there now. */
export async function planLocation(
  tx: Tx,
  ctx: AppContext,
  location: ModelLocation,
  counted: readonly CountedUnit[],
): Promise<LocationPlan> {
  const rows = await repository.stockAt(tx, location.id, location.itemIds, ctx.dialect === 'postgres');
  const stock = rows.map((row) => ({
    itemId: row.item_id,
    batchId: row.batch_id,
    serialId: row.serial_id,
    binLocationId: location.id,
    onHand: Number(row.on_hand_qty),
    released: Number(row.released_qty),
    pick: Number(row.pick_qty),
    qcPending: Number(row.qc_pending_qty),
  }));
  return { location, stock, lines: countLines(stock, counted, new Set()) };
}

/** A line agrees when the recount equals the system (no difference) or the first count. */
export function lineAgrees(location: ModelLocation, line: CountPlanLine): boolean {
  if (line.difference === 0) return true;
  const first = location.firstCounts.get(stockKeyOf(line));
  return first !== undefined && first === line.counted;
}

export interface PostRequest {
  model: RecountModel;
  plan: LocationPlan;
  round: number;
  user: { userId: number; username: string };
  /** The recounter's own count lock lets the movement through. */
  countLockHolder: number | null;
  reason: string;
  at: string;
}

/** Posts one location: the COUNT_ADJUSTMENT (when something differs) and the count history row. */
export async function postLocation(tx: Tx, ctx: AppContext, request: PostRequest): Promise<number> {
  const { model, plan, round, user, at } = request;
  const key = recountMovementKey(model.head.code, plan.location.code, round);
  const adjustment = adjustmentLines(plan.lines, plan.stock, plan.location.id);
  if (adjustment.length > 0) {
    const movement = await applyStockMovement(tx, ctx, {
      type: 'COUNT_ADJUSTMENT',
      idempotencyKey: key,
      countLockHolder: request.countLockHolder,
      user,
      lines: adjustment,
    });
    if (movement.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key });
  }
  const outcome: CountOutcome = adjustment.length > 0 ? 'POSTED' : round === 1 ? 'FIRST_COUNT_WRONG' : 'NO_DIFFERENCE';
  await writeHistory(tx, request, outcome, key);
  await repository.clearCountingFlag(
    tx,
    { id: plan.location.id, requiresCounting: plan.location.requiresCounting },
    plan.location.itemIds,
    model.source === 'THRESHOLD',
    at,
  );
  return adjustment.length;
}

/** The count history row of a recounted location (source RECOUNT). */
export async function writeHistory(tx: Tx, request: PostRequest, outcome: CountOutcome, key: string): Promise<void> {
  await insertLocationCount(
    tx,
    {
      binLocationId: request.plan.location.id,
      source: 'RECOUNT',
      documentCode: request.model.head.code,
      round: request.round,
      reason: request.reason,
      outcome,
      recountDocumentCode: null,
      empty: false,
      userId: request.user.userId,
      username: request.user.username,
      at: request.at,
      idempotencyKey: key,
    },
    request.plan.lines,
  );
}
