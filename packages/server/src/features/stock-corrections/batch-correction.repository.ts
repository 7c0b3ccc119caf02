import { codeKey, paddedCodeKey } from '@wms/contract';
import { sql, type Insertable } from 'kysely';
import { isSqlite } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import type { BatchCorrectionTable } from '../../db/schema.js';
import { stockBucketColumns } from '../stock/stock-queries.js';

/** The reads and writes of batch corrections (features/stock-corrections). */

/** A bin location by its code or barcode (case-insensitive). */
export function findLocation(db: DbOrTx, scan: string) {
  const key = codeKey(scan);
  return db
    .selectFrom('bin_location')
    .select(['id', 'code'])
    .where((eb) => eb.or([eb('code_lower', '=', key), eb('barcode_lower', '=', key)]))
    .orderBy(sql`case when code_lower = ${key} then 0 else 1 end`)
    .executeTakeFirst();
}

export interface BatchRow {
  id: number;
  code: string;
  expiration_date: string | null;
  quality_control_approved_or_not_required: number;
}

/** The item's batch by code (zero-padded match, as every batch lookup). */
export function findBatch(db: DbOrTx, itemId: number, code: string): Promise<BatchRow | undefined> {
  return db
    .selectFrom('batch')
    .select(['id', 'code', 'expiration_date', 'quality_control_approved_or_not_required'])
    .where('item_id', '=', itemId)
    .where('code_key', '=', paddedCodeKey(code))
    .executeTakeFirst();
}

export async function setBatchExpiry(tx: DbOrTx, batchId: number, expiry: string | null): Promise<void> {
  await tx.updateTable('batch').set({ expiration_date: expiry }).where('id', '=', batchId).execute();
}

/**
 * The stock row of (item, batch, no serial) at the location; on PostgreSQL locked (FOR UPDATE),
 * so what the correction carries over is decided on buckets no other transaction changes meanwhile.
 */
export function findStockRow(db: DbOrTx, key: { itemId: number; batchId: number; binLocationId: number }) {
  let query = db
    .selectFrom('stock as s')
    .select(['s.id', ...stockBucketColumns])
    .where('s.item_id', '=', key.itemId)
    .where('s.batch_id', '=', key.batchId)
    .where('s.serial_id', 'is', null)
    .where('s.bin_location_id', '=', key.binLocationId);
  if (!isSqlite(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The allocation rows of (item, batch) at the location, oldest first. */
export function allocationsOf(db: DbOrTx, key: { itemId: number; batchId: number; binLocationId: number }) {
  return db
    .selectFrom('stock_allocation')
    .select(['document_line_id', 'quantity'])
    .where('item_id', '=', key.itemId)
    .where('batch_id', '=', key.batchId)
    .where('serial_id', 'is', null)
    .where('bin_location_id', '=', key.binLocationId)
    .orderBy('id')
    .execute();
}

/**
 * The picked quantities of (item, batch) in the containers whose bin location this is, per pick
 * list line, source location and container (net sums of the pick entries, those above zero).
 */
export function pickedInContainer(db: DbOrTx, key: { itemId: number; batchId: number; binLocationId: number }) {
  return db
    .selectFrom('pick_entry as e')
    .innerJoin('shipping_container as c', 'c.id', 'e.container_id')
    .select([
      'e.document_line_id',
      'e.document_id',
      'e.from_bin_location_id',
      'e.container_id',
      sql<string | number>`sum(e.quantity)`.as('quantity'),
    ])
    .where('c.bin_location_id', '=', key.binLocationId)
    .where('e.item_id', '=', key.itemId)
    .where('e.batch_id', '=', key.batchId)
    .where('e.serial_id', 'is', null)
    .groupBy(['e.document_line_id', 'e.document_id', 'e.from_bin_location_id', 'e.container_id'])
    .having(sql`sum(e.quantity)`, '>', 0)
    .orderBy('e.document_line_id')
    .execute();
}

/** The columns of the other kind of correction (BATCH: the expiry pair; EXPIRY: the stock move). */
const unused = {
  to_batch_id: null,
  to_batch_created: 0,
  bin_location_id: null,
  quantity: null,
  released_carried: 0,
  picked_carried: 0,
  old_expiry: null,
  new_expiry: null,
} satisfies Partial<Insertable<BatchCorrectionTable>>;

/** A row of the correction log (the columns of the other kind of correction left empty). */
export async function insertCorrection(
  tx: DbOrTx,
  row: Omit<Insertable<BatchCorrectionTable>, keyof typeof unused> & Partial<Insertable<BatchCorrectionTable>>,
): Promise<void> {
  await tx
    .insertInto('batch_correction')
    .values({ ...unused, ...row })
    .execute();
}
