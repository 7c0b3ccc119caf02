import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * The query pieces of the stock feature that other features' repositories build their stock and
 * ledger reads on: the joins that name a stock row's key, the column lists, the free-to-move rule
 * in SQL and the columns the movement rules read. Nothing else writes these joins.
 */

/** freeToMove of the stock row aliased `s`, in SQL. */
export const freeToMoveOfStockRow = sql<number>`(s.on_hand_qty - s.released_qty - s.pick_qty - s.qc_pending_qty)`;

/** The bucket columns of the stock row aliased `s`. */
export const stockBucketColumns = ['s.on_hand_qty', 's.released_qty', 's.pick_qty', 's.qc_pending_qty'] as const;

/** The batch columns that name a row's batch (`ba`), null for a row without one. */
export const batchKeyColumns = [
  'ba.code as batch_code',
  'ba.visual_code as batch_visual_code',
  'ba.expiration_date as batch_expiration_date',
] as const;

/** The serial columns that name a row's serial (`se`), null for a row without one. */
export const serialKeyColumns = [
  'se.code as serial_code',
  'se.visual_code as serial_visual_code',
  'se.lot_code as serial_lot_code',
] as const;

/**
 * Stock rows `s` joined to what names their key: the item `i`, the bin location `b` and its
 * warehouse `w`, the batch `ba` and the serial `se` (both null for a row without).
 */
export const stockWithKeys = (db: DbOrTx) =>
  db
    .selectFrom('stock as s')
    .innerJoin('item as i', 'i.id', 's.item_id')
    .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .leftJoin('batch as ba', 'ba.id', 's.batch_id')
    .leftJoin('serial as se', 'se.id', 's.serial_id');

/** Ledger rows `g` joined like stockWithKeys: item `i`, bin location `b`, warehouse `w`, batch `ba`, serial `se`. */
export const ledgerWithKeys = (db: DbOrTx) =>
  db
    .selectFrom('stock_ledger as g')
    .innerJoin('item as i', 'i.id', 'g.item_id')
    .innerJoin('bin_location as b', 'b.id', 'g.bin_location_id')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .leftJoin('batch as ba', 'ba.id', 'g.batch_id')
    .leftJoin('serial as se', 'se.id', 'g.serial_id');

/** The ledger columns every history shows. */
export const ledgerColumns = [
  'g.transaction_type',
  'g.document_type',
  'g.document_code',
  'g.at',
  'g.username',
  'g.quantity',
] as const;

/** What the movement rules read of a bin location. */
export const locationRuleColumns = [
  'id',
  'code',
  'location_type',
  'physical_location_type',
  'stock_movement_restricted',
  'block_stock_movements',
  'block_stock_movements_reason',
] as const;

/** What the movement rules read of an item. */
export const itemRuleColumns = ['id', 'code', 'active', 'is_stock_item'] as const;
