import type { DbOrTx, Tx } from '../../db/database.js';

/** A goods receipt's progress entries (goods_receipt_entry, migration 0020). Quantities are integer thousandths. */

export interface EntryRow {
  id: number;
  line_number: number;
  item_id: number;
  item_code: string;
  quantity: number;
  batch_code: string | null;
  expiration_date: string | null;
  manufacturing_date: string | null;
  mnf_batch_code: string | null;
  serial_code: string | null;
  mnf_serial_code: string | null;
  target_bin_location_id: number;
  target_code: string;
  qc_pending: number;
  over_receipt: number;
  approved_by: string | null;
  username: string;
  created_at: string;
}

export function receiptEntries(db: DbOrTx, receiptId: number): Promise<EntryRow[]> {
  return db
    .selectFrom('goods_receipt_entry as e')
    .innerJoin('item as i', 'i.id', 'e.item_id')
    .innerJoin('bin_location as b', 'b.id', 'e.target_bin_location_id')
    .select([
      'e.id',
      'e.line_number',
      'e.item_id',
      'i.code as item_code',
      'e.quantity',
      'e.batch_code',
      'e.expiration_date',
      'e.manufacturing_date',
      'e.mnf_batch_code',
      'e.serial_code',
      'e.mnf_serial_code',
      'e.target_bin_location_id',
      'b.code as target_code',
      'e.qc_pending',
      'e.over_receipt',
      'e.approved_by',
      'e.username',
      'e.created_at',
    ])
    .where('e.receipt_id', '=', receiptId)
    .orderBy('e.id')
    .execute();
}

/** What this receipt's entries of the line add up to. */
export async function progressOfLine(db: DbOrTx, receiptId: number, lineNumber: number): Promise<number> {
  const row = await db
    .selectFrom('goods_receipt_entry')
    .select((eb) => eb.fn.sum<number | string>('quantity').as('total'))
    .where('receipt_id', '=', receiptId)
    .where('line_number', '=', lineNumber)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The batch codes already entered on the receipt for the item, with the expiry entered. */
export function enteredBatches(db: DbOrTx, receiptId: number, itemId: number) {
  return db
    .selectFrom('goods_receipt_entry')
    .select(['batch_code', 'expiration_date'])
    .where('receipt_id', '=', receiptId)
    .where('item_id', '=', itemId)
    .where('batch_code', 'is not', null)
    .execute();
}

/** Serial keys of the item that are on an unposted entry (of any receipt). */
export async function openSerialKeys(db: DbOrTx, itemId: number, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('goods_receipt_entry')
    .select('open_serial_key')
    .where('item_id', '=', itemId)
    .where('open_serial_key', 'in', [...keys])
    .execute();
  return rows.map((r) => r.open_serial_key ?? '');
}

export interface NewEntry {
  receipt_id: number;
  source_line_id: number;
  line_number: number;
  item_id: number;
  quantity: number;
  batch_code: string | null;
  expiration_date: string | null;
  manufacturing_date: string | null;
  mnf_batch_code: string | null;
  serial_code: string | null;
  open_serial_key: string | null;
  mnf_serial_code: string | null;
  target_bin_location_id: number;
  qc_pending: number;
  over_receipt: number;
  approved_by: string | null;
  user_id: number | null;
  username: string;
  created_at: string;
}

export async function insertEntries(tx: Tx, entries: readonly NewEntry[]): Promise<number[]> {
  const rows = await tx
    .insertInto('goods_receipt_entry')
    .values([...entries])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteEntry(tx: Tx, receiptId: number, lineNumber: number, entryId: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('goods_receipt_entry')
    .where('id', '=', entryId)
    .where('receipt_id', '=', receiptId)
    .where('line_number', '=', lineNumber)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteEntries(tx: Tx, receiptId: number): Promise<void> {
  await tx.deleteFrom('goods_receipt_entry').where('receipt_id', '=', receiptId).execute();
}

/** The receipt's entries are posted: their serials no longer hold the open-entry index. */
export async function markEntriesPosted(tx: Tx, receiptId: number): Promise<void> {
  await tx
    .updateTable('goods_receipt_entry')
    .set({ open_serial_key: null })
    .where('receipt_id', '=', receiptId)
    .where('open_serial_key', 'is not', null)
    .execute();
}
