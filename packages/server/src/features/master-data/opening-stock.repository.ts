import type { DbOrTx } from '../../db/database.js';
import { eachChunk } from './master-data-rules.js';

/** What the opening stock import reads of the stock already there. */

/** The distinct items in stock per location, for these locations. */
export async function itemsAtLocations(db: DbOrTx, locationIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  for await (const part of eachChunk([...new Set(locationIds)])) {
    const rows = await db
      .selectFrom('stock')
      .select(['bin_location_id', 'item_id'])
      .distinct()
      .where('bin_location_id', 'in', part)
      .execute();
    for (const row of rows) out.set(row.bin_location_id, (out.get(row.bin_location_id) ?? new Set()).add(row.item_id));
  }
  return out;
}
