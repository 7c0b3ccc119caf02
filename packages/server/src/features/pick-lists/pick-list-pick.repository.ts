import { codeKey, paddedCodeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { StockKey } from '../stock/stock.service.js';

/** The reads and writes of the handheld's steps on a pick list (pick, short, skip). */

/** The pick entry a key posted (any list), if any. */
export function findEntryByKey(db: DbOrTx, key: string) {
  return db
    .selectFrom('pick_entry')
    .select(['id', 'document_id'])
    .where('idempotency_key', '=', key)
    .limit(1)
    .executeTakeFirst();
}

export function findLine(db: DbOrTx, documentId: number, lineNumber: number) {
  return db
    .selectFrom('document_line as l')
    .innerJoin('pick_list_line as pl', 'pl.document_line_id', 'l.id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'l.line_number',
      'l.item_id',
      'l.quantity',
      'l.open_quantity',
      'l.batch_id',
      'l.serial_id',
      'pl.source_line_id',
      'pl.picked_qty',
      'pl.short_qty',
      'pl.short_reason',
      'pl.walk_order',
      'i.code as item_code',
      'i.managed_by',
    ])
    .where('l.document_id', '=', documentId)
    .where('l.line_number', '=', lineNumber)
    .executeTakeFirst();
}

export type LineRow = NonNullable<Awaited<ReturnType<typeof findLine>>>;

/** A location of the warehouse by code or barcode. */
export function findLocation(db: DbOrTx, warehouseId: number | null, code: string) {
  const key = codeKey(code);
  let query = db
    .selectFrom('bin_location')
    .select([
      'id',
      'code',
      'location_type',
      'active',
      'block_stock_movements',
      'stock_movement_restricted',
      'requires_counting',
    ])
    .where((eb) => eb.or([eb('code_lower', '=', key), eb('barcode_lower', '=', key)]));
  if (warehouseId !== null) query = query.where('warehouse_id', '=', warehouseId);
  return query.orderBy('id').limit(1).executeTakeFirst();
}

export type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

export function findBatch(db: DbOrTx, itemId: number, code: string) {
  return db
    .selectFrom('batch')
    .select(['id', 'code', 'expiration_date', 'quality_control_approved_or_not_required as approved'])
    .where('item_id', '=', itemId)
    .where('code_key', '=', paddedCodeKey(code))
    .executeTakeFirst();
}

/** The item's serials by code (the codes' padded keys), one read for a pick of many serials. */
export function findSerials(db: DbOrTx, itemId: number, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('serial')
    .select(['id', 'code', 'code_key', 'expiration_date', 'quality_control_approved_or_not_required as approved'])
    .where('item_id', '=', itemId)
    .where('code_key', 'in', [...new Set(codes.map(paddedCodeKey))])
    .execute();
}

/** An item's id by code. */
export function findItemByCode(db: DbOrTx, code: string) {
  return db.selectFrom('item').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirst();
}

/** The stock row of a key (integer thousandths), if any. */
export function stockRow(db: DbOrTx, key: StockKey) {
  let query = db
    .selectFrom('stock')
    .select(['on_hand_qty', 'released_qty', 'pick_qty', 'qc_pending_qty'])
    .where('item_id', '=', key.itemId)
    .where('bin_location_id', '=', key.binLocationId);
  query = key.batchId === null ? query.where('batch_id', 'is', null) : query.where('batch_id', '=', key.batchId);
  query = key.serialId === null ? query.where('serial_id', 'is', null) : query.where('serial_id', '=', key.serialId);
  return query.executeTakeFirst();
}

/** The item's on-hand stock at the location, all batches and serials (integer thousandths). */
export async function onHandOfItemAt(db: DbOrTx, itemId: number, binLocationId: number): Promise<number> {
  const row = await db
    .selectFrom('stock')
    .select((eb) => eb.fn.sum<number | string | null>('on_hand_qty').as('n'))
    .where('item_id', '=', itemId)
    .where('bin_location_id', '=', binLocationId)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

export interface NewPickEntry extends StockKey {
  documentLineId: number;
  documentId: number;
  containerId: number;
  quantity: number;
  userId: number;
  username: string;
  at: string;
  idempotencyKey: string;
}

export async function insertPickEntries(tx: DbOrTx, entries: readonly NewPickEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insertInto('pick_entry')
    .values(
      entries.map((e) => ({
        document_line_id: e.documentLineId,
        document_id: e.documentId,
        item_id: e.itemId,
        batch_id: e.batchId,
        serial_id: e.serialId,
        from_bin_location_id: e.binLocationId,
        container_id: e.containerId,
        quantity: e.quantity,
        user_id: e.userId,
        username: e.username,
        at: e.at,
        idempotency_key: e.idempotencyKey,
      })),
    )
    .execute();
}

/**
 * Adds picked and short quantity to a line and lowers its open quantity by both, only while the
 * open quantity covers them (false otherwise: nothing written).
 */
export async function addToLineProgress(
  tx: DbOrTx,
  lineId: number,
  change: { picked: number; short: number; shortReason?: string | null },
): Promise<boolean> {
  const total = change.picked + change.short;
  const result = await tx
    .updateTable('document_line')
    .set({ open_quantity: sql<number>`open_quantity - ${total}` })
    .where('id', '=', lineId)
    .where('open_quantity', '>=', total)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await tx
    .updateTable('pick_list_line')
    .set({
      picked_qty: sql<number>`picked_qty + ${change.picked}`,
      short_qty: sql<number>`short_qty + ${change.short}`,
      ...(change.shortReason !== undefined ? { short_reason: change.shortReason } : {}),
    })
    .where('document_line_id', '=', lineId)
    .execute();
  return true;
}

/** Sets the reason a line was short (flush: a reason given after the short). */
export async function setShortReason(tx: DbOrTx, lineId: number, reason: string | null): Promise<void> {
  await tx.updateTable('pick_list_line').set({ short_reason: reason }).where('document_line_id', '=', lineId).execute();
}

/** The next walk order after every line of the list (a skipped or re-allocated line goes last). */
export async function nextWalkOrder(db: DbOrTx, documentId: number): Promise<number> {
  const row = await db
    .selectFrom('pick_list_line')
    .select((eb) => eb.fn.max<number | null>('walk_order').as('n'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0) + 1;
}

export async function moveLineLast(db: DbOrTx, documentId: number, lineId: number): Promise<void> {
  const walkOrder = await nextWalkOrder(db, documentId);
  await db
    .updateTable('pick_list_line')
    .set({ walk_order: walkOrder, skipped: 1 })
    .where('document_line_id', '=', lineId)
    .execute();
}
