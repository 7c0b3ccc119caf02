import { codeKey, paddedCodeKey, receiptSourceTypes } from '@wms/contract';
import { sql } from 'kysely';
import { isSqlite } from '../../db/compiled-query.js';
import type { DbOrTx, Tx } from '../../db/database.js';

/** Goods receipt queries (docs/decisions/0172-goods-receipt.md). Quantities are integer thousandths. */

const receivableStatuses = ['OPEN', 'PARTLY_RECEIVED'];

export interface SourceDocumentRow {
  id: number;
  type: string;
  code: string;
  status: string;
  version: number;
  warehouse_id: number | null;
  warehouse_code: string | null;
  supplier_code: string | null;
  supplier_name: string | null;
  due_date: string | null;
}

function sourceQuery(db: DbOrTx) {
  return db
    .selectFrom('document as d')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .select([
      'd.id',
      'd.type',
      'd.code',
      'd.status',
      'd.version',
      'd.warehouse_id',
      'w.code as warehouse_code',
      'bp.code as supplier_code',
      'bp.name as supplier_name',
      'd.due_date',
    ])
    .where('d.type', 'in', [...receiptSourceTypes]);
}

export function findSource(db: DbOrTx, type: string, code: string): Promise<SourceDocumentRow | undefined> {
  return sourceQuery(db).where('d.type', '=', type).where('d.code_lower', '=', codeKey(code)).executeTakeFirst();
}

export function findSourceById(db: DbOrTx, id: number): Promise<SourceDocumentRow | undefined> {
  return sourceQuery(db).where('d.id', '=', id).executeTakeFirst();
}

export interface ReceivableRow extends SourceDocumentRow {
  open_quantity: number | string | null;
  line_count: number | string;
  open_receipt: string | null;
}

/**
 * Receivable sources (OPEN or PARTLY_RECEIVED), optionally only the given ids or those whose code
 * contains `search`; due today or earlier first, then by due date and code. At most `limit`.
 */
export function listReceivable(
  db: DbOrTx,
  options: { today: string; search?: string; ids?: readonly number[]; limit: number },
): Promise<ReceivableRow[]> {
  let query = sourceQuery(db)
    .where('d.status', 'in', receivableStatuses)
    .select((eb) => [
      eb
        .selectFrom('document_line as l')
        .select((l) => l.fn.sum<number | string>('l.open_quantity').as('s'))
        .whereRef('l.document_id', '=', 'd.id')
        .as('open_quantity'),
      eb
        .selectFrom('document_line as l')
        .select((l) => l.fn.countAll<number | string>().as('c'))
        .whereRef('l.document_id', '=', 'd.id')
        .as('line_count'),
      eb
        .selectFrom('goods_receipt as gr')
        .innerJoin('document as rd', 'rd.id', 'gr.id')
        .select('rd.code')
        .whereRef('gr.open_source_id', '=', 'd.id')
        .as('open_receipt'),
    ]);
  if (options.ids) query = query.where('d.id', 'in', options.ids.length > 0 ? [...options.ids] : [-1]);
  if (options.search) {
    const pattern = `%${codeKey(options.search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`d.code_lower like ${pattern} escape '\\'`);
  }
  return query
    .orderBy(sql`case when d.due_date is not null and d.due_date <= ${options.today} then 0 else 1 end`)
    .orderBy('d.due_date')
    .orderBy('d.code')
    .limit(options.limit)
    .execute() as Promise<ReceivableRow[]>;
}

/** Ids of receivable sources with an open line of the item. */
export async function sourcesWithOpenItem(db: DbOrTx, itemId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select('d.id')
    .distinct()
    .where('l.item_id', '=', itemId)
    .where('l.open_quantity', '>', 0)
    .where('d.type', 'in', [...receiptSourceTypes])
    .where('d.status', 'in', receivableStatuses)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Open lines of receivable planned goods receipts that carry announced batch codes (extras). */
export function plannedBatchLines(db: DbOrTx, limit: number) {
  return db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select(['d.id as document_id', 'l.extras'])
    .where('d.type', '=', 'PLANNED_GOODS_RECEIPT')
    .where('d.status', 'in', receivableStatuses)
    .where('l.open_quantity', '>', 0)
    .where('l.extras', 'is not', null)
    .limit(limit)
    .execute();
}

export interface SourceLineRow {
  id: number;
  line_number: number;
  quantity: number;
  open_quantity: number;
  extras: string | null;
  item_id: number;
  item_code: string;
  item_name: string;
  units: string | null;
  managed_by: string;
  barcode: string | null;
  barcode2: string | null;
  barcode3: string | null;
  barcode_inv_qty: number;
  barcode2_inv_qty: number;
  barcode3_inv_qty: number;
  scan_expiration_date: number;
  scan_manufacturing_date: number;
  scan_manufacturing_batch: number;
  scan_manufacturing_serial: number;
  block_for_qc_type: string | null;
  over_receipt_mode: string | null;
  over_receipt_tolerance_percent: number | null;
}

function sourceLinesQuery(db: DbOrTx, sourceId: number) {
  return db
    .selectFrom('document_line as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'l.line_number',
      'l.quantity',
      'l.open_quantity',
      'l.extras',
      'i.id as item_id',
      'i.code as item_code',
      'i.name as item_name',
      'i.units',
      'i.managed_by',
      'i.barcode',
      'i.barcode2',
      'i.barcode3',
      'i.barcode_inv_qty',
      'i.barcode2_inv_qty',
      'i.barcode3_inv_qty',
      'i.scan_expiration_date',
      'i.scan_manufacturing_date',
      'i.scan_manufacturing_batch',
      'i.scan_manufacturing_serial',
      'i.block_for_qc_type',
      'i.over_receipt_mode',
      'i.over_receipt_tolerance_percent',
    ])
    .where('l.document_id', '=', sourceId);
}

export function sourceLines(db: DbOrTx, sourceId: number): Promise<SourceLineRow[]> {
  return sourceLinesQuery(db, sourceId).orderBy('l.line_number').execute() as Promise<SourceLineRow[]>;
}

/** One source line; on PostgreSQL locked until commit, so the entries of one line are saved one at a time. */
export async function lockSourceLine(tx: Tx, sourceId: number, lineNumber: number): Promise<SourceLineRow | undefined> {
  const query = sourceLinesQuery(tx, sourceId).where('l.line_number', '=', lineNumber);
  const row = isSqlite(tx) ? await query.executeTakeFirst() : await query.forUpdate('l').executeTakeFirst();
  return row as SourceLineRow | undefined;
}

export interface ReceiptHeadRow {
  id: number;
  code: string;
  status: string;
  version: number;
  created_at: string;
  created_by: string;
  source_document_id: number;
  open_source_id: number | null;
  finished_at: string | null;
  finished_by: string | null;
}

function receiptQuery(db: DbOrTx) {
  return db
    .selectFrom('goods_receipt as gr')
    .innerJoin('document as d', 'd.id', 'gr.id')
    .select([
      'd.id',
      'd.code',
      'd.status',
      'd.version',
      'd.created_at',
      'gr.created_by',
      'gr.source_document_id',
      'gr.open_source_id',
      'gr.finished_at',
      'gr.finished_by',
    ]);
}

export function findReceipt(db: DbOrTx, code: string): Promise<ReceiptHeadRow | undefined> {
  return receiptQuery(db)
    .where('d.type', '=', 'GOODS_RECEIPT')
    .where('d.code_lower', '=', codeKey(code))
    .executeTakeFirst();
}

export function findOpenReceiptOfSource(db: DbOrTx, sourceId: number): Promise<ReceiptHeadRow | undefined> {
  return receiptQuery(db).where('gr.open_source_id', '=', sourceId).executeTakeFirst();
}

/**
 * Creates the GOODS_RECEIPT document and its goods_receipt row. When another receipt is open on
 * the source already (a concurrent open won), the new document is removed again and undefined
 * answered: the caller resumes the open one.
 */
export async function insertReceipt(
  tx: Tx,
  input: {
    code: string;
    sourceId: number;
    warehouseId: number | null;
    partnerId: number | null;
    by: string;
    at: string;
  },
): Promise<number | undefined> {
  const document = await tx
    .insertInto('document')
    .values({
      type: 'GOODS_RECEIPT',
      code: input.code,
      code_lower: codeKey(input.code),
      visual_code: input.code,
      status: 'OPEN',
      warehouse_id: input.warehouseId,
      business_partner_id: input.partnerId,
      document_date: input.at.slice(0, 10),
      created_at: input.at,
      updated_at: input.at,
    })
    // A concurrent open of the same source made the same code: it won, the caller resumes its receipt.
    .onConflict((oc) => oc.columns(['type', 'code_lower']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!document) return undefined;
  const inserted = await tx
    .insertInto('goods_receipt')
    .values({
      id: document.id,
      source_document_id: input.sourceId,
      open_source_id: input.sourceId,
      created_by: input.by,
    })
    .onConflict((oc) => oc.column('open_source_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  await tx.deleteFrom('document').where('id', '=', document.id).execute();
  return undefined;
}

export function partnerOfDocument(db: DbOrTx, id: number) {
  return db.selectFrom('document').select('business_partner_id').where('id', '=', id).executeTakeFirst();
}

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
    .execute() as Promise<EntryRow[]>;
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

export async function countEntries(db: DbOrTx, receiptId: number): Promise<number> {
  const row = await db
    .selectFrom('goods_receipt_entry')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

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

/**
 * Locks the receipt's document row by bumping its version, only while its status is one of
 * `statuses`; answers the new status and version, or undefined when the status did not match.
 */
export function bumpReceipt(tx: Tx, id: number, statuses: readonly string[], at: string) {
  return tx
    .updateTable('document')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .returning(['status', 'version'])
    .executeTakeFirst();
}

export async function countReceiptsOfSource(db: DbOrTx, sourceId: number): Promise<number> {
  const row = await db
    .selectFrom('goods_receipt')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('source_document_id', '=', sourceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The receipt no longer holds its source open; finished ones get who and when. */
export async function closeReceipt(tx: Tx, id: number, finished: { at: string; by: string } | null): Promise<void> {
  await tx
    .updateTable('goods_receipt')
    .set({ open_source_id: null, finished_at: finished?.at ?? null, finished_by: finished?.by ?? null })
    .where('id', '=', id)
    .execute();
}

export async function deleteEntries(tx: Tx, receiptId: number): Promise<void> {
  await tx.deleteFrom('goods_receipt_entry').where('receipt_id', '=', receiptId).execute();
}

/** Receivable purchase orders and planned receipts due on or before the date. */
export async function countReceiptsDueBy(db: DbOrTx, date: string): Promise<number> {
  const row = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('type', 'in', [...receiptSourceTypes])
    .where('status', 'in', receivableStatuses)
    .where('due_date', '<=', date)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface NewBatch {
  itemId: number;
  code: string;
  expirationDate: string | null;
  manufacturingDate: string | null;
  mnfBatchCode: string | null;
  qcApproved: boolean;
  at: string;
}

export async function insertBatch(tx: Tx, batch: NewBatch): Promise<number> {
  const row = await tx
    .insertInto('batch')
    .values({
      item_id: batch.itemId,
      code: batch.code,
      code_key: paddedCodeKey(batch.code),
      visual_code: batch.code,
      mnf_batch_code: batch.mnfBatchCode,
      admission_date: batch.at,
      manufacturing_date: batch.manufacturingDate,
      expiration_date: batch.expirationDate,
      quality_control_approved_or_not_required: batch.qcApproved ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewSerial {
  itemId: number;
  code: string;
  mnfSerialCode: string | null;
  qcApproved: boolean;
  at: string;
}

/** A serial received: a new row, or the item's known serial (not in stock) admitted again. */
export async function admitSerial(tx: Tx, serial: NewSerial, existingId: number | null): Promise<number> {
  const values = {
    mnf_serial_code: serial.mnfSerialCode,
    admission_date: serial.at,
    quality_control_approved_or_not_required: serial.qcApproved ? 1 : 0,
  };
  if (existingId !== null) {
    await tx.updateTable('serial').set(values).where('id', '=', existingId).execute();
    return existingId;
  }
  const row = await tx
    .insertInto('serial')
    .values({
      item_id: serial.itemId,
      code: serial.code,
      code_key: paddedCodeKey(serial.code),
      visual_code: serial.code,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setOpenQuantity(tx: Tx, lineId: number, open: number): Promise<void> {
  await tx.updateTable('document_line').set({ open_quantity: open }).where('id', '=', lineId).execute();
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
