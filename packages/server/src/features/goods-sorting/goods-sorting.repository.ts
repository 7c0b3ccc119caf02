import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { chunked } from '../../util/chunks.js';
import { ledgerWithKeys, stockBucketColumns, stockWithKeys } from '../stock/stock-queries.js';

/** The reads of goods sorting (the stock and ledger through the stock feature's query pieces). */

export function findLocationByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('bin_location')
    .select(['id', 'code', 'warehouse_id'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

export function findItemByCodeLower(db: DbOrTx, codeLower: string) {
  return db.selectFrom('item').select(['id', 'code']).where('code_lower', '=', codeLower).executeTakeFirst();
}

/**
 * Every stock row of a location with its codes and the time of its last RECEIPT into the location
 * (null when it came otherwise: the caller falls back to the row's updated_at).
 */
export function stagingRows(db: DbOrTx, binLocationId: number) {
  return stockWithKeys(db)
    .select((eb) => [
      ...stockBucketColumns,
      's.updated_at',
      'i.code as item_code',
      'i.name as item_name',
      'ba.code as batch_code',
      'se.code as serial_code',
      eb
        .selectFrom('stock_ledger as g')
        .select((sub) => sub.fn.max('g.at').as('at'))
        .whereRef('g.item_id', '=', 's.item_id')
        .whereRef('g.bin_location_id', '=', 's.bin_location_id')
        .where(sql<boolean>`coalesce(g.batch_id, 0) = coalesce(s.batch_id, 0)`)
        .where(sql<boolean>`coalesce(g.serial_id, 0) = coalesce(s.serial_id, 0)`)
        .where('g.transaction_type', '=', 'RECEIPT')
        .as('received_at'),
    ])
    .where('s.bin_location_id', '=', binLocationId)
    .orderBy('i.code_lower')
    .orderBy('ba.code_key')
    .orderBy('se.code_key')
    .execute();
}

/** The item's stock rows at a location, of the batch and serial when given. */
export function itemRowsAt(
  db: DbOrTx,
  key: { itemId: number; binLocationId: number; batchId: number | null; serialId: number | null },
) {
  let query = stockWithKeys(db)
    .select([...stockBucketColumns])
    .where('s.item_id', '=', key.itemId)
    .where('s.bin_location_id', '=', key.binLocationId);
  if (key.batchId !== null) query = query.where('s.batch_id', '=', key.batchId);
  if (key.serialId !== null) query = query.where('s.serial_id', '=', key.serialId);
  return query.execute();
}

/**
 * The first location (by code) of work type QC in the warehouse that can take QC-pending stock:
 * physical type NORMAL, active, movements neither blocked nor restricted, and empty (the stock
 * service's QC transfer rules).
 */
export function firstFreeQcLocation(db: DbOrTx, warehouseId: number) {
  return db
    .selectFrom('bin_location as b')
    .select(['b.id', 'b.code'])
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.location_type', '=', 'QC')
    .where('b.physical_location_type', '=', 'NORMAL')
    .where('b.active', '=', 1)
    .where('b.block_stock_movements', '=', 0)
    .where('b.stock_movement_restricted', '=', 0)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('stock as s').select('s.id').whereRef('s.bin_location_id', '=', 'b.id'))),
    )
    .orderBy('b.code_lower')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The location of the item's newest RECEIPT ledger row in the warehouse, other than the source
 * and other than receipt staging and carts (work types RECEIVE and MOBILE).
 */
export function lastReceiptLocation(db: DbOrTx, itemId: number, warehouseId: number, exceptLocationId: number) {
  return ledgerWithKeys(db)
    .select(['b.code'])
    .where('g.item_id', '=', itemId)
    .where('g.transaction_type', '=', 'RECEIPT')
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.id', '!=', exceptLocationId)
    .where('b.location_type', 'not in', ['RECEIVE', 'MOBILE'])
    .orderBy('g.at', 'desc')
    .orderBy('g.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Work types of staging locations: receipt staging and carts (the /goods_sorting counter). */
export const stagingLocationTypes = ['RECEIVE', 'MOBILE'] as const;

/** Every warehouse's receipt staging location (warehouse.receipt_staging_location_id), by id. */
export async function receiptStagingLocationIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectFrom('warehouse')
    .select('receipt_staging_location_id as id')
    .where('receipt_staging_location_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

/**
 * The staging locations (work type RECEIVE or MOBILE, or a warehouse's receipt staging location)
 * of `locationIds`, or all of them, each with its stock rows that have something on hand. A
 * shipping container is a MOBILE location too, but its stock is picked for an order (decision
 * 0183), not waiting to be put away.
 */
function stagingLocationRows(db: DbOrTx, locationIds?: readonly number[]) {
  let query = db
    .selectFrom('bin_location as b')
    .select((eb) => [
      'b.id',
      eb
        .selectFrom('stock as s')
        .select(eb.fn.countAll<number | string | bigint>().as('n'))
        .whereRef('s.bin_location_id', '=', 'b.id')
        .where('s.on_hand_qty', '>', 0)
        .as('rows'),
    ])
    .where((eb) => eb('b.id', 'not in', eb.selectFrom('shipping_container').select('bin_location_id')))
    .where((eb) =>
      eb.or([
        eb('b.location_type', 'in', [...stagingLocationTypes]),
        eb(
          'b.id',
          'in',
          eb
            .selectFrom('warehouse as w')
            .select('w.receipt_staging_location_id')
            .where('w.receipt_staging_location_id', 'is not', null),
        ),
      ]),
    );
  if (locationIds) query = query.where('b.id', 'in', locationIds);
  return query.execute();
}

/**
 * Counts the stock rows of staging locations again into staging_location_rows (migration 0039):
 * those of `locationIds` (the locations a move touched; the others are not staging and are left
 * out), or every staging location (a location no longer staging is set to 0).
 */
export async function recountStagingRows(tx: DbOrTx, locationIds?: readonly number[]): Promise<void> {
  const parts = locationIds ? chunked([...new Set(locationIds)], 500) : [undefined];
  if (!locationIds) await tx.updateTable('staging_location_rows').set({ stock_rows: 0 }).execute();
  for (const part of parts) {
    const counted = await stagingLocationRows(tx, part);
    for (const rows of chunked(counted, 500)) {
      await tx
        .insertInto('staging_location_rows')
        .values(rows.map((row) => ({ bin_location_id: row.id, stock_rows: Number(row.rows ?? 0) })))
        .onConflict((conflict) =>
          conflict.column('bin_location_id').doUpdateSet((eb) => ({ stock_rows: eb.ref('excluded.stock_rows') })),
        )
        .execute();
    }
  }
}

/** The /goods_sorting counter: the stock rows with something on hand in staging locations. */
export async function stagingRowsTotal(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('staging_location_rows')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('stock_rows'), eb.lit(0)).as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
