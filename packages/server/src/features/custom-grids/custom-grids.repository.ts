import type { DbOrTx } from '../../db/database.js';
import type { NewCustomGrid } from './custom-grid-config.js';
import { ledgerColumns, ledgerWithKeys, stockBucketColumns, stockWithKeys } from '../stock/stock-queries.js';

/** Custom grid configurations, and the SQL of the built-in grid sources that no other feature answers. */

export function listGrids(db: DbOrTx, objectType: string) {
  return db
    .selectFrom('custom_grid')
    .select(['position', 'title', 'source', 'columns'])
    .where('object_type', '=', objectType)
    .orderBy('position')
    .execute();
}
export type CustomGridRow = Awaited<ReturnType<typeof listGrids>>[number];

export function findGrid(db: DbOrTx, objectType: string, position: number): Promise<CustomGridRow | undefined> {
  return db
    .selectFrom('custom_grid')
    .select(['position', 'title', 'source', 'columns'])
    .where('object_type', '=', objectType)
    .where('position', '=', position)
    .executeTakeFirst();
}

export async function insertGrids(db: DbOrTx, grids: readonly NewCustomGrid[]): Promise<void> {
  if (grids.length > 0) await db.insertInto('custom_grid').values(grids).execute();
}

/** Stock of the batches with the key, per location (source batches.stockByLocation). */
export function stockOfBatches(db: DbOrTx, codeKey: string) {
  return stockWithKeys(db)
    .select([
      'i.code as item_code',
      'ba.code as batch_code',
      'ba.expiration_date',
      'b.code as bin_code',
      'w.code as warehouse_code',
      ...stockBucketColumns,
    ])
    .where('ba.code_key', '=', codeKey)
    .orderBy('i.code_lower')
    .orderBy('w.code_lower')
    .orderBy('b.code_lower')
    .execute();
}

/** Stock of serials with the key, per location. */
export function stockOfSerials(db: DbOrTx, codeKey: string) {
  return stockWithKeys(db)
    .select([
      'i.code as item_code',
      'se.code as serial_code',
      'ba.code as batch_code',
      'b.code as bin_code',
      'w.code as warehouse_code',
      ...stockBucketColumns,
    ])
    .where('se.code_key', '=', codeKey)
    .orderBy('i.code_lower')
    .orderBy('w.code_lower')
    .orderBy('b.code_lower')
    .execute();
}

/** Ledger rows of serials with the key, newest first. */
export function ledgerOfSerials(db: DbOrTx, codeKey: string, limit: number) {
  return ledgerWithKeys(db)
    .select([...ledgerColumns, 'i.code as item_code', 'se.code as serial_code', 'b.code as bin_code'])
    .where('se.code_key', '=', codeKey)
    .orderBy('g.at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(limit)
    .execute();
}
