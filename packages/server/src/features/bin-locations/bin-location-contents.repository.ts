import type { DbOrTx } from '../../db/database.js';

/** What a bin location holds, what happened there and which items default to it. */

/** Stock rows of the location in display order: item code, then batch, then serial. */
export function stockRowsOfLocation(db: DbOrTx, locationId: number) {
  return db
    .selectFrom('stock as s')
    .innerJoin('item as i', 'i.id', 's.item_id')
    .leftJoin('batch as ba', 'ba.id', 's.batch_id')
    .leftJoin('serial as se', 'se.id', 's.serial_id')
    .select([
      's.on_hand_qty',
      's.released_qty',
      's.pick_qty',
      's.qc_pending_qty',
      'i.id as item_id',
      'i.code as item_code',
      'i.visual_code as item_visual_code',
      'i.name as item_name',
      'i.units as item_units',
      'ba.id as batch_id',
      'ba.code as batch_code',
      'ba.visual_code as batch_visual_code',
      'ba.expiration_date as batch_expiration_date',
      'se.code as serial_code',
      'se.visual_code as serial_visual_code',
      'se.lot_code as serial_lot_code',
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
  return db
    .selectFrom('stock_ledger as g')
    .innerJoin('item as i', 'i.id', 'g.item_id')
    .leftJoin('batch as ba', 'ba.id', 'g.batch_id')
    .leftJoin('serial as se', 'se.id', 'g.serial_id')
    .select([
      'g.transaction_type',
      'g.document_type',
      'g.document_code',
      'g.at',
      'g.username',
      'g.quantity',
      'i.code as item_code',
      'ba.code as batch_code',
      'se.code as serial_code',
    ])
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
