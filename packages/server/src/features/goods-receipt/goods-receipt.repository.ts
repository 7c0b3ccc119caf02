import { codeKey, receiptSourceTypes } from '@wms/contract';
import { sql } from 'kysely';
import { isSqlite } from '../../db/compiled-query.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { createDocumentHead } from '../documents/document-create.service.js';

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
  /** What finished receipts posted on the line (over-receipts included; null: none). */
  posted_quantity: number | string | null;
}

/**
 * What the line received over every earlier receipt: its posted entries, or what the source says
 * (quantity - open, for receipts made before or outside this app), whichever is more. The open
 * quantity alone never goes below 0, so it cannot tell an over-receipt.
 */
export function receivedBeforeOf(row: SourceLineRow): number {
  return Math.max(0, Number(row.quantity) - Number(row.open_quantity), Number(row.posted_quantity ?? 0));
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
    .select((eb) =>
      eb
        .selectFrom('goods_receipt_entry as e')
        .innerJoin('document as r', 'r.id', 'e.receipt_id')
        .select((p) => p.fn.sum<number | string>('e.quantity').as('posted'))
        .whereRef('e.source_line_id', '=', 'l.id')
        .where('r.status', '=', 'FINISHED')
        .as('posted_quantity'),
    )
    .where('l.document_id', '=', sourceId);
}

export function sourceLines(db: DbOrTx, sourceId: number): Promise<SourceLineRow[]> {
  return sourceLinesQuery(db, sourceId).orderBy('l.line_number').execute();
}

/** One source line; on PostgreSQL locked until commit, so the entries of one line are saved one at a time. */
export async function lockSourceLine(tx: Tx, sourceId: number, lineNumber: number): Promise<SourceLineRow | undefined> {
  const query = sourceLinesQuery(tx, sourceId).where('l.line_number', '=', lineNumber);
  const row = isSqlite(tx) ? await query.executeTakeFirst() : await query.forUpdate('l').executeTakeFirst();
  return row;
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
  // A concurrent open of the same source made the same code: it won, the caller resumes its receipt.
  const documentId = await createDocumentHead(tx, {
    type: 'GOODS_RECEIPT',
    code: input.code,
    status: 'OPEN',
    warehouseId: input.warehouseId,
    partnerId: input.partnerId,
    at: input.at,
  });
  if (documentId === undefined) return undefined;
  const inserted = await tx
    .insertInto('goods_receipt')
    .values({
      id: documentId,
      source_document_id: input.sourceId,
      open_source_id: input.sourceId,
      created_by: input.by,
    })
    .onConflict((oc) => oc.column('open_source_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  await tx.deleteFrom('document').where('id', '=', documentId).execute();
  return undefined;
}

export function partnerOfDocument(db: DbOrTx, id: number) {
  return db.selectFrom('document').select('business_partner_id').where('id', '=', id).executeTakeFirst();
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

export async function setOpenQuantity(tx: Tx, lineId: number, open: number): Promise<void> {
  await tx.updateTable('document_line').set({ open_quantity: open }).where('id', '=', lineId).execute();
}
