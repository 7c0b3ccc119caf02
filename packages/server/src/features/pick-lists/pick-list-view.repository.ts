import { codeKey } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

/**
 * The reads behind loadPickListView: a list's lines, allocations, picks and containers (its head
 * is pick-lists.repository.ts findPickListByCode).
 */

export function linesOfList(db: DbOrTx, documentId: number) {
  return db
    .selectFrom('document_line as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('pick_list_line as pl', 'pl.document_line_id', 'l.id')
    .leftJoin('document_line as sl', 'sl.id', 'pl.source_line_id')
    .leftJoin('document as so', 'so.id', 'sl.document_id')
    .select([
      'l.id',
      'l.line_number',
      'l.quantity',
      'l.open_quantity',
      'i.code as item_code',
      'i.name as item_name',
      'i.managed_by',
      'pl.picked_qty',
      'pl.short_qty',
      'pl.short_reason',
      'pl.walk_order',
      'pl.skipped',
      'so.code as sales_order',
      'sl.line_number as sales_order_line',
    ])
    .where('l.document_id', '=', documentId)
    .orderBy('pl.walk_order')
    .orderBy('l.line_number')
    .execute();
}

export function allocationsOfList(db: DbOrTx, documentId: number) {
  return db
    .selectFrom('stock_allocation as a')
    .innerJoin('document_line as l', 'l.id', 'a.document_line_id')
    .innerJoin('bin_location as b', 'b.id', 'a.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'a.batch_id')
    .leftJoin('serial as s', 's.id', 'a.serial_id')
    .select([
      'a.document_line_id',
      'a.quantity',
      'b.code as location',
      'b.sorting_code',
      'ba.code as batch',
      's.code as serial',
      'ba.expiration_date as batch_expiry',
      's.expiration_date as serial_expiry',
    ])
    .where('l.document_id', '=', documentId)
    .orderBy('b.sorting_code')
    .orderBy('b.code_lower')
    .orderBy('ba.expiration_date')
    .orderBy('a.id')
    .execute();
}

/** The picks of the list summed per line, container, source location, batch and serial. */
export function picksOfList(db: DbOrTx, documentId: number) {
  return db
    .selectFrom('pick_entry as e')
    .innerJoin('shipping_container as c', 'c.id', 'e.container_id')
    .innerJoin('bin_location as b', 'b.id', 'e.from_bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'e.batch_id')
    .leftJoin('serial as s', 's.id', 'e.serial_id')
    .select((eb) => [
      'e.document_line_id',
      'c.code as container',
      'b.code as location',
      'ba.code as batch',
      's.code as serial',
      eb.fn.sum<number | string>('e.quantity').as('quantity'),
    ])
    .where('e.document_id', '=', documentId)
    .groupBy(['e.document_line_id', 'c.code', 'b.code', 'ba.code', 's.code'])
    .orderBy('c.code')
    .orderBy('b.code')
    .execute();
}

/** The sales orders the list's lines came from, in code order. */
export async function salesOrdersOfList(db: DbOrTx, documentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('pick_list_line as pl')
    .innerJoin('document_line as sl', 'sl.id', 'pl.source_line_id')
    .innerJoin('document as so', 'so.id', 'sl.document_id')
    .select('so.code')
    .distinct()
    .where('pl.document_id', '=', documentId)
    .orderBy('so.code')
    .execute();
  return rows.map((row) => row.code);
}

const containerColumns = [
  'c.id',
  'c.code',
  'c.sscc',
  'c.bin_location_id',
  'c.type',
  'c.box_type',
  'c.status',
  'c.pick_list_id',
  'c.weight_mg',
  'c.length_mm',
  'c.width_mm',
  'c.height_mm',
  'c.created_at',
  'd.code as pick_list_code',
] as const;

function containers(db: DbOrTx) {
  return db
    .selectFrom('shipping_container as c')
    .leftJoin('document as d', 'd.id', 'c.pick_list_id')
    .select(containerColumns);
}

export type ContainerRow = Awaited<ReturnType<typeof containersOfList>>[number];

export function containersOfList(db: DbOrTx, documentId: number) {
  return containers(db).where('c.pick_list_id', '=', documentId).orderBy('c.id').execute();
}

export function findContainerByCode(db: DbOrTx, code: string) {
  return containers(db).where('c.code_lower', '=', codeKey(code)).executeTakeFirst();
}

/** What the containers' bin locations hold now (on hand per item, batch and serial). */
export function contentsOfContainers(db: DbOrTx, binLocationIds: readonly number[]) {
  if (binLocationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stock as st')
    .innerJoin('item as i', 'i.id', 'st.item_id')
    .leftJoin('batch as ba', 'ba.id', 'st.batch_id')
    .leftJoin('serial as s', 's.id', 'st.serial_id')
    .select(['st.bin_location_id', 'st.on_hand_qty', 'i.code as item', 'ba.code as batch', 's.code as serial'])
    .where('st.bin_location_id', 'in', [...binLocationIds])
    .where('st.on_hand_qty', '>', 0)
    .orderBy('i.code')
    .orderBy('ba.code')
    .orderBy('s.code')
    .execute();
}
