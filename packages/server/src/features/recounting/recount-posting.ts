import type { CountOutcome } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { insertLocationCount } from '../counting/count-history.service.js';
import { countLines, type CountedUnit, type CountPlanLine, type StockAtLocation } from '../counting/count-plan.js';
import { countScopeStock, markLocationsCounted, postCountAdjustment } from '../counting/count-posting.js';
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
  const { stock } = await countScopeStock(tx, ctx, location.id, location.itemIds);
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
  const adjusted = await postCountAdjustment(tx, ctx, {
    binLocationId: plan.location.id,
    lines: plan.lines,
    stock: plan.stock,
    key,
    countLockHolder: request.countLockHolder,
    user,
  });
  const outcome: CountOutcome = adjusted > 0 ? 'POSTED' : round === 1 ? 'FIRST_COUNT_WRONG' : 'NO_DIFFERENCE';
  await writeHistory(tx, request, outcome, key);
  await clearCountingFlag(tx, plan.location, model.source === 'THRESHOLD', at);
  return adjusted;
}

/** After a recount: requiresCounting NO for a whole-location count, else the recounted items leave the PARTIAL list. */
async function clearCountingFlag(tx: Tx, location: ModelLocation, wholeLocation: boolean, at: string): Promise<void> {
  if (location.requiresCounting === 'NO') return;
  if (location.requiresCounting === 'PARTIAL' && location.itemIds.length > 0) {
    if (await repository.removeItemsToCount(tx, location.id, location.itemIds)) return;
  } else if (!wholeLocation) {
    return;
  }
  await markLocationsCounted(tx, [location.id], at);
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
