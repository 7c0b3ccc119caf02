import { sql, type Updateable } from 'kysely';
import { barcodeLockBuckets, barcodeLockSpace } from './barcode-lock-buckets.js';
import type { DbOrTx } from '../../db/database.js';
import type { ItemRow, ItemTable } from '../../db/schema.js';

/** Item master-data writes (barcodes, image) and the lookups label printing needs. */

/** Another item whose code or any barcode is the key, if one exists. */
export function findOtherItemWithCodeOrBarcode(db: DbOrTx, key: string, exceptItemId: number) {
  return db
    .selectFrom('item')
    .select(['code'])
    .where('id', '!=', exceptItemId)
    .where((eb) =>
      eb.or([
        eb('code_lower', '=', key),
        eb('barcode_lower', '=', key),
        eb('barcode2_lower', '=', key),
        eb('barcode3_lower', '=', key),
      ]),
    )
    .orderBy('code_lower')
    .executeTakeFirst();
}

/** PostgreSQL: serializes transactions that assign the same barcode until they end. */
export async function lockBarcode(db: DbOrTx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${barcodeLockSpace}, hashtext(${`item-barcode:${key}`}) & ${barcodeLockBuckets - 1})`.execute(
    db,
  );
}

export interface BarcodeColumns {
  barcode: string | null;
  barcodeLower: string | null;
  quantity: number;
}

type Slot = 'BARCODE1' | 'BARCODE2' | 'BARCODE3';

function slotValues(slot: Slot, c: BarcodeColumns): Updateable<ItemTable> {
  switch (slot) {
    case 'BARCODE1':
      return { barcode: c.barcode, barcode_lower: c.barcodeLower, barcode_inv_qty: c.quantity };
    case 'BARCODE2':
      return { barcode2: c.barcode, barcode2_lower: c.barcodeLower, barcode2_inv_qty: c.quantity };
    case 'BARCODE3':
      return { barcode3: c.barcode, barcode3_lower: c.barcodeLower, barcode3_inv_qty: c.quantity };
  }
}

/**
 * Writes one barcode slot and a new version; answers the row as it is now. On PostgreSQL the
 * update locks the row and sees the latest committed slots, so the search text the caller
 * derives from the answer loses no concurrent change.
 */
export function updateItemBarcode(
  db: DbOrTx,
  itemId: number,
  slot: Slot,
  columns: BarcodeColumns,
  at: string,
): Promise<ItemRow> {
  return db
    .updateTable('item')
    .set((eb) => ({ ...slotValues(slot, columns), version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', itemId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateItemSearchText(db: DbOrTx, itemId: number, searchText: string): Promise<void> {
  await db.updateTable('item').set({ search_text: searchText }).where('id', '=', itemId).execute();
}

/** Sets the image path with a new version; undefined when the expected version is stale. */
export function updateItemImagePath(
  db: DbOrTx,
  itemId: number,
  imagePath: string | null,
  expectedVersion: number | undefined,
  at: string,
): Promise<ItemRow | undefined> {
  let query = db
    .updateTable('item')
    .set((eb) => ({ image_path: imagePath, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', itemId);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  return query.returningAll().executeTakeFirst();
}

/** Whether an item other than this one shows the image file. */
export async function isImageUsedByOtherItem(db: DbOrTx, imagePath: string, exceptItemId: number): Promise<boolean> {
  const row = await db
    .selectFrom('item')
    .select('id')
    .where('image_path', '=', imagePath)
    .where('id', '!=', exceptItemId)
    .executeTakeFirst();
  return row !== undefined;
}

export function findBatchOfItem(db: DbOrTx, itemId: number, codeKey: string) {
  return db
    .selectFrom('batch')
    .select(['id', 'code'])
    .where('item_id', '=', itemId)
    .where('code_key', '=', codeKey)
    .executeTakeFirst();
}

export function findSerialOfItem(db: DbOrTx, itemId: number, codeKey: string) {
  return db
    .selectFrom('serial')
    .select(['id', 'code', 'lot_code'])
    .where('item_id', '=', itemId)
    .where('code_key', '=', codeKey)
    .executeTakeFirst();
}
