import { codeKey } from '@wms/contract';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The SQL of packing (decision 0185): what the containers hold, the verification per content row,
 * the idempotency keys of packing calls, the differences found and the pick entries behind a
 * container's content. Quantities are integer thousandths.
 */

/** One content row of a container: a stock row of its bin location. */
export interface ContentKey {
  itemId: number;
  batchId: number | null;
  serialId: number | null;
}
export const contentKeyOf = (k: ContentKey): string => `${k.itemId}:${k.batchId ?? 0}:${k.serialId ?? 0}`;

/** What the containers' bin locations hold now, with item, batch and serial names. */
export async function contentsOf(db: DbOrTx, binLocationIds: readonly number[]) {
  if (binLocationIds.length === 0) return [];
  const rows = await db
    .selectFrom('stock as st')
    .innerJoin('item as i', 'i.id', 'st.item_id')
    .leftJoin('batch as ba', 'ba.id', 'st.batch_id')
    .leftJoin('serial as s', 's.id', 'st.serial_id')
    .select([
      'st.bin_location_id',
      'st.item_id',
      'st.batch_id',
      'st.serial_id',
      'st.on_hand_qty',
      'st.pick_qty',
      'i.code as item_code',
      'i.name as item_name',
      'ba.code as batch_code',
      sql<string | null>`coalesce(ba.expiration_date, s.expiration_date)`.as('expiration_date'),
      's.code as serial_code',
    ])
    .where('st.bin_location_id', 'in', [...binLocationIds])
    .where('st.on_hand_qty', '>', 0)
    .orderBy('i.code')
    .orderBy('ba.code')
    .orderBy('s.code')
    .execute();
  return rows.map((r) => ({
    ...r,
    itemId: r.item_id,
    batchId: r.batch_id,
    serialId: r.serial_id,
    onHand: Number(r.on_hand_qty),
    pick: Number(r.pick_qty),
  }));
}
export type ContentRow = Awaited<ReturnType<typeof contentsOf>>[number];

export async function verificationsOf(db: DbOrTx, pickListId: number) {
  const rows = await db
    .selectFrom('pack_verification')
    .select(['container_id', 'item_id', 'batch_id', 'serial_id', 'verified_qty'])
    .where('pick_list_id', '=', pickListId)
    .execute();
  return rows.map((r) => ({
    containerId: r.container_id,
    itemId: r.item_id,
    batchId: r.batch_id,
    serialId: r.serial_id,
    verified: Number(r.verified_qty),
  }));
}

function sameKey(key: ContentKey) {
  return (eb: ExpressionBuilder<Database, 'pack_verification'>) =>
    eb.and([
      eb('item_id', '=', key.itemId),
      key.batchId === null ? eb('batch_id', 'is', null) : eb('batch_id', '=', key.batchId),
      key.serialId === null ? eb('serial_id', 'is', null) : eb('serial_id', '=', key.serialId),
    ]);
}

/** Sets (or with `add`, raises) the verified quantity of a container's content row. */
export async function changeVerified(
  tx: DbOrTx,
  row: { pickListId: number; containerId: number } & ContentKey,
  quantity: number,
  mode: 'SET' | 'ADD',
  at: string,
): Promise<void> {
  const result = await tx
    .updateTable('pack_verification')
    .set({
      verified_qty: mode === 'SET' ? quantity : sql<number>`verified_qty + ${quantity}`,
      pick_list_id: row.pickListId,
      updated_at: at,
    })
    .where('container_id', '=', row.containerId)
    .where(sameKey(row))
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return;
  await tx
    .insertInto('pack_verification')
    .values({
      pick_list_id: row.pickListId,
      container_id: row.containerId,
      item_id: row.itemId,
      batch_id: row.batchId,
      serial_id: row.serialId,
      verified_qty: Math.max(0, quantity),
      updated_at: at,
    })
    .execute();
}

export function findPackRequest(db: DbOrTx, key: string) {
  return db.selectFrom('pack_request').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function insertPackRequest(
  tx: DbOrTx,
  request: { key: string; pickListId: number; kind: string; username: string; at: string },
): Promise<void> {
  await tx
    .insertInto('pack_request')
    .values({
      idempotency_key: request.key,
      pick_list_id: request.pickListId,
      kind: request.kind,
      username: request.username,
      at: request.at,
    })
    .execute();
}

/** The differences of a list not yet accepted. */
export async function openDifferencesOf(db: DbOrTx, pickListId: number) {
  const rows = await db
    .selectFrom('pack_difference')
    .selectAll()
    .where('pick_list_id', '=', pickListId)
    .where('accepted_at', 'is', null)
    .execute();
  return rows.map((r) => ({ ...r, missing: Number(r.missing) }));
}

export async function insertDifference(
  tx: DbOrTx,
  difference: {
    pickListId: number;
    containerId: number;
    missing: number;
    recountDocumentId: number | null;
  } & ContentKey,
  username: string,
  at: string,
): Promise<void> {
  await tx
    .insertInto('pack_difference')
    .values({
      pick_list_id: difference.pickListId,
      container_id: difference.containerId,
      item_id: difference.itemId,
      batch_id: difference.batchId,
      serial_id: difference.serialId,
      missing: difference.missing,
      recount_document_id: difference.recountDocumentId,
      raised_by: username,
      raised_at: at,
      accepted_by: null,
      accepted_at: null,
    })
    .execute();
}

export async function acceptDifferences(tx: DbOrTx, pickListId: number, username: string, at: string): Promise<void> {
  await tx
    .updateTable('pack_difference')
    .set({ accepted_by: username, accepted_at: at })
    .where('pick_list_id', '=', pickListId)
    .where('accepted_at', 'is', null)
    .execute();
}

/**
 * The pick entries behind a container's content row, summed per list line and source location
 * (positive sums only), with the sales order line each list line came from.
 */
export async function picksBehind(db: DbOrTx, containerId: number, key: ContentKey) {
  const rows = await db
    .selectFrom('pick_entry as e')
    .innerJoin('pick_list_line as pl', 'pl.document_line_id', 'e.document_line_id')
    .select((eb) => [
      'e.document_line_id',
      'e.document_id',
      'e.from_bin_location_id',
      'pl.source_line_id',
      'pl.short_reason',
      eb.fn.sum<number | string>('e.quantity').as('quantity'),
    ])
    .where('e.container_id', '=', containerId)
    .where('e.item_id', '=', key.itemId)
    .where((eb) => (key.batchId === null ? eb('e.batch_id', 'is', null) : eb('e.batch_id', '=', key.batchId)))
    .where((eb) => (key.serialId === null ? eb('e.serial_id', 'is', null) : eb('e.serial_id', '=', key.serialId)))
    .groupBy(['e.document_line_id', 'e.document_id', 'e.from_bin_location_id', 'pl.source_line_id', 'pl.short_reason'])
    .orderBy('e.document_line_id')
    .orderBy('e.from_bin_location_id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })).filter((r) => r.quantity > 0);
}

/** Gives a line without a short reason the reason (an accepted packing difference is short). */
export async function defaultShortReason(tx: DbOrTx, lineId: number, reason: string): Promise<void> {
  await tx
    .updateTable('pick_list_line')
    .set({ short_reason: reason })
    .where('document_line_id', '=', lineId)
    .where('short_reason', 'is', null)
    .execute();
}

/** The pick list of a container code (undefined: no container has it). */
export function pickListCodeOfContainer(db: DbOrTx, code: string) {
  return db
    .selectFrom('shipping_container as c')
    .leftJoin('document as d', 'd.id', 'c.pick_list_id')
    .select(['c.code', 'd.code as pick_list_code'])
    .where('c.code_lower', '=', codeKey(code))
    .executeTakeFirst();
}

/**
 * A list whose put wall has started (features/multi-address-delivery, decision 0188) is sorted and
 * delivered there, slot by slot: it is no list to pack, and neither /pack nor /delivery counts it.
 */
const notOnPutWall = (eb: ExpressionBuilder<Database & { d: Database['document'] }, 'd'>) =>
  eb.not(eb.exists(eb.selectFrom('put_wall_slot as pw').select('pw.id').whereRef('pw.pick_list_id', '=', 'd.id')));

/** Whether the list's put wall has started (see notOnPutWall). */
export async function isOnPutWall(db: DbOrTx, pickListId: number): Promise<boolean> {
  const row = await db
    .selectFrom('put_wall_slot')
    .select('id')
    .where('pick_list_id', '=', pickListId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const waitingForPacking = (db: DbOrTx, warehouse: string | undefined) => {
  let query = db
    .selectFrom('document as d')
    .innerJoin('pick_list as p', 'p.document_id', 'd.id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .where('d.type', '=', 'PICK_LIST')
    .where('d.status', 'in', ['PICKED', 'PARTLY_PICKED'])
    .where('p.packed', '=', 0)
    .where(notOnPutWall);
  if (warehouse !== undefined) query = query.where('w.code_lower', '=', codeKey(warehouse));
  return query;
};

/** PICKED and PARTLY_PICKED lists not packed: a page, and how many in all. */
export async function listsWaitingForPacking(
  db: DbOrTx,
  query: { warehouse?: string | undefined; offset: number; limit: number },
) {
  const total = await waitingForPacking(db, query.warehouse)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await waitingForPacking(db, query.warehouse)
    .select((eb) => [
      'd.code',
      'd.status',
      'd.version',
      'd.priority',
      'd.ship_date',
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
      eb
        .selectFrom('document_line as dl')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('dl.document_id', '=', 'd.id')
        .as('lines'),
    ])
    .orderBy(sql`case when d.status = 'PICKED' then 0 else 1 end`)
    .orderBy('d.priority', 'desc')
    .orderBy(sql`case when d.ship_date is null then 1 else 0 end`)
    .orderBy('d.ship_date')
    .orderBy('d.code_lower')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  return { rows, total: Number(total.n) };
}

/** The counters' numbers: PICKED lists not packed (/pack), packed PICKED lists (/delivery). */
export async function countPackAndDelivery(db: DbOrTx): Promise<{ toPack: number; toDeliver: number }> {
  const rows = await db
    .selectFrom('document as d')
    .innerJoin('pick_list as p', 'p.document_id', 'd.id')
    .select(['p.packed', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('d.type', '=', 'PICK_LIST')
    .where('d.status', '=', 'PICKED')
    .where(notOnPutWall)
    .groupBy('p.packed')
    .execute();
  const of = (packed: number) => Number(rows.find((r) => Number(r.packed) === packed)?.n ?? 0);
  return { toPack: of(0), toDeliver: of(1) };
}
