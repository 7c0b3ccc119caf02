import { codeKey } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

/** Every SQL statement of delivery dispatch (features/delivery-dispatch; decision 0187). */

/** What a dispatch screen shows of a delivery's head. */
export interface DispatchHeadRow {
  id: number;
  code: string;
  status: string;
  version: number;
  warehouse: string | null;
  customer_code: string | null;
  customer_name: string | null;
  ship_to_address: string | null;
  ship_date: string | null;
  route: string | null;
  dispatched_at: string | null;
  dispatched_by: string | null;
}

function heads(db: DbOrTx) {
  return db
    .selectFrom('document as d')
    .innerJoin('delivery as dl', 'dl.document_id', 'd.id')
    .leftJoin('pick_list as p', 'p.document_id', 'dl.pick_list_id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .select([
      'd.id',
      'd.code',
      'd.status',
      'd.version',
      'w.code as warehouse',
      'bp.code as customer_code',
      'bp.name as customer_name',
      'd.ship_to_address',
      'd.ship_date',
      'p.route',
      'dl.dispatched_at',
      'dl.dispatched_by',
    ])
    .where('d.type', '=', 'DELIVERY');
}

/** CREATED deliveries by route, ship date and code; `limit` rows at most. */
export async function listNotDispatched(
  db: DbOrTx,
  filter: { warehouse?: string | undefined },
  limit: number,
): Promise<DispatchHeadRow[]> {
  let query = heads(db).where('d.status', '=', 'CREATED');
  if (filter.warehouse !== undefined) query = query.where('w.code', '=', filter.warehouse);
  return query.orderBy('p.route').orderBy('d.ship_date').orderBy('d.code').limit(limit).execute();
}

export async function findDeliveryHead(db: DbOrTx, by: { id: number } | { code: string }) {
  const query = heads(db);
  return ('id' in by ? query.where('d.id', '=', by.id) : query.where('d.code_lower', '=', codeKey(by.code)))
    .limit(1)
    .executeTakeFirst();
}

export async function findDeliveryHeads(db: DbOrTx, ids: readonly number[]): Promise<DispatchHeadRow[]> {
  if (ids.length === 0) return [];
  return heads(db)
    .where('d.id', 'in', [...ids])
    .orderBy('d.code')
    .execute();
}

/** The shipping containers of deliveries, by code. */
export async function containersOfDeliveries(db: DbOrTx, deliveryIds: readonly number[]) {
  const rows: { id: number; code: string; status: string; delivery_id: number | null }[] = [];
  for (let start = 0; start < deliveryIds.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom('shipping_container')
        .select(['id', 'code', 'status', 'delivery_id'])
        .where('delivery_id', 'in', deliveryIds.slice(start, start + 500))
        .orderBy('code')
        .execute()),
    );
  }
  return rows;
}

export async function countNotDispatched(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type', '=', 'DELIVERY')
    .where('status', '=', 'CREATED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A scanned container with its delivery's id and status (null: in no delivery). */
export async function findContainer(db: DbOrTx, code: string) {
  return db
    .selectFrom('shipping_container as c')
    .leftJoin('document as d', (join) => join.onRef('d.id', '=', 'c.delivery_id').on('d.type', '=', 'DELIVERY'))
    .select(['c.id', 'c.code', 'c.status', 'c.delivery_id', 'd.status as delivery_status'])
    .where('c.code_lower', '=', codeKey(code))
    .executeTakeFirst();
}

/** DELIVERED -> DISPATCHED for the container, if still DELIVERED: answers whether it changed. */
export async function markContainerDispatched(tx: DbOrTx, containerId: number): Promise<boolean> {
  const result = await tx
    .updateTable('shipping_container')
    .set({ status: 'DISPATCHED' })
    .where('id', '=', containerId)
    .where('status', '=', 'DELIVERED')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every DELIVERED container of the delivery goes DISPATCHED. */
export async function markDeliveryContainersDispatched(tx: DbOrTx, deliveryId: number): Promise<void> {
  await tx
    .updateTable('shipping_container')
    .set({ status: 'DISPATCHED' })
    .where('delivery_id', '=', deliveryId)
    .where('status', '=', 'DELIVERED')
    .execute();
}

/** Who dispatched the delivery, and when (its status is changed through the document store). */
export async function recordDispatch(
  tx: DbOrTx,
  input: { deliveryId: number; username: string; at: string },
): Promise<void> {
  await tx
    .updateTable('delivery')
    .set({ dispatched_at: input.at, dispatched_by: input.username })
    .where('document_id', '=', input.deliveryId)
    .execute();
}

// ---------------------------------------------------------------- loads

export async function insertLoad(
  tx: DbOrTx,
  input: { dock: string; route: string | null; username: string; at: string; idempotencyKey: string },
): Promise<number | undefined> {
  const row = await tx
    .insertInto('delivery_load')
    .values({
      dock: input.dock,
      route: input.route,
      status: 'OPEN',
      opened_by: input.username,
      opened_at: input.at,
      idempotency_key: input.idempotencyKey,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function findLoadIdByKey(db: DbOrTx, idempotencyKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('delivery_load')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row?.id;
}

export async function findLoad(db: DbOrTx, id: number) {
  return db.selectFrom('delivery_load').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setLoadRoute(tx: DbOrTx, id: number, route: string): Promise<void> {
  await tx.updateTable('delivery_load').set({ route }).where('id', '=', id).where('route', 'is', null).execute();
}

/** OPEN -> CLOSED, if still OPEN. */
export async function closeLoad(tx: DbOrTx, id: number, username: string, at: string): Promise<void> {
  await tx
    .updateTable('delivery_load')
    .set({ status: 'CLOSED', closed_by: username, closed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .execute();
}

export async function loadedContainers(db: DbOrTx, loadId: number) {
  return db
    .selectFrom('delivery_load_container as lc')
    .innerJoin('shipping_container as c', 'c.id', 'lc.container_id')
    .innerJoin('document as d', 'd.id', 'lc.delivery_id')
    .select(['c.code', 'd.code as delivery', 'lc.delivery_id', 'lc.loaded_by', 'lc.loaded_at'])
    .where('lc.load_id', '=', loadId)
    .orderBy('lc.id')
    .execute();
}

/** The load a container was loaded into, if any. */
export async function findLoadOfContainer(db: DbOrTx, containerId: number) {
  return db
    .selectFrom('delivery_load_container')
    .select(['load_id', 'idempotency_key'])
    .where('container_id', '=', containerId)
    .executeTakeFirst();
}

/** A loading scan's key: the load and container it loaded. */
export async function findLoadedByKey(db: DbOrTx, idempotencyKey: string) {
  return db
    .selectFrom('delivery_load_container as lc')
    .innerJoin('shipping_container as c', 'c.id', 'lc.container_id')
    .select(['lc.load_id', 'lc.delivery_id', 'c.code'])
    .where('lc.idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function insertLoadedContainer(
  tx: DbOrTx,
  input: { loadId: number; containerId: number; deliveryId: number; username: string; at: string; key: string },
): Promise<void> {
  await tx
    .insertInto('delivery_load_container')
    .values({
      load_id: input.loadId,
      container_id: input.containerId,
      delivery_id: input.deliveryId,
      loaded_by: input.username,
      loaded_at: input.at,
      idempotency_key: input.key,
    })
    .execute();
}
