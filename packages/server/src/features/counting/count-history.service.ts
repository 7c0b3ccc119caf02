import {
  fromThousandths,
  type CountHistoryAnswer,
  type CountOutcome,
  type CountReason,
  type CountSource,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { isBlindFor } from './blind-counting.js';
import { historyPage } from './count-history.repository.js';

/**
 * GET counting/history (issue 20 part 6; decision 0189): every saved count line of a location
 * and/or an item, newest first, paged (at most 500 a page). Blind counting: in
 * WALL_TO_WALL_BATCHING_MODE a caller who is not admin gets no onHand and no difference.
 */
export async function countHistory(
  ctx: AppContext,
  caller: Principal,
  query: { location?: string | undefined; item?: string | undefined; offset: number; limit: number },
): Promise<CountHistoryAnswer> {
  const blind = await isBlindFor(ctx, caller);
  const rows = await historyPage(
    ctx.db,
    { location: query.location ?? null, item: query.item ?? null },
    query.offset,
    query.limit + 1,
  );
  return {
    rows: rows.slice(0, query.limit).map((row) => ({
      at: row.at,
      location: row.location,
      item: row.item,
      batch: row.batch,
      serial: row.serial,
      counted: fromThousandths(row.counted),
      onHand: blind ? null : fromThousandths(row.on_hand),
      difference: blind ? null : fromThousandths(row.difference),
      posted: row.outcome === 'POSTED' && Number(row.difference) !== 0,
      outcome: row.outcome as CountOutcome,
      reason: row.reason as CountReason,
      source: row.source as CountSource,
      document: row.document_code,
      username: row.username,
    })),
    offset: query.offset,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

/** Writes a saved location count to the history (for the counting apps of other features: counting lists, recounting). */
export {
  insertLocationCount,
  insertLocationCounts,
  type NewLocationCount,
  type NewLocationCountEntry,
  type NewLocationCountLine,
} from './count-history.repository.js';
