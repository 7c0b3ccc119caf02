import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/group-commit.js';

/**
 * The count history's item index, written apart from the saves (decision 0197, migration 0040).
 * A save appends its count to location_count_unindexed; every indexIntervalMs the indexer takes
 * the oldest counts (at most countsPerRun), puts their lines into location_count_line_item sorted
 * by item, and deletes them from location_count_unindexed, in one transaction. Sorted, the
 * entries of a batch land on each leaf page once, where a per-line index wrote one page per line
 * of every count. The item history reads the counts not indexed yet from their lines, so nothing
 * waits for the indexer to be seen. On PostgreSQL the counts are taken with SKIP LOCKED, so
 * several app instances index side by side without taking the same count twice.
 */
export const indexIntervalMs = 250;
/**
 * Counts per run: at 50 lines a count, about 15 ms of the server's thread; 2,000 counts a second,
 * twice what a stocktake's 32 counters save.
 */
export const countsPerRun = 500;

/** Indexes the oldest counts not indexed yet (at most `maxCounts`); answers how many. */
export async function indexCountHistory(ctx: AppContext, maxCounts = countsPerRun): Promise<number> {
  // Read first, outside any write: an idle server opens no transaction.
  const waiting = await ctx.db.selectFrom('location_count_unindexed').select('location_count_id').limit(1).execute();
  if (waiting.length === 0) return 0;
  return writeTransaction(ctx, async (tx) => {
    let query = tx
      .selectFrom('location_count_unindexed')
      .select('location_count_id')
      .orderBy('location_count_id')
      .limit(maxCounts);
    if (ctx.dialect === 'postgres') query = query.forUpdate().skipLocked();
    const counts = (await query.execute()).map((r) => r.location_count_id);
    if (counts.length === 0) return 0;
    await tx
      .insertInto('location_count_line_item')
      .columns(['item_id', 'line_id'])
      .expression(
        tx
          .selectFrom('location_count_line')
          .select(['item_id', 'id'])
          .where('location_count_id', 'in', counts)
          .orderBy('item_id')
          .orderBy('id'),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx.deleteFrom('location_count_unindexed').where('location_count_id', 'in', counts).execute();
    return counts.length;
  });
}

/**
 * Runs the indexer every indexIntervalMs until stopped (one run at a time; a failed run is
 * warned and tried again at the next tick). stop() waits for a run under way.
 */
export function startCountHistoryIndexer(
  ctx: AppContext,
  warn: (error: unknown) => void,
  intervalMs = indexIntervalMs,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = indexCountHistory(ctx)
      .catch(warn)
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
