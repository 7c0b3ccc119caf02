import type { DefaultLocationFilter } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

/**
 * An item's default location per warehouse (table default_item_location): every warehouse
 * left-joined to the item's row and its bin, ordered by warehouse code.
 */
export function defaultLocationsOfItem(
  db: DbOrTx,
  itemId: number,
  filter: DefaultLocationFilter,
  warehouseId?: number,
) {
  let query = db
    .selectFrom('warehouse as w')
    .leftJoin('default_item_location as d', (join) =>
      join.onRef('d.warehouse_id', '=', 'w.id').on('d.item_id', '=', itemId),
    )
    .leftJoin('bin_location as b', 'b.id', 'd.bin_location_id')
    .select([
      'w.code as whs_code',
      'w.name as whs_name',
      'w.active as whs_active',
      'b.code as bin_code',
      'b.visual_code as bin_visual_code',
      'd.enforced',
      'd.min_stock',
      'd.max_stock',
      'd.version',
    ])
    .orderBy('w.code_lower');
  if (filter === 'present') query = query.where('d.bin_location_id', 'is not', null);
  if (filter === 'active') query = query.where('w.active', '=', 1);
  if (warehouseId !== undefined) query = query.where('w.id', '=', warehouseId);
  return query.execute();
}

export function findWarehouseByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('warehouse')
    .select(['id', 'code', 'name'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

export function findBinLocationByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('bin_location')
    .select(['id', 'code', 'warehouse_id', 'stock_movement_restricted'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

export function findDefaultLocationRow(db: DbOrTx, itemId: number, warehouseId: number) {
  return db
    .selectFrom('default_item_location as d')
    .leftJoin('bin_location as b', 'b.id', 'd.bin_location_id')
    .select(['d.id', 'd.version', 'b.code as bin_code'])
    .where('d.item_id', '=', itemId)
    .where('d.warehouse_id', '=', warehouseId)
    .executeTakeFirst();
}

export interface DefaultLocationValues {
  bin_location_id: number | null;
  enforced: number;
  min_stock: number | null;
  max_stock: number | null;
}

/** Inserts the warehouse's first row for the item; false when a row exists already (a concurrent insert). */
export async function insertDefaultLocation(
  db: DbOrTx,
  itemId: number,
  warehouseId: number,
  values: DefaultLocationValues,
): Promise<boolean> {
  const inserted = await db
    .insertInto('default_item_location')
    .values({ item_id: itemId, warehouse_id: warehouseId, ...values, version: 1 })
    .onConflict((oc) => oc.columns(['item_id', 'warehouse_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Updates the row when it still has the expected version (optimistic lock). */
export function updateDefaultLocation(
  db: DbOrTx,
  itemId: number,
  warehouseId: number,
  expectedVersion: number,
  values: DefaultLocationValues,
) {
  return db
    .updateTable('default_item_location')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('item_id', '=', itemId)
    .where('warehouse_id', '=', warehouseId)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
}

/** Writes the row whatever its version (a request without a version overwrites). */
export async function upsertDefaultLocation(
  db: DbOrTx,
  itemId: number,
  warehouseId: number,
  values: DefaultLocationValues,
): Promise<void> {
  await db
    .insertInto('default_item_location')
    .values({ item_id: itemId, warehouse_id: warehouseId, ...values, version: 1 })
    .onConflict((oc) =>
      oc.columns(['item_id', 'warehouse_id']).doUpdateSet((eb) => ({
        ...values,
        version: eb('default_item_location.version', '+', 1),
      })),
    )
    .execute();
}
