import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * The reads of a packing slip (all read-only: a slip shows what the DELIVERY movement wrote) and
 * the slip's print log. The goods of a delivery are its DELIVERY ledger rows at its containers'
 * own bin locations; nothing here reads current stock.
 */

/** A DELIVERY document's head with its customer and warehouse. */
export function findDeliveryByCode(db: DbOrTx, code: string) {
  return db
    .selectFrom('document as d')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .select([
      'd.id',
      'd.code',
      'd.status',
      'd.document_date',
      'd.ship_date',
      'd.created_at',
      'd.ship_to_address',
      'd.erp_reference',
      'bp.code as customer_code',
      'bp.name as customer_name',
      'w.code as warehouse_code',
      'w.name as warehouse_name',
    ])
    .where('d.type', '=', 'DELIVERY')
    .where('d.code_lower', '=', codeKey(code))
    .executeTakeFirst();
}
export type DeliveryHead = NonNullable<Awaited<ReturnType<typeof findDeliveryByCode>>>;

/** The delivery's shipping containers (in the order they were opened) with their pick list and route. */
export function containersOfDelivery(db: DbOrTx, deliveryId: number) {
  return db
    .selectFrom('shipping_container as c')
    .leftJoin('document as p', 'p.id', 'c.pick_list_id')
    .leftJoin('pick_list as pl', 'pl.document_id', 'c.pick_list_id')
    .select([
      'c.id',
      'c.code',
      'c.sscc',
      'c.type',
      'c.box_type',
      'c.bin_location_id',
      'c.pick_list_id',
      'c.weight_mg',
      'c.length_mm',
      'c.width_mm',
      'c.height_mm',
      'p.code as pick_list_code',
      'pl.route',
    ])
    .where('c.delivery_id', '=', deliveryId)
    .orderBy('c.id')
    .execute();
}
export type DeliveryContainerRow = Awaited<ReturnType<typeof containersOfDelivery>>[number];

/** What left in each container: the delivery's DELIVERY ledger rows summed per bin, item, batch and serial (positive thousandths). */
export async function deliveredLines(db: DbOrTx, deliveryCode: string, binLocationIds: readonly number[]) {
  if (binLocationIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock_ledger as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('batch as b', 'b.id', 'l.batch_id')
    .leftJoin('serial as s', 's.id', 'l.serial_id')
    .select([
      'l.bin_location_id',
      'i.code as item_code',
      'i.name as item_name',
      'i.units',
      'b.code as batch',
      'b.expiration_date as batch_expiration',
      's.code as serial',
      's.expiration_date as serial_expiration',
      sql<string | number>`-sum(l.quantity)`.as('quantity'),
    ])
    .where('l.transaction_type', '=', 'DELIVERY')
    .where('l.document_type', '=', 'DELIVERY')
    .where('l.document_code', '=', deliveryCode)
    .where('l.bin_location_id', 'in', [...binLocationIds])
    .groupBy([
      'l.bin_location_id',
      'i.code',
      'i.name',
      'i.units',
      'b.code',
      'b.expiration_date',
      's.code',
      's.expiration_date',
    ])
    .orderBy('l.bin_location_id')
    .orderBy('i.code')
    .orderBy('b.code')
    .orderBy('s.code')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).filter((r) => r.quantity !== 0);
}
export type DeliveredLineRow = Awaited<ReturnType<typeof deliveredLines>>[number];

/** The sales orders the pick lists' lines came from (code and ERP reference), by code. */
export function salesOrdersOfPickLists(db: DbOrTx, pickListIds: readonly number[]) {
  if (pickListIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pick_list_line as pl')
    .innerJoin('document_line as dl', 'dl.id', 'pl.source_line_id')
    .innerJoin('document as d', 'd.id', 'dl.document_id')
    .select(['d.code', 'd.erp_reference'])
    .distinct()
    .where('pl.document_id', 'in', [...pickListIds])
    .orderBy('d.code')
    .execute();
}

/** The deliveries of a pick list's containers, newest first. */
export function deliveriesOfPickList(db: DbOrTx, pickListCode: string) {
  return db
    .selectFrom('document as p')
    .leftJoin('shipping_container as c', 'c.pick_list_id', 'p.id')
    .leftJoin('document as d', 'd.id', 'c.delivery_id')
    .select(['p.code as pick_list_code', 'd.code as delivery_code', 'd.id as delivery_id'])
    .where('p.type', '=', 'PICK_LIST')
    .where('p.code_lower', '=', codeKey(pickListCode))
    .orderBy('d.id', 'desc')
    .execute();
}

/** A shipping container by code with its delivery's code (null while not delivered). */
export function findContainerDelivery(db: DbOrTx, containerCode: string) {
  return db
    .selectFrom('shipping_container as c')
    .leftJoin('document as d', 'd.id', 'c.delivery_id')
    .select(['c.code', 'd.code as delivery_code'])
    .where('c.code_lower', '=', codeKey(containerCode))
    .executeTakeFirst();
}

export interface NewPrintLogEntry {
  deliveryId: number;
  deliveryCode: string;
  kind: string;
  printer: string | null;
  userId: number | null;
  username: string;
  at: string;
}

export async function insertPrintLog(db: DbOrTx, entry: NewPrintLogEntry): Promise<void> {
  await db
    .insertInto('packing_slip_print')
    .values({
      delivery_id: entry.deliveryId,
      delivery_code: entry.deliveryCode,
      kind: entry.kind,
      printer: entry.printer,
      user_id: entry.userId,
      username: entry.username,
      at: entry.at,
    })
    .execute();
}

/** Whether the slip of the delivery was printed before (a print then is a REPRINT). */
export async function wasPrinted(db: DbOrTx, deliveryId: number): Promise<boolean> {
  const row = await db
    .selectFrom('packing_slip_print')
    .select('id')
    .where('delivery_id', '=', deliveryId)
    .where('kind', 'in', ['PRINT', 'REPRINT'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The log of a delivery's slip, newest first (at most `limit` entries). */
export function printLogOf(db: DbOrTx, deliveryId: number, limit: number) {
  return db
    .selectFrom('packing_slip_print')
    .select(['at', 'username', 'kind', 'printer'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
