import type { DbOrTx } from '../../db/database.js';
import { eachChunk } from './master-data-rules.js';

/** The default item locations the default_item_locations importer reads and writes (default_item_location of 0003). */

export interface DefaultRow {
  item_id: number;
  warehouse_id: number;
  bin_location_id: number | null;
  enforced: number;
  /** Thousandths. */
  min_stock: number | null;
  max_stock: number | null;
}

export async function defaultsOfItems(db: DbOrTx, itemIds: readonly number[]): Promise<DefaultRow[]> {
  const rows: DefaultRow[] = [];
  for await (const part of eachChunk([...new Set(itemIds)])) {
    const found = await db
      .selectFrom('default_item_location')
      .select(['item_id', 'warehouse_id', 'bin_location_id', 'enforced', 'min_stock', 'max_stock'])
      .where('item_id', 'in', part)
      .execute();
    for (const row of found) {
      rows.push({
        ...row,
        min_stock: row.min_stock === null ? null : Number(row.min_stock),
        max_stock: row.max_stock === null ? null : Number(row.max_stock),
      });
    }
  }
  return rows;
}

/** Writes each row whole (the importer merged the file's cells over the stored row): insert or update with a new version. */
export async function upsertDefaults(db: DbOrTx, rows: readonly DefaultRow[]): Promise<void> {
  for await (const part of eachChunk(rows, 400)) {
    await db
      .insertInto('default_item_location')
      .values(part.map((row) => ({ ...row, version: 1 })))
      .onConflict((oc) =>
        oc.columns(['item_id', 'warehouse_id']).doUpdateSet((eb) => ({
          bin_location_id: eb.ref('excluded.bin_location_id'),
          enforced: eb.ref('excluded.enforced'),
          min_stock: eb.ref('excluded.min_stock'),
          max_stock: eb.ref('excluded.max_stock'),
          version: eb('default_item_location.version', '+', 1),
        })),
      )
      .execute();
  }
}
