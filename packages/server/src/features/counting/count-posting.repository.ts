import { sql } from 'kysely';
import { runCompiled, sendCompiled, type Slot } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import { chunked } from '../../util/chunks.js';

/** The SQL every count posting shares (wall-to-wall, recounting, counting lists; decision 0189). */

const chunk = 400;

const stockRows = (db: DbOrTx) =>
  db
    .selectFrom('stock as s')
    .leftJoin('serial as se', 'se.id', 's.serial_id')
    .select([
      's.id',
      's.bin_location_id',
      's.item_id',
      's.batch_id',
      's.serial_id',
      's.on_hand_qty',
      's.released_qty',
      's.pick_qty',
      's.qc_pending_qty',
      'se.code as serial_code',
    ]);

/**
 * The stock rows at the location (all items, or only `itemIds`), with the serial's code; locked
 * when `lock` (PostgreSQL: the difference is taken against them).
 */
export async function stockAt(db: DbOrTx, binLocationId: number, itemIds: readonly number[] | null, lock: boolean) {
  if (itemIds === null) {
    // A whole location (every wall-to-wall count of one): compiled once.
    const { rows } = await runCompiled(
      db,
      `countPosting.stockAt.${lock ? 'locked' : 'read'}`,
      (slot) => {
        const query = stockRows(db).where('s.bin_location_id', '=', slot(0));
        return (lock ? query.forUpdate('s') : query).orderBy('s.id');
      },
      [binLocationId],
    );
    return rows;
  }
  if (itemIds.length === 0) return [];
  const query = stockRows(db).where('s.bin_location_id', '=', binLocationId).where('s.item_id', 'in', itemIds);
  return (lock ? query.forUpdate('s') : query).orderBy('s.id').execute();
}

/**
 * Every stock row at these locations (a counting list's flush), a few hundred locations a read,
 * by location and id; locked when `lock`.
 */
export async function stockAtLocations(db: DbOrTx, binLocationIds: readonly number[], lock: boolean) {
  const rows: CountStockRow[] = [];
  for (const part of chunked(binLocationIds, chunk)) {
    const query = stockRows(db).where('s.bin_location_id', 'in', part);
    for (const row of await (lock ? query.forUpdate('s') : query)
      .orderBy('s.bin_location_id')
      .orderBy('s.id')
      .execute())
      rows.push(row);
  }
  return rows;
}

export type CountStockRow = Awaited<ReturnType<ReturnType<typeof stockRows>['execute']>>[number];

/** Marks the locations counted: requiresCounting NO, their PARTIAL lists cleared, the versions bumped. */
export async function markCounted(db: DbOrTx, ids: readonly number[], at: string): Promise<void> {
  for (const part of chunked(ids, chunk)) {
    // Compiled once per number of locations (a count save marks one).
    const slots = (slot: Slot, first: number) => part.map((_, i) => slot(first + i));
    await sendCompiled(
      db,
      `countPosting.markCounted:${part.length}`,
      (slot) =>
        db
          .updateTable('bin_location')
          .set({ requires_counting: 'NO', version: sql<number>`version + 1`, updated_at: slot(0) })
          .where('id', 'in', slots(slot, 1)),
      [at, ...part],
    );
    await sendCompiled(
      db,
      `countPosting.clearCountItems:${part.length}`,
      (slot) => db.deleteFrom('bin_location_count_item').where('bin_location_id', 'in', slots(slot, 0)),
      part,
    );
  }
}
