import { codeKey, paddedCodeKey, type DeliveryQueryValues } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * The SQL of deliveries (decision 0185): the delivery head (document + delivery row), its lines,
 * what its ledger rows issued per container, the create requests, the sales order lines the
 * delivered units came from, and the lists. Quantities are integer thousandths.
 */

export async function insertDelivery(
  tx: DbOrTx,
  row: { documentId: number; pickListId: number; createdBy: string },
): Promise<void> {
  await tx
    .insertInto('delivery')
    .values({
      document_id: row.documentId,
      pick_list_id: row.pickListId,
      created_by: row.createdBy,
      dispatched_at: null,
      dispatched_by: null,
      cancelled_at: null,
      cancelled_by: null,
      cancel_comment: null,
      reopened_pick_list_id: null,
    })
    .execute();
}

export function findDeliveryRequest(db: DbOrTx, key: string) {
  return db.selectFrom('delivery_request').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function insertDeliveryRequest(
  tx: DbOrTx,
  row: { key: string; pickListId: number; deliveryIds: readonly number[]; at: string },
): Promise<void> {
  await tx
    .insertInto('delivery_request')
    .values({
      idempotency_key: row.key,
      pick_list_id: row.pickListId,
      delivery_ids: JSON.stringify(row.deliveryIds),
      at: row.at,
    })
    .execute();
}

/**
 * The pick entries into the containers summed per list line, source location, container, item,
 * batch and serial (positive sums), with the line's sales order line and its line head.
 */
export async function entriesInContainers(db: DbOrTx, containerIds: readonly number[]) {
  if (containerIds.length === 0) return [];
  const rows = await db
    .selectFrom('pick_entry as e')
    .innerJoin('pick_list_line as pl', 'pl.document_line_id', 'e.document_line_id')
    .innerJoin('document_line as l', 'l.id', 'e.document_line_id')
    .select((eb) => [
      'e.document_line_id',
      'e.from_bin_location_id',
      'e.container_id',
      'e.item_id',
      'e.batch_id',
      'e.serial_id',
      'pl.source_line_id',
      'l.line_number',
      'l.batch_id as line_batch_id',
      'l.serial_id as line_serial_id',
      eb.fn.sum<number | string>('e.quantity').as('quantity'),
    ])
    .where('e.container_id', 'in', [...containerIds])
    .groupBy([
      'e.document_line_id',
      'e.from_bin_location_id',
      'e.container_id',
      'e.item_id',
      'e.batch_id',
      'e.serial_id',
      'pl.source_line_id',
      'l.line_number',
      'l.batch_id',
      'l.serial_id',
    ])
    .orderBy('l.line_number')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).filter((r) => r.quantity > 0);
}
export type EntryRow = Awaited<ReturnType<typeof entriesInContainers>>[number];

/** The sales order lines (id -> code and line number) of the ids. */
export async function salesLinesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { code: string; lineNumber: number }>();
  const rows = await db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select(['l.id', 'd.code', 'l.line_number'])
    .where('l.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { code: r.code, lineNumber: r.line_number }]));
}

/**
 * Changes a sales order line's open and released quantity by delta (delivery: minus; a cancel:
 * plus), guarded: both stay >= 0 and released <= open. Answers whether it was written.
 */
export async function changeDeliveredOnSalesLine(tx: DbOrTx, lineId: number, delta: number): Promise<boolean> {
  const result = await tx
    .updateTable('document_line')
    .set((eb) => ({
      open_quantity: eb('open_quantity', '+', delta),
      released_quantity: eb('released_quantity', '+', delta),
    }))
    .where('id', '=', lineId)
    .where(sql<boolean>`open_quantity + ${delta} >= 0`)
    .where(sql<boolean>`released_quantity + ${delta} >= 0`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertDeliveryLines(
  tx: DbOrTx,
  documentId: number,
  lines: readonly {
    itemId: number;
    batchId: number | null;
    serialId: number | null;
    quantity: number;
    extras: Record<string, unknown>;
  }[],
): Promise<void> {
  if (lines.length === 0) return;
  for (let start = 0; start < lines.length; start += 300) {
    await tx
      .insertInto('document_line')
      .values(
        lines.slice(start, start + 300).map((line, i) => ({
          document_id: documentId,
          line_number: start + i,
          item_id: line.itemId,
          direction: 'OUT',
          quantity: line.quantity,
          open_quantity: 0,
          batch_id: line.batchId,
          serial_id: line.serialId,
          extras: JSON.stringify(line.extras),
        })),
      )
      .execute();
  }
}

export async function markContainersDelivered(tx: DbOrTx, containerIds: readonly number[], deliveryId: number) {
  if (containerIds.length === 0) return;
  await tx
    .updateTable('shipping_container')
    .set({ status: 'DELIVERED', delivery_id: deliveryId })
    .where('id', 'in', [...containerIds])
    .execute();
}

/** A cancel: the delivery's containers back to CLOSED on the new list. */
export async function returnContainers(tx: DbOrTx, deliveryId: number, pickListId: number): Promise<number[]> {
  const rows = await tx.selectFrom('shipping_container').select('id').where('delivery_id', '=', deliveryId).execute();
  await tx
    .updateTable('shipping_container')
    .set({ status: 'CLOSED', pick_list_id: pickListId, delivery_id: null })
    .where('delivery_id', '=', deliveryId)
    .execute();
  return rows.map((r) => r.id);
}

const heads = (db: DbOrTx) =>
  db
    .selectFrom('document as d')
    .innerJoin('delivery as dv', 'dv.document_id', 'd.id')
    .leftJoin('document as pl', 'pl.id', 'dv.pick_list_id')
    .leftJoin('pick_list as p', 'p.document_id', 'dv.pick_list_id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .where('d.type', '=', 'DELIVERY');

const headColumns = [
  'd.id',
  'd.code',
  'd.status',
  'd.version',
  'd.ship_date',
  'd.ship_to_address',
  'd.created_at',
  'd.warehouse_id',
  'd.business_partner_id',
  'w.code as warehouse',
  'bp.code as customer_code',
  'bp.name as customer_name',
  'pl.code as pick_list_code',
  'dv.pick_list_id',
  'p.route',
  'dv.created_by',
  'dv.dispatched_at',
  'dv.dispatched_by',
  'dv.cancelled_at',
  'dv.cancelled_by',
  'dv.cancel_comment',
] as const;

export function findDeliveryByCode(db: DbOrTx, code: string) {
  return heads(db).select(headColumns).where('d.code_lower', '=', codeKey(code)).executeTakeFirst();
}
export type DeliveryHead = NonNullable<Awaited<ReturnType<typeof findDeliveryByCode>>>;

export function findDeliveriesByIds(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return heads(db)
    .select(headColumns)
    .where('d.id', 'in', [...ids])
    .orderBy('d.id')
    .execute();
}

type Filter = Omit<DeliveryQueryValues, 'offset' | 'limit'>;
function filtered(db: DbOrTx, filter: Filter) {
  let query = heads(db);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  if (filter.notDispatched) query = query.where('d.status', '=', 'CREATED');
  if (filter.pickList) query = query.where('pl.code_lower', '=', codeKey(filter.pickList));
  if (filter.customer) query = query.where('bp.code_key', '=', paddedCodeKey(filter.customer));
  return query;
}

export async function listDeliveries(db: DbOrTx, filter: Filter, page: { offset: number; limit: number }) {
  const total = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .select(headColumns)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total.n) };
}

/** Lines and containers counted per delivery. */
export async function countsOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { lines: number; containers: number }>();
  const lines = await db
    .selectFrom('document_line')
    .select(['document_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('document_id', 'in', [...ids])
    .groupBy('document_id')
    .execute();
  const containers = await db
    .selectFrom('document as d')
    .innerJoin('stock_ledger as l', (join) =>
      join.on('l.document_type', '=', 'DELIVERY').onRef('l.document_code', '=', 'd.code'),
    )
    .select(['d.id', sql<number | string>`count(distinct l.bin_location_id)`.as('n')])
    .where('d.id', 'in', [...ids])
    .where('l.transaction_type', '=', 'DELIVERY')
    .groupBy('d.id')
    .execute();
  return new Map(
    ids.map((id) => [
      id,
      {
        lines: Number(lines.find((r) => r.document_id === id)?.n ?? 0),
        containers: Number(containers.find((r) => r.id === id)?.n ?? 0),
      },
    ]),
  );
}

export async function deliveryLines(db: DbOrTx, documentId: number) {
  const rows = await db
    .selectFrom('document_line as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('batch as ba', 'ba.id', 'l.batch_id')
    .leftJoin('serial as s', 's.id', 'l.serial_id')
    .select([
      'l.line_number',
      'l.quantity',
      'l.extras',
      'i.code as item',
      'i.name as item_name',
      'ba.code as batch',
      's.code as serial',
      sql<string | null>`coalesce(ba.expiration_date, s.expiration_date)`.as('expiration_date'),
    ])
    .where('l.document_id', '=', documentId)
    .orderBy('l.line_number')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** What the delivery's DELIVERY ledger rows issued, per bin location (container), item, batch and serial. */
export async function issuedByDelivery(db: DbOrTx, code: string) {
  const rows = await db
    .selectFrom('stock_ledger as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('batch as ba', 'ba.id', 'l.batch_id')
    .leftJoin('serial as s', 's.id', 'l.serial_id')
    .select((eb) => [
      'l.bin_location_id',
      'l.item_id',
      'l.batch_id',
      'l.serial_id',
      'i.code as item',
      'i.name as item_name',
      'ba.code as batch',
      's.code as serial',
      eb.fn.sum<number | string>('l.quantity').as('quantity'),
    ])
    .where('l.transaction_type', '=', 'DELIVERY')
    .where('l.document_type', '=', 'DELIVERY')
    .where('l.document_code', '=', code)
    .groupBy(['l.bin_location_id', 'l.item_id', 'l.batch_id', 'l.serial_id', 'i.code', 'i.name', 'ba.code', 's.code'])
    .orderBy('i.code')
    .execute();
  return rows.map((r) => ({ ...r, quantity: -Number(r.quantity) })).filter((r) => r.quantity > 0);
}

export function containersByBins(db: DbOrTx, binLocationIds: readonly number[]) {
  if (binLocationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shipping_container')
    .selectAll()
    .where('bin_location_id', 'in', [...binLocationIds])
    .orderBy('id')
    .execute();
}

export async function setCancelled(
  tx: DbOrTx,
  id: number,
  row: { by: string; at: string; comment: string | null; reopenedPickListId: number },
): Promise<void> {
  await tx
    .updateTable('delivery')
    .set({
      cancelled_at: row.at,
      cancelled_by: row.by,
      cancel_comment: row.comment,
      reopened_pick_list_id: row.reopenedPickListId,
    })
    .where('document_id', '=', id)
    .execute();
}

/** Packed PICKED lists (not delivered: a delivered list is CLOSED), oldest ship date first. */
export function packedLists(db: DbOrTx, query: { warehouse?: string | undefined; limit: number }) {
  let q = db
    .selectFrom('document as d')
    .innerJoin('pick_list as p', 'p.document_id', 'd.id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .select((eb) => [
      'd.code',
      'd.version',
      'd.ship_date',
      'd.ship_to_address',
      'd.created_at',
      'p.route',
      'w.code as warehouse',
      'bp.code as customer_code',
      'bp.name as customer_name',
      eb
        .selectFrom('shipping_container as sc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sc.pick_list_id', '=', 'd.id')
        .as('containers'),
    ])
    .where('d.type', '=', 'PICK_LIST')
    .where('d.status', '=', 'PICKED')
    .where('p.packed', '=', 1);
  if (query.warehouse !== undefined) q = q.where('w.code_lower', '=', codeKey(query.warehouse));
  return q
    .orderBy('d.priority', 'desc')
    .orderBy(sql`case when d.ship_date is null then 1 else 0 end`)
    .orderBy('d.ship_date')
    .orderBy('d.code_lower')
    .limit(query.limit + 1)
    .execute();
}
