import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { createDocumentHead } from '../documents/document-create.service.js';

export {
  deliveredPerItemOfOrder,
  deliveredUnits,
  returnedUnits,
  type UnitQuantity,
} from './goods-returns-deliveries.repository.js';

/** Every SQL statement of customer returns (features/goods-returns). Quantities are thousandths. */

export interface ReturnHead {
  id: number;
  code: string;
  status: string;
  version: number;
  warehouse_id: number | null;
  warehouse_code: string | null;
  business_partner_id: number | null;
  partner_code: string | null;
  partner_name: string | null;
  created_at: string;
}

const headOf = (db: DbOrTx) =>
  db
    .selectFrom('document as d')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as p', 'p.id', 'd.business_partner_id')
    .select([
      'd.id',
      'd.code',
      'd.status',
      'd.version',
      'd.warehouse_id',
      'w.code as warehouse_code',
      'd.business_partner_id',
      'p.code as partner_code',
      'p.name as partner_name',
      'd.created_at',
    ]);

/** A document of the type by its code (case-insensitive). */
export function findDocumentHead(db: DbOrTx, type: 'SALES_RETURN' | 'SALES_ORDER', code: string) {
  return headOf(db).where('d.type', '=', type).where('d.code_lower', '=', codeKey(code)).executeTakeFirst();
}

export function findReturnById(db: DbOrTx, id: number) {
  return headOf(db).where('d.id', '=', id).executeTakeFirstOrThrow();
}

/** At most this many returns in the open list (the oldest first; a longer backlog is worked from the top). */
export const openReturnsLimit = 500;

/** The unfinished returns (OPEN, CLAIMED, IN_PROGRESS), oldest first, at most openReturnsLimit. */
export function openReturns(db: DbOrTx) {
  return headOf(db)
    .where('d.type', '=', 'SALES_RETURN')
    .where('d.status', 'in', ['OPEN', 'CLAIMED', 'IN_PROGRESS'])
    .orderBy('d.created_at')
    .orderBy('d.id')
    .limit(openReturnsLimit)
    .execute();
}

export async function countOpenReturns(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('type', '=', 'SALES_RETURN')
    .where('status', 'in', ['OPEN', 'CLAIMED', 'IN_PROGRESS'])
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface LineRow {
  document_id: number;
  line_number: number;
  item_id: number;
  item_code: string;
  item_name: string;
  managed_by: string;
  block_for_qc_type: string | null;
  quantity: number;
  open_quantity: number;
}

/** The lines of documents with their items, by document and line number. */
export function linesOf(db: DbOrTx, documentIds: readonly number[]): Promise<LineRow[]> {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('document_line as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .select([
      'l.document_id',
      'l.line_number',
      'l.item_id',
      'i.code as item_code',
      'i.name as item_name',
      'i.managed_by',
      'i.block_for_qc_type',
      'l.quantity',
      'l.open_quantity',
    ])
    .where('l.document_id', 'in', documentIds)
    .orderBy('l.document_id')
    .orderBy('l.line_number')
    .execute();
}

export interface EntryRow {
  id: number;
  line_number: number;
  item_id: number;
  item_code: string;
  batch_id: number | null;
  batch_code: string | null;
  serial_id: number | null;
  serial_code: string | null;
  quantity: number;
  condition: string;
  reason: string | null;
  target_bin_location_id: number;
  target_code: string;
  qc_pending: number;
  username: string;
  created_at: string;
  flushed_at: string | null;
}

export function entriesOf(db: DbOrTx, documentId: number): Promise<EntryRow[]> {
  return db
    .selectFrom('sales_return_entry as e')
    .innerJoin('item as i', 'i.id', 'e.item_id')
    .innerJoin('bin_location as b', 'b.id', 'e.target_bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'e.batch_id')
    .leftJoin('serial as s', 's.id', 'e.serial_id')
    .select([
      'e.id',
      'e.line_number',
      'e.item_id',
      'i.code as item_code',
      'e.batch_id',
      'ba.code as batch_code',
      'e.serial_id',
      's.code as serial_code',
      'e.quantity',
      'e.condition',
      'e.reason',
      'e.target_bin_location_id',
      'b.code as target_code',
      'e.qc_pending',
      'e.username',
      'e.created_at',
      'e.flushed_at',
    ])
    .where('e.document_id', '=', documentId)
    .orderBy('e.id')
    .execute();
}

/** The returns whose code is the order's return code (RT-{order}, RT-{order}-2, ...). */
export function returnsWithCodePrefix(db: DbOrTx, prefix: string) {
  const key = codeKey(prefix);
  return db
    .selectFrom('document')
    .select(['id', 'code', 'status'])
    .where('type', '=', 'SALES_RETURN')
    .where((eb) =>
      eb.or([eb('code_lower', '=', key), eb('code_lower', 'like', sql<string>`${`${escapeLike(key)}-%`} escape '\\'`)]),
    )
    .orderBy('id')
    .execute();
}

/** Inserts a return document with its lines; undefined when the code is taken (a concurrent create). */
export async function insertReturn(
  tx: DbOrTx,
  input: {
    code: string;
    warehouseId: number | null;
    partnerId: number | null;
    at: string;
    lines: readonly { itemId: number; quantity: number; source: string }[];
  },
): Promise<number | undefined> {
  const documentId = await createDocumentHead(tx, {
    type: 'SALES_RETURN',
    code: input.code,
    status: 'OPEN',
    warehouseId: input.warehouseId,
    partnerId: input.partnerId,
    at: input.at,
  });
  if (documentId === undefined) return undefined;
  await tx
    .insertInto('document_line')
    .values(
      input.lines.map((line, lineNumber) => ({
        document_id: documentId,
        line_number: lineNumber,
        item_id: line.itemId,
        direction: 'IN',
        quantity: line.quantity,
        open_quantity: line.quantity,
        extras: JSON.stringify({ salesOrder: line.source }),
      })),
    )
    .execute();
  return documentId;
}

/** Holds the customer's row until the transaction ends: entries of one customer are decided one at a time. */
export async function lockPartner(tx: DbOrTx, partnerId: number): Promise<void> {
  await tx
    .updateTable('business_partner')
    .set((eb) => ({ code: eb.ref('code') }))
    .where('id', '=', partnerId)
    .execute();
}

export function warehouseReturnSettings(db: DbOrTx, warehouseId: number) {
  return db
    .selectFrom('warehouse')
    .select([
      'code',
      'allow_create_return',
      'return_location_id',
      'return_qc_location_id',
      'return_reject_location_id',
      'receipt_staging_location_id',
    ])
    .where('id', '=', warehouseId)
    .executeTakeFirst();
}

/** The first active location of the work type in the warehouse (by code), other than `except`. */
export async function firstLocationOfType(
  db: DbOrTx,
  warehouseId: number,
  locationType: string,
  except: number | null,
): Promise<number | undefined> {
  let query = db
    .selectFrom('bin_location')
    .select('id')
    .where('warehouse_id', '=', warehouseId)
    .where('location_type', '=', locationType)
    .where('active', '=', 1);
  if (except !== null) query = query.where('id', '<>', except);
  return (await query.orderBy('code').limit(1).executeTakeFirst())?.id;
}

/** The serial's on-hand stock anywhere (thousandths). */
export async function serialOnHand(db: DbOrTx, serialId: number): Promise<number> {
  const row = await db
    .selectFrom('stock')
    .select(sql<string | number>`coalesce(sum(on_hand_qty), 0)`.as('quantity'))
    .where('serial_id', '=', serialId)
    .executeTakeFirst();
  return Number(row?.quantity ?? 0);
}

export async function insertEntry(
  tx: DbOrTx,
  entry: {
    documentId: number;
    lineNumber: number;
    itemId: number;
    batchId: number | null;
    serialId: number | null;
    quantity: number;
    condition: string;
    reason: string | null;
    targetId: number;
    qcPending: boolean;
    userId: number;
    username: string;
    at: string;
  },
): Promise<number> {
  const row = await tx
    .insertInto('sales_return_entry')
    .values({
      document_id: entry.documentId,
      line_number: entry.lineNumber,
      item_id: entry.itemId,
      batch_id: entry.batchId,
      serial_id: entry.serialId,
      quantity: entry.quantity,
      condition: entry.condition,
      reason: entry.reason,
      target_bin_location_id: entry.targetId,
      qc_pending: entry.qcPending ? 1 : 0,
      user_id: entry.userId,
      username: entry.username,
      created_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes an unflushed entry of the document; answers whether one was deleted. */
export async function deleteUnflushedEntry(tx: DbOrTx, documentId: number, entryId: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('sales_return_entry')
    .where('id', '=', entryId)
    .where('document_id', '=', documentId)
    .where('flushed_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function markEntryFlushed(tx: DbOrTx, entryId: number, at: string): Promise<void> {
  await tx.updateTable('sales_return_entry').set({ flushed_at: at }).where('id', '=', entryId).execute();
}

/** Closes a line: nothing more is expected of it. */
export async function closeLine(tx: DbOrTx, documentId: number, lineNumber: number): Promise<void> {
  await tx
    .updateTable('document_line')
    .set({ open_quantity: 0 })
    .where('document_id', '=', documentId)
    .where('line_number', '=', lineNumber)
    .execute();
}

/** Marks a batch or serial as waiting for quality control. */
export async function markQcPending(tx: DbOrTx, unit: { batchId: number | null; serialId: number | null }) {
  if (unit.batchId !== null) {
    await tx
      .updateTable('batch')
      .set({ quality_control_approved_or_not_required: 0 })
      .where('id', '=', unit.batchId)
      .execute();
  }
  if (unit.serialId !== null) {
    await tx
      .updateTable('serial')
      .set({ quality_control_approved_or_not_required: 0 })
      .where('id', '=', unit.serialId)
      .execute();
  }
}
