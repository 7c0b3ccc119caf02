import { sql } from 'kysely';
import { rowsByKeys, runCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
// With the rules' columns: the rows are handed to the stock service, which need not read them again.
import {
  freeToMoveOfStockRow,
  itemRuleColumns,
  locationRuleColumns,
  stockBucketColumns,
  stockWithKeys,
} from '../stock/stock-queries.js';

/**
 * Reads of the stock transfer: the codes of a request (items and locations by `code_lower`,
 * batches and serials by `code_key` within their item), the stock rows a transfer takes from,
 * and the block flag of a location (the QC lock flow).
 */

export function findItemsByCodeLowers(db: DbOrTx, keys: readonly string[]) {
  return rowsByKeys(
    db,
    'transfer.itemsByCode',
    (slots) =>
      db
        .selectFrom('item')
        .select([...itemRuleColumns, 'code_lower', 'name', 'managed_by', 'serial_managed_by_dispatch'])
        .where('code_lower', 'in', slots),
    keys,
  );
}
export type TransferItemRow = Awaited<ReturnType<typeof findItemsByCodeLowers>>[number];

export function findLocationsByCodeLowers(db: DbOrTx, keys: readonly string[]) {
  return rowsByKeys(
    db,
    'transfer.locationsByCode',
    (slots) =>
      db
        .selectFrom('bin_location')
        .select([...locationRuleColumns, 'code_lower'])
        .where('code_lower', 'in', slots),
    keys,
  );
}
export type TransferLocationRow = Awaited<ReturnType<typeof findLocationsByCodeLowers>>[number];

export function findBatchById(db: DbOrTx, id: number) {
  return db.selectFrom('batch').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
}

/**
 * The serials of an item at a location that carry free stock, with their lots, in serial order:
 * a transfer that names a lot but no serial takes its units from these.
 */
export function freeSerialsAt(db: DbOrTx, itemId: number, binLocationId: number) {
  return db
    .selectFrom('stock as s')
    .innerJoin('serial as se', 'se.id', 's.serial_id')
    .select(['se.id', 'se.code', 'se.lot_code'])
    .where('s.item_id', '=', itemId)
    .where('s.bin_location_id', '=', binLocationId)
    .where(freeToMoveOfStockRow, '>', 0)
    .orderBy('se.code_key')
    .execute();
}

const bucketColumns = ['s.batch_id', 's.serial_id', ...stockBucketColumns] as const;

/**
 * The stock row of an item at a location with exactly this batch (null: none) and no serial;
 * with a serial, the row of that serial whatever its batch.
 */
export async function findSourceRow(
  db: DbOrTx,
  key: { itemId: number; binLocationId: number; batchId: number | null; serialId: number | null },
) {
  const bySerial = key.serialId !== null;
  const { rows } = await runCompiled(
    db,
    bySerial ? 'transfer.sourceRowOfSerial' : 'transfer.sourceRow',
    (slot) => {
      const query = db
        .selectFrom('stock as s')
        .select(bucketColumns)
        .where('s.item_id', '=', slot(0))
        .where('s.bin_location_id', '=', slot(1));
      if (bySerial) return query.where('s.serial_id', '=', slot(2));
      return query
        .where(sql<number>`coalesce(s.batch_id, 0)`, '=', slot(2))
        .where(sql<number>`coalesce(s.serial_id, 0)`, '=', 0);
    },
    [key.itemId, key.binLocationId, bySerial ? key.serialId : (key.batchId ?? 0)],
  );
  return rows[0];
}

/** Every stock row of a location with its item, batch and serial codes, in item, batch, serial order. */
export function stockRowsOfLocation(db: DbOrTx, binLocationId: number) {
  return stockWithKeys(db)
    .select([
      ...bucketColumns,
      's.item_id',
      'i.code as item_code',
      'i.name as item_name',
      'ba.code as batch_code',
      'se.code as serial_code',
    ])
    .where('s.bin_location_id', '=', binLocationId)
    .orderBy('i.code_lower')
    .orderBy('ba.code_key')
    .orderBy('se.code_key')
    .execute();
}

/** Sets or clears a location's block flag and reason; bumps its version. False for an unknown id. */
export async function setBlockStockMovements(
  db: DbOrTx,
  id: number,
  block: boolean,
  reason: string | null,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bin_location')
    .set({
      block_stock_movements: block ? 1 : 0,
      block_stock_movements_reason: block ? reason : null,
      version: sql<number>`version + 1`,
      updated_at: at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
