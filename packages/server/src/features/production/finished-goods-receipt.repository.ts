import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { locationRuleColumns } from '../stock/stock-queries.js';

/**
 * The SQL of the finished goods receipt (finished-goods-receipt.service.ts): the work order with
 * its item, warehouse and production order, the conditional raise of its received quantity, the
 * target location, and the batches and serials a receipt creates.
 */

function orders(db: DbOrTx) {
  return db
    .selectFrom('work_order as o')
    .innerJoin('item as i', 'i.id', 'o.item_id')
    .leftJoin('warehouse as w', 'w.id', 'o.warehouse_id')
    .leftJoin('document as d', 'd.id', 'o.document_id')
    .select([
      'o.id',
      'o.code',
      'o.visual_code',
      'o.status',
      'o.planned_qty',
      'o.completed_qty',
      'o.received_qty',
      'o.warehouse_id',
      'o.document_id',
      'o.created_at',
      'w.code as warehouse_code',
      'd.code as production_order_code',
      'i.id as item_id',
      'i.code as item_code',
      'i.visual_code as item_visual_code',
      'i.name as item_name',
      'i.units as item_units',
      'i.barcode as item_barcode',
      'i.managed_by',
      'i.serial_managed_by_dispatch',
      'i.scan_expiration_date',
      'i.scan_manufacturing_date',
      'i.block_for_qc_type',
      'i.active as item_active',
      'i.is_stock_item',
    ]);
}
export type FinishedGoodsOrderRow = Awaited<ReturnType<ReturnType<typeof orders>['execute']>>[number];

/** A work order by its code, or by the code of its production order document (lower-cased). */
export async function findOrderByCodeLower(db: DbOrTx, codeLower: string): Promise<FinishedGoodsOrderRow | undefined> {
  const byCode = await orders(db).where('o.code_lower', '=', codeLower).executeTakeFirst();
  if (byCode) return byCode;
  return orders(db)
    .where('d.type', '=', 'PRODUCTION_ORDER')
    .where('d.code_lower', '=', codeLower)
    .orderBy('o.id')
    .executeTakeFirst();
}

/** The work orders of an item with reported output not yet received, oldest first. */
export function receivableOrdersOfItem(db: DbOrTx, itemId: number, limit: number): Promise<FinishedGoodsOrderRow[]> {
  return orders(db)
    .where('o.item_id', '=', itemId)
    .where(sql<boolean>`o.completed_qty > o.received_qty`)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

export function findItemIdByCodeLower(db: DbOrTx, codeLower: string) {
  return db.selectFrom('item').select(['id', 'code']).where('code_lower', '=', codeLower).executeTakeFirst();
}

/**
 * Raises the received quantity by `quantity` only while it stays within the reported quantity
 * plus the tolerance (thousandths of a percent of the reported quantity, rounded down): one
 * conditional statement, so two receipts at once never pass the cap together. Answers whether the
 * row changed; the row as it is now.
 */
export async function addReceivedQuantity(
  tx: DbOrTx,
  workOrderId: number,
  quantity: number,
  tolerancePercent: number,
  at: string,
): Promise<{ received_qty: number | string; completed_qty: number | string } | undefined> {
  return tx
    .updateTable('work_order')
    .set((eb) => ({
      received_qty: eb('received_qty', '+', quantity),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', workOrderId)
    .where(sql<boolean>`received_qty + ${quantity} <= completed_qty + (completed_qty * ${tolerancePercent}) / 100000`)
    .returning(['received_qty', 'completed_qty'])
    .executeTakeFirst();
}

export function quantitiesOfOrder(db: DbOrTx, workOrderId: number) {
  return db
    .selectFrom('work_order')
    .select(['completed_qty', 'received_qty'])
    .where('id', '=', workOrderId)
    .executeTakeFirstOrThrow();
}

/** Lowers the open quantity of the production order's product line (IN) of the item, never below 0. */
export async function lowerProductLineOpenQuantity(
  tx: DbOrTx,
  documentId: number,
  itemId: number,
  quantity: number,
): Promise<void> {
  await tx
    .updateTable('document_line')
    .set({
      open_quantity: sql<number>`case when open_quantity > ${quantity} then open_quantity - ${quantity} else 0 end`,
    })
    .where('document_id', '=', documentId)
    .where('item_id', '=', itemId)
    .where('direction', '=', 'IN')
    .execute();
}

export function findLocationByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('bin_location')
    .select([...locationRuleColumns, 'warehouse_id', 'active'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}
export type FinishedGoodsLocationRow = NonNullable<Awaited<ReturnType<typeof findLocationByCodeLower>>>;

/** The first active location (by code) of a work type in a warehouse, of physical type NORMAL. */
export function firstLocationOfType(db: DbOrTx, warehouseId: number, locationType: string) {
  return db
    .selectFrom('bin_location')
    .select(['id', 'code'])
    .where('warehouse_id', '=', warehouseId)
    .where('location_type', '=', locationType)
    .where('physical_location_type', '=', 'NORMAL')
    .where('active', '=', 1)
    .orderBy('code_lower')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the location holds any stock (a stock row exists only while it holds something). */
export async function locationHoldsStock(db: DbOrTx, binLocationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock')
    .select('id')
    .where('bin_location_id', '=', binLocationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * PostgreSQL: waits for other transactions that put stock into this location (the stock service's
 * location lock space "ST", stock.repository.ts lockLocations), so the empty-location rule of
 * QC-pending output sees every movement committed before.
 */
export async function lockLocationForQc(tx: DbOrTx, binLocationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${0x5354}, ${binLocationId})`.execute(tx);
}

export function findBatch(db: DbOrTx, itemId: number, codeKeyValue: string) {
  return db
    .selectFrom('batch')
    .select(['id', 'code', 'expiration_date', 'quality_control_approved_or_not_required'])
    .where('item_id', '=', itemId)
    .where('code_key', '=', codeKeyValue)
    .executeTakeFirst();
}

export interface NewUnit {
  itemId: number;
  code: string;
  codeKey: string;
  admissionDate: string;
  manufacturingDate: string | null;
  expirationDate: string | null;
  qcApproved: boolean;
}

/** Inserts a batch unless (item, code) exists already (a concurrent receipt made it): the new id, or undefined. */
export async function insertBatch(tx: DbOrTx, batch: NewUnit): Promise<number | undefined> {
  const row = await tx
    .insertInto('batch')
    .values({
      item_id: batch.itemId,
      code: batch.code,
      code_key: batch.codeKey,
      visual_code: batch.code,
      admission_date: batch.admissionDate,
      manufacturing_date: batch.manufacturingDate,
      expiration_date: batch.expirationDate,
      quality_control_approved_or_not_required: batch.qcApproved ? 1 : 0,
    })
    .onConflict((oc) => oc.columns(['item_id', 'code_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** QC-pending output of a batch or serials: its flag says it still needs quality control. */
export async function markQcRequired(tx: DbOrTx, table: 'batch' | 'serial', ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable(table)
    .set({ quality_control_approved_or_not_required: 0 })
    .where('id', 'in', [...ids])
    .execute();
}

export function findSerials(db: DbOrTx, itemId: number, codeKeys: readonly string[]) {
  return db
    .selectFrom('serial')
    .select(['id', 'code', 'code_key'])
    .where('item_id', '=', itemId)
    .where('code_key', 'in', [...codeKeys])
    .execute();
}

/** Inserts a serial unless (item, code) exists already: the new id, or undefined. */
export async function insertSerial(tx: DbOrTx, serial: NewUnit): Promise<number | undefined> {
  const row = await tx
    .insertInto('serial')
    .values({
      item_id: serial.itemId,
      code: serial.code,
      code_key: serial.codeKey,
      visual_code: serial.code,
      admission_date: serial.admissionDate,
      manufacturing_date: serial.manufacturingDate,
      expiration_date: serial.expirationDate,
      quality_control_approved_or_not_required: serial.qcApproved ? 1 : 0,
    })
    .onConflict((oc) => oc.columns(['item_id', 'code_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
