import type { DbOrTx } from '../../db/database.js';

/**
 * The SQL of the put wall (decision 0188): its slots, the ship-to of each list line (the sales
 * order line's extras shipTo, else the order's, else the list's), what each slot is due and has
 * been put per item, and the put keys. Quantities are integer thousandths.
 */

export function slotsOf(db: DbOrTx, pickListId: number) {
  return db
    .selectFrom('put_wall_slot as s')
    .leftJoin('shipping_container as c', 'c.id', 's.container_id')
    .leftJoin('document as d', 'd.id', 's.delivery_id')
    .select([
      's.id',
      's.slot',
      's.ship_to_key',
      's.ship_to',
      's.container_id',
      's.status',
      's.delivery_id',
      'c.code as container_code',
      'c.bin_location_id as container_bin_location_id',
      'c.status as container_status',
      'd.code as delivery_code',
    ])
    .where('s.pick_list_id', '=', pickListId)
    .orderBy('s.slot')
    .execute();
}
export type SlotRow = Awaited<ReturnType<typeof slotsOf>>[number];

export async function insertSlots(
  tx: DbOrTx,
  rows: readonly { pickListId: number; slot: string; key: string; shipTo: string; username: string; at: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto('put_wall_slot')
    .values(
      rows.map((r) => ({
        pick_list_id: r.pickListId,
        slot: r.slot,
        ship_to_key: r.key,
        ship_to: r.shipTo,
        container_id: null,
        status: 'OPEN',
        delivery_id: null,
        created_by: r.username,
        created_at: r.at,
      })),
    )
    .execute();
}

export async function setSlotContainer(tx: DbOrTx, slotId: number, containerId: number): Promise<void> {
  await tx
    .updateTable('put_wall_slot')
    .set({ container_id: containerId })
    .where('id', '=', slotId)
    .where('container_id', 'is', null)
    .execute();
}

export async function markSlotDelivered(tx: DbOrTx, slotId: number, deliveryId: number): Promise<void> {
  await tx
    .updateTable('put_wall_slot')
    .set({ status: 'DELIVERED', delivery_id: deliveryId })
    .where('id', '=', slotId)
    .execute();
}

/** Each line of the list: its item, picked quantity and the stored ship-to of its source. */
export function linesWithShipTo(db: DbOrTx, pickListId: number) {
  return db
    .selectFrom('pick_list_line as p')
    .innerJoin('document_line as l', 'l.id', 'p.document_line_id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .innerJoin('document as pl', 'pl.id', 'p.document_id')
    .leftJoin('document_line as so', 'so.id', 'p.source_line_id')
    .leftJoin('document as o', 'o.id', 'so.document_id')
    .select([
      'p.document_line_id',
      'p.source_line_id',
      'p.picked_qty',
      'l.line_number',
      'l.item_id',
      'i.code as item_code',
      'i.name as item_name',
      'so.extras as source_extras',
      'o.ship_to_address as order_ship_to',
      'pl.ship_to_address as list_ship_to',
    ])
    .where('p.document_id', '=', pickListId)
    .orderBy('l.line_number')
    .execute();
}
export type LineShipToRow = Awaited<ReturnType<typeof linesWithShipTo>>[number];

/** The positive sums of pick entries per list line and container (what each container holds of each line). */
export async function entriesPerLineAndContainer(db: DbOrTx, pickListId: number) {
  const rows = await db
    .selectFrom('pick_entry as e')
    .select((eb) => ['e.document_line_id', 'e.container_id', eb.fn.sum<number | string>('e.quantity').as('quantity')])
    .where('e.document_id', '=', pickListId)
    .groupBy(['e.document_line_id', 'e.container_id'])
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).filter((r) => r.quantity > 0);
}

export function findPutRequest(db: DbOrTx, key: string) {
  return db.selectFrom('put_wall_request').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function insertPutRequest(
  tx: DbOrTx,
  row: { key: string; pickListId: number; slot: string; deliveryId: number | null; at: string },
): Promise<void> {
  await tx
    .insertInto('put_wall_request')
    .values({
      idempotency_key: row.key,
      pick_list_id: row.pickListId,
      slot: row.slot,
      delivery_id: row.deliveryId,
      at: row.at,
    })
    .execute();
}

/** The codes and barcodes (lower case) of the items in the cart, to read a unit scan against. */
export function itemCodesOf(db: DbOrTx, itemIds: readonly number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('item')
    .select(['id', 'code_lower', 'barcode_lower', 'barcode2_lower', 'barcode3_lower'])
    .where('id', 'in', [...new Set(itemIds)])
    .execute();
}
export type ItemCodesRow = Awaited<ReturnType<typeof itemCodesOf>>[number];

/** The item a put moved (its TRANSFER's ledger rows carry the put's key): what a replay names. */
export async function itemOfPut(db: DbOrTx, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('stock_ledger')
    .select('item_id')
    .where('idempotency_key', '=', key)
    .limit(1)
    .executeTakeFirst();
  return row?.item_id;
}
