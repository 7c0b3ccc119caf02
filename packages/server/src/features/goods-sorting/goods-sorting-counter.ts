import type { CounterPath } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { countStagingRows, receiptStagingLocationIds, stagingLocationTypes } from './goods-sorting.repository.js';

/**
 * The /goods_sorting counter (PROCESSES.md 1.2 and 0.6): the stock rows with something on hand in
 * staging locations (work types RECEIVE and MOBILE, and every warehouse's receipt staging
 * location). It is derived, not counted up and down, so retries and concurrent moves cannot make
 * it drift. Set when the app is ready, after a committed goods sorting move, after a committed
 * stock transfer that touched a staging location, and after a goods receipt is finished.
 */
export const goodsSortingCounterPath: CounterPath = '/goods_sorting';

/** The receipt staging locations read by the last count, per app (see touchesStaging). */
const knownReceiptStaging = new WeakMap<AppContext, ReadonlySet<number>>();

/** Counts the rows in staging and sets the shared counter (pushed to every connected client). */
export async function syncGoodsSortingCounter(ctx: AppContext): Promise<number> {
  const [count, stagingIds] = await Promise.all([countStagingRows(ctx.db), receiptStagingLocationIds(ctx.db)]);
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

/** A count waiting behind the one in flight, per app. */
const running = new WeakMap<AppContext, { again: boolean }>();

/**
 * Counts again after a commit without making the caller wait (a stock transfer's hot path): the
 * count runs in the background, and calls that arrive while one runs are folded into one more
 * count after it. A failure is a warning only: the movement is committed, and the next count
 * corrects the counter.
 */
export function refreshGoodsSortingCounter(ctx: AppContext): void {
  const current = running.get(ctx);
  if (current) {
    current.again = true;
    return;
  }
  const state = { again: false };
  running.set(ctx, state);
  const run = (): void => {
    state.again = false;
    void syncGoodsSortingCounter(ctx)
      .catch((error: unknown) => process.emitWarning(`/goods_sorting counter not updated: ${String(error)}`))
      .finally(() => {
        if (state.again) run();
        else running.delete(ctx);
      });
  };
  run();
}
