import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { syncCountingCounter } from '../bin-locations/bin-location-edits.service.js';

/**
 * Where picking meets counting (PROCESSES.md 3.3 and 4.1).
 *
 * Being counted: a location under an unexpired count lock (features/counting/count-lock.ts,
 * decision 0189); the stock service refuses a pick's movement there, 422 locationIsBeingCounted
 * {location}, and the picker skips the line to the end.
 *
 * Flagging: a short or a "no" to the zero check flags the location requiresCounting PARTIAL for
 * the item (a location already flagged YES is counted whole anyway); after the commit the
 * /wall_to_wall counter is set again (syncCountingCounter).
 */
/** Flags the location requiresCounting PARTIAL for the item, inside the caller's transaction. */
export async function flagForCounting(tx: DbOrTx, binLocationId: number, itemId: number): Promise<void> {
  const location = await tx
    .selectFrom('bin_location')
    .select('requires_counting')
    .where('id', '=', binLocationId)
    .executeTakeFirstOrThrow();
  if (location.requires_counting === 'YES') return;
  const listed = await tx
    .selectFrom('bin_location_count_item')
    .select('item_id')
    .where('bin_location_id', '=', binLocationId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  if (location.requires_counting === 'PARTIAL' && listed) return;
  if (location.requires_counting === 'NO') {
    // A NO location keeps no item list; one left behind is not what is to count now.
    await tx.deleteFrom('bin_location_count_item').where('bin_location_id', '=', binLocationId).execute();
  }
  if (!listed || location.requires_counting === 'NO') {
    await tx
      .insertInto('bin_location_count_item')
      .values({ bin_location_id: binLocationId, item_id: itemId })
      .execute();
  }
  await tx
    .updateTable('bin_location')
    .set({ requires_counting: 'PARTIAL', version: sql<number>`version + 1`, updated_at: nowIso() })
    .where('id', '=', binLocationId)
    .execute();
}

/** After a commit that flagged locations: the /wall_to_wall counter; never throws. */
export async function afterCountingFlagged(ctx: AppContext): Promise<void> {
  await syncCountingCounter(ctx).catch((error: unknown) =>
    process.emitWarning(`/wall_to_wall counter not updated: ${String(error)}`),
  );
}
