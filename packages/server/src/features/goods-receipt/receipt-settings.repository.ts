import { codeKey } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

/**
 * The goods receipt's settings columns (0019) on warehouse and item, and the bin location lookup
 * that checks a staging location belongs to its warehouse. Plain Kysely: none of this is per scan
 * hot; a receipt reads its line's rule once per entry. The updates leave the records' versions
 * alone: these columns are in no warehouse or item answer yet (the receipt app's settings API will
 * decide whether they join the records' optimistic locking).
 */

export function warehouseSettingsById(db: DbOrTx, warehouseId: number) {
  return db
    .selectFrom('warehouse')
    .leftJoin('bin_location', 'bin_location.id', 'warehouse.receipt_staging_location_id')
    .select([
      'warehouse.id',
      'warehouse.code',
      'warehouse.receipt_staging_location_id',
      'bin_location.code as staging_location_code',
      'warehouse.over_receipt_mode',
      'warehouse.over_receipt_tolerance_percent',
    ])
    .where('warehouse.id', '=', warehouseId)
    .executeTakeFirst();
}

export function warehouseIdByCode(db: DbOrTx, code: string) {
  return db.selectFrom('warehouse').select(['id', 'code']).where('code_lower', '=', codeKey(code)).executeTakeFirst();
}

export function itemSettingsById(db: DbOrTx, itemId: number) {
  return db
    .selectFrom('item')
    .select(['id', 'over_receipt_mode', 'over_receipt_tolerance_percent'])
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export function itemIdByCode(db: DbOrTx, code: string) {
  return db.selectFrom('item').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirst();
}

export function locationByCode(db: DbOrTx, code: string) {
  return db
    .selectFrom('bin_location')
    .select(['id', 'code', 'warehouse_id'])
    .where('code_lower', '=', codeKey(code))
    .executeTakeFirst();
}

export async function updateWarehouseSettings(
  db: DbOrTx,
  warehouseId: number,
  values: { stagingLocationId: number | null; mode: string; tolerancePercent: number },
): Promise<void> {
  await db
    .updateTable('warehouse')
    .set({
      receipt_staging_location_id: values.stagingLocationId,
      over_receipt_mode: values.mode,
      over_receipt_tolerance_percent: values.tolerancePercent,
    })
    .where('id', '=', warehouseId)
    .execute();
}

export async function updateItemSettings(
  db: DbOrTx,
  itemId: number,
  values: { mode: string | null; tolerancePercent: number | null },
): Promise<void> {
  await db
    .updateTable('item')
    .set({ over_receipt_mode: values.mode, over_receipt_tolerance_percent: values.tolerancePercent })
    .where('id', '=', itemId)
    .execute();
}
