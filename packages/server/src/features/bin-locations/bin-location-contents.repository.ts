import type { DbOrTx } from '../../db/database.js';
import {
  batchKeyColumns,
  ledgerColumns,
  ledgerWithKeys,
  serialKeyColumns,
  stockBucketColumns,
  stockWithKeys,
} from '../stock/stock-queries.js';

/** What a bin location holds, what happened there and which items default to it. */

/** Stock rows of the location in display order: item code, then batch, then serial. */
export function stockRowsOfLocation(db: DbOrTx, locationId: number) {
  return stockWithKeys(db)
    .select([
      ...stockBucketColumns,
      'i.id as item_id',
      'i.code as item_code',
      'i.visual_code as item_visual_code',
      'i.name as item_name',
      'i.units as item_units',
      'ba.id as batch_id',
      ...batchKeyColumns,
      ...serialKeyColumns,
      'se.expiration_date as serial_expiration_date',
    ])
    .where('s.bin_location_id', '=', locationId)
    .orderBy('i.code_lower')
    .orderBy('ba.code_key')
    .orderBy('se.code_key')
    .execute();
}
export type LocationStockRow = Awaited<ReturnType<typeof stockRowsOfLocation>>[number];

/** Ledger rows of the location, newest first. */
export function ledgerOfLocation(db: DbOrTx, locationId: number, offset: number, limit: number) {
  return ledgerWithKeys(db)
    .select([...ledgerColumns, 'i.code as item_code', 'ba.code as batch_code', 'se.code as serial_code'])
    .where('g.bin_location_id', '=', locationId)
    .orderBy('g.at', 'desc')
    .orderBy('g.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Default item locations that point at this location, by item code. */
export function defaultsOfLocation(db: DbOrTx, locationId: number) {
  return db
    .selectFrom('default_item_location as d')
    .innerJoin('item as i', 'i.id', 'd.item_id')
    .select(['i.code', 'i.visual_code', 'i.name', 'd.enforced', 'd.min_stock', 'd.max_stock'])
    .where('d.bin_location_id', '=', locationId)
    .orderBy('i.code_lower')
    .execute();
}
