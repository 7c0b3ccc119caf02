import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { stockWithKeys } from '../stock/stock-queries.js';

/**
 * The lists of the setup apps: items without a barcode at a location (the barcoder's walk), and
 * per warehouse its default item locations, the storage locations holding stock that are no
 * item's default, and the active stock items without a default bin. Each query is bounded by its
 * caller's limit (one row more is read to tell whether more follow).
 */

/** The location types a default item location is meant for (storage); the others hold goods on their way. */
export const storageLocationTypes = ['BULK', 'PICK'] as const;

const noBarcode = sql<boolean>`coalesce(i.barcode, '') = '' and coalesce(i.barcode2, '') = '' and coalesce(i.barcode3, '') = ''`;

/** Items in stock at the location (on hand above 0) whose three barcode slots are empty, by item code. */
export function itemsWithoutBarcodeAt(db: DbOrTx, locationId: number, limit: number) {
  return stockWithKeys(db)
    .select([
      'i.code',
      'i.visual_code',
      'i.name',
      'i.units',
      sql<string | number>`sum(s.on_hand_qty)`.as('on_hand_qty'),
    ])
    .where('s.bin_location_id', '=', locationId)
    .where('s.on_hand_qty', '>', 0)
    .where(noBarcode)
    .groupBy(['i.id', 'i.code', 'i.code_lower', 'i.visual_code', 'i.name', 'i.units'])
    .orderBy('i.code_lower')
    .limit(limit)
    .execute();
}

/** The default item locations (with a bin) of the warehouse, by item code, with the bin's stock of the item. */
export function defaultLocationsOfWarehouse(db: DbOrTx, warehouseId: number, offset: number, limit: number) {
  return db
    .selectFrom('default_item_location as d')
    .innerJoin('item as i', 'i.id', 'd.item_id')
    .innerJoin('bin_location as b', 'b.id', 'd.bin_location_id')
    .select((eb) => [
      'i.code as item_code',
      'i.visual_code as item_visual_code',
      'i.name as item_name',
      'i.units as item_units',
      'b.code as bin_code',
      'b.visual_code as bin_visual_code',
      'b.stock_movement_restricted',
      'd.enforced',
      'd.min_stock',
      'd.max_stock',
      'd.version',
      eb
        .selectFrom('stock as s')
        .select(sql<string | number>`coalesce(sum(s.on_hand_qty), 0)`.as('q'))
        .whereRef('s.item_id', '=', 'd.item_id')
        .whereRef('s.bin_location_id', '=', 'd.bin_location_id')
        .as('on_hand_qty'),
    ])
    .where('d.warehouse_id', '=', warehouseId)
    .orderBy('i.code_lower')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Storage locations of the warehouse that hold stock and are no item's default location, by code. */
export function locationsWithoutDefault(db: DbOrTx, warehouseId: number, offset: number, limit: number) {
  return stockWithKeys(db)
    .select([
      'b.id',
      'b.code',
      'b.visual_code',
      'b.location_type',
      sql<string | number>`count(distinct s.item_id)`.as('item_count'),
      sql<string | number>`sum(s.on_hand_qty)`.as('on_hand_qty'),
    ])
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.location_type', 'in', storageLocationTypes)
    .where('s.on_hand_qty', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('default_item_location as d').select('d.id').whereRef('d.bin_location_id', '=', 'b.id'),
        ),
      ),
    )
    .groupBy(['b.id', 'b.code', 'b.code_lower', 'b.visual_code', 'b.location_type'])
    .orderBy('b.code_lower')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The first item codes (by code) each of the locations holds, at most `perLocation` each. */
export async function itemCodesAt(db: DbOrTx, locationIds: readonly number[], perLocation: number) {
  if (locationIds.length === 0) return new Map<number, string[]>();
  const rows = await stockWithKeys(db)
    .select(['s.bin_location_id', 'i.code'])
    .distinct()
    .where('s.bin_location_id', 'in', locationIds)
    .where('s.on_hand_qty', '>', 0)
    .orderBy('s.bin_location_id')
    .orderBy('i.code')
    .execute();
  const codes = new Map<number, string[]>();
  for (const row of rows) {
    const list = codes.get(row.bin_location_id) ?? [];
    if (list.length < perLocation) list.push(row.code);
    codes.set(row.bin_location_id, list);
  }
  return codes;
}

/**
 * Active stock items without a default bin in the warehouse: those the warehouse holds first,
 * then the others, each group by item code; with the warehouse's on-hand stock and locations.
 */
export function itemsWithoutDefault(db: DbOrTx, warehouseId: number, offset: number, limit: number) {
  const held = stockWithKeys(db)
    .select([
      's.item_id',
      sql<string | number>`sum(s.on_hand_qty)`.as('on_hand_qty'),
      sql<string | number>`count(distinct s.bin_location_id)`.as('location_count'),
    ])
    .where('b.warehouse_id', '=', warehouseId)
    .where('s.on_hand_qty', '>', 0)
    .groupBy('s.item_id')
    .as('h');
  return db
    .selectFrom('item as i')
    .leftJoin(held, 'h.item_id', 'i.id')
    .select([
      'i.code',
      'i.visual_code',
      'i.name',
      'i.units',
      sql<string | number>`coalesce(h.on_hand_qty, 0)`.as('on_hand_qty'),
      sql<string | number>`coalesce(h.location_count, 0)`.as('location_count'),
    ])
    .where('i.active', '=', 1)
    .where('i.is_stock_item', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('default_item_location as d')
            .select('d.id')
            .whereRef('d.item_id', '=', 'i.id')
            .where('d.warehouse_id', '=', warehouseId)
            .where('d.bin_location_id', 'is not', null),
        ),
      ),
    )
    .orderBy(sql`case when h.item_id is null then 1 else 0 end`)
    .orderBy('i.code_lower')
    .offset(offset)
    .limit(limit)
    .execute();
}
