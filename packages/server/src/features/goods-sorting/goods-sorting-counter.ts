import type { CounterPath } from '@wms/contract';
import type { AppContext } from '../../context.js';
import {
  receiptStagingLocationIds,
  recountStagingRows,
  stagingLocationTypes,
  stagingRowsTotal,
} from './goods-sorting.repository.js';

/**
 * The /goods_sorting counter (PROCESSES.md 1.2 and 0.6): the stock rows with something on hand in
 * staging locations (work types RECEIVE and MOBILE, and every warehouse's receipt staging
 * location). It is derived, not counted up and down, so retries and concurrent moves cannot make
 * it drift: each staging location's rows are counted (staging_location_rows, migration 0039,
 * decision 0195) and the counter is their sum. Every staging location is counted when the app is
 * ready, after a goods receipt is finished and every fullRecountMs; the locations of a committed
 * goods sorting move or stock transfer that touched a staging location are counted after it.
 */
export const goodsSortingCounterPath: CounterPath = '/goods_sorting';

/**
 * Every staging location is counted again this often: a stock change at a staging location that
 * no move counted (a customer return, a count adjustment, an opening stock import) shows by then.
 */
export const fullRecountMs = 5 * 60_000;

/** The receipt staging locations read by the last count, per app (see touchesStaging). */
const knownReceiptStaging = new WeakMap<AppContext, ReadonlySet<number>>();

/**
 * Counts the stock rows of staging locations again (those of `locationIds`, or all) and sets the
 * shared counter to their sum (pushed to every connected client); answers the sum.
 */
export async function syncGoodsSortingCounter(ctx: AppContext, locationIds?: readonly number[]): Promise<number> {
  const [count, stagingIds] = await ctx.db.transaction().execute(async (tx) => {
    await recountStagingRows(tx, locationIds);
    return [await stagingRowsTotal(tx), await receiptStagingLocationIds(tx)] as const;
  });
  knownReceiptStaging.set(ctx, new Set(stagingIds));
  await ctx.live.setCounter(goodsSortingCounterPath, null, count);
  return count;
}

/**
 * Whether one of these locations is a staging location, so a stock movement there changes the
 * counter. The receipt staging locations are those read by the last count; before the first
 * count every location counts (the answer errs towards counting again).
 */
export function touchesStaging(ctx: AppContext, locations: readonly { id: number; location_type: string }[]): boolean {
  const receiptStaging = knownReceiptStaging.get(ctx);
  if (!receiptStaging) return true;
  const types: readonly string[] = stagingLocationTypes;
  return locations.some((location) => types.includes(location.location_type) || receiptStaging.has(location.id));
}

/** A count waiting behind another starts this long after it: a busy server folds more moves into one count. */
const gapMs = 50;

/** The locations to count after the count in flight ('all': every staging location), per app. */
const running = new WeakMap<AppContext, { next: Set<number> | 'all' | null }>();

/**
 * Counts again after a commit without making the caller wait (a stock transfer's hot path): the
 * locations a move touched (`locationIds`; every staging location when not given) are counted in
 * the background, and calls that arrive while one runs are folded into one more count gapMs after it.
 * A failure is a warning only: the movement is committed, and the next count corrects the counter.
 */
export function refreshGoodsSortingCounter(ctx: AppContext, locationIds?: readonly number[]): void {
  const current = running.get(ctx);
  if (current) {
    if (!locationIds || current.next === 'all') {
      current.next = 'all';
    } else {
      current.next ??= new Set();
      for (const id of locationIds) current.next.add(id);
    }
    return;
  }
  const state: { next: Set<number> | 'all' | null } = { next: null };
  running.set(ctx, state);
  const run = (ids: readonly number[] | undefined): void => {
    void syncGoodsSortingCounter(ctx, ids)
      .catch((error: unknown) => process.emitWarning(`/goods_sorting counter not updated: ${String(error)}`))
      .finally(() => {
        const next = state.next;
        state.next = null;
        if (next === null) running.delete(ctx);
        else setTimeout(() => run(next === 'all' ? undefined : [...next]), gapMs).unref();
      });
  };
  run(locationIds);
}
