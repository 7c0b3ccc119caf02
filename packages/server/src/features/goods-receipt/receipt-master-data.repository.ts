import { codeKey, paddedCodeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/** The master data a goods receipt reads and creates: items by scan, locations, batches and serials. */

export function findBatch(db: DbOrTx, itemId: number, code: string) {
  return db
    .selectFrom('batch')
    .select(['id', 'code', 'expiration_date', 'quality_control_approved_or_not_required'])
    .where('item_id', '=', itemId)
    .where('code_key', '=', paddedCodeKey(code))
    .executeTakeFirst();
}

/** The item's serials with these keys, and whether any unit of each is in stock. */
export function serialsWithStock(db: DbOrTx, itemId: number, keys: readonly string[]) {
  return db
    .selectFrom('serial as s')
    .select([
      's.id',
      's.code',
      's.code_key',
      (eb) =>
        eb.exists(eb.selectFrom('stock as st').select('st.id').whereRef('st.serial_id', '=', 's.id')).as('in_stock'),
    ])
    .where('s.item_id', '=', itemId)
    .where('s.code_key', 'in', keys.length > 0 ? [...keys] : [''])
    .execute();
}

export function batchesOfItem(db: DbOrTx, itemId: number, limit: number) {
  return db
    .selectFrom('batch')
    .select(['code', 'expiration_date', 'manufacturing_date', 'mnf_batch_code', 'admission_date'])
    .where('item_id', '=', itemId)
    .orderBy('admission_date', 'desc')
    .orderBy('code')
    .limit(limit)
    .execute();
}

export interface TargetLocationRow {
  id: number;
  code: string;
  warehouse_id: number;
  location_type: string;
  physical_location_type: string;
  active: number;
  block_stock_movements: number;
  block_stock_movements_reason: string | null;
}

const locationColumns = [
  'id',
  'code',
  'warehouse_id',
  'location_type',
  'physical_location_type',
  'active',
  'block_stock_movements',
  'block_stock_movements_reason',
] as const;

/** A bin location by its code or barcode (case-insensitive). */
export function findLocation(db: DbOrTx, scan: string): Promise<TargetLocationRow | undefined> {
  const key = codeKey(scan);
  return db
    .selectFrom('bin_location')
    .select(locationColumns)
    .where((eb) => eb.or([eb('code_lower', '=', key), eb('barcode_lower', '=', key)]))
    .orderBy(sql`case when code_lower = ${key} then 0 else 1 end`)
    .executeTakeFirst();
}

export function findLocationById(db: DbOrTx, id: number): Promise<TargetLocationRow | undefined> {
  return db.selectFrom('bin_location').select(locationColumns).where('id', '=', id).executeTakeFirst();
}

/** Whether the location holds stock other than QC-pending stock of the item. */
export async function holdsOtherStock(db: DbOrTx, locationId: number, itemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock')
    .select('id')
    .where('bin_location_id', '=', locationId)
    .where((eb) => eb.or([eb('item_id', '<>', itemId), eb('qc_pending', '=', 0)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An item by code or one of its barcodes (case-insensitive), with the barcode's quantity. */
export function findItemByScan(db: DbOrTx, scan: string) {
  const key = codeKey(scan);
  return db
    .selectFrom('item')
    .select(['id', 'code'])
    .where((eb) =>
      eb.or([
        eb('code_lower', '=', key),
        eb('barcode_lower', '=', key),
        eb('barcode2_lower', '=', key),
        eb('barcode3_lower', '=', key),
      ]),
    )
    .executeTakeFirst();
}
