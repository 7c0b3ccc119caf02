import { codeKey } from '@wms/contract';
import type { Compilable } from 'kysely';
import { runCompiled, type Slot } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';

/**
 * The reads behind loadPickListView: a list's lines, allocations, picks and containers (its head
 * is pick-lists.repository.ts findPickListByCode); and the same reads of one line for the pick's
 * answer. Compiled once (db/compiled-query.ts): every pick, claim and detail runs them.
 */

/** Rows of a query compiled once by name, `build` given the slot of the one argument. */
async function compiledRows<Row>(
  db: DbOrTx,
  name: string,
  build: (slot: Slot) => Compilable<Row>,
  argument: unknown,
): Promise<Row[]> {
  return (await runCompiled(db, name, build, [argument])).rows;
}

const lines = (db: DbOrTx) =>
  db
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
    ]);

export function linesOfList(db: DbOrTx, documentId: number) {
  return compiledRows(
    db,
    'pickLists.lines',
    (slot) => lines(db).where('l.document_id', '=', slot(0)).orderBy('pl.walk_order').orderBy('l.line_number'),
    documentId,
  );
}
export type LineViewRow = Awaited<ReturnType<typeof linesOfList>>[number];

/** One line as linesOfList reads it, by its id. */
export async function lineOfList(db: DbOrTx, lineId: number): Promise<LineViewRow | undefined> {
  const rows = await compiledRows(db, 'pickLists.lineView', (slot) => lines(db).where('l.id', '=', slot(0)), lineId);
  return rows[0];
}

/** Allocations with their stock key and what the view shows, in the walk's order (sortingCode, code, expiry). */
const allocations = (db: DbOrTx) =>
  db
    .selectFrom('stock_allocation as a')
    .innerJoin('document_line as l', 'l.id', 'a.document_line_id')
    .innerJoin('bin_location as b', 'b.id', 'a.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'a.batch_id')
    .leftJoin('serial as s', 's.id', 'a.serial_id')
    .select([
      'a.id',
      'a.document_line_id',
      'a.item_id',
      'a.batch_id',
      'a.serial_id',
      'a.bin_location_id',
      'a.quantity',
      'b.code as location',
      'b.sorting_code',
      'ba.code as batch',
      's.code as serial',
      'ba.expiration_date as batch_expiry',
      's.expiration_date as serial_expiry',
    ])
    .orderBy('b.sorting_code')
    .orderBy('b.code_lower')
    .orderBy('ba.expiration_date')
    .orderBy('a.id');

export function allocationsOfList(db: DbOrTx, documentId: number) {
  return compiledRows(
    db,
    'pickLists.allocations',
    (slot) => allocations(db).where('l.document_id', '=', slot(0)),
    documentId,
  );
}
export type AllocationViewRow = Awaited<ReturnType<typeof allocationsOfList>>[number];

/** One line's allocations as allocationsOfList reads them (the pick plans with these and answers them). */
export async function allocationsOfListLine(db: DbOrTx, lineId: number): Promise<AllocationViewRow[]> {
  return compiledRows(
    db,
    'pickLists.lineAllocations',
    (slot) => allocations(db).where('a.document_line_id', '=', slot(0)),
    lineId,
  );
}

/** The picks summed per line, container, source location, batch and serial. */
const picks = (db: DbOrTx) =>
  db
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
    .groupBy(['e.document_line_id', 'c.code', 'b.code', 'ba.code', 's.code'])
    .orderBy('c.code')
    .orderBy('b.code');

/** The picks of the list summed per line, container, source location, batch and serial. */
export function picksOfList(db: DbOrTx, documentId: number) {
  return compiledRows(db, 'pickLists.picks', (slot) => picks(db).where('e.document_id', '=', slot(0)), documentId);
}
export type PickViewRow = Awaited<ReturnType<typeof picksOfList>>[number];

/** One line's picks as picksOfList sums them. */
export async function picksOfListLine(db: DbOrTx, lineId: number): Promise<PickViewRow[]> {
  return compiledRows(db, 'pickLists.linePicks', (slot) => picks(db).where('e.document_line_id', '=', slot(0)), lineId);
}

/** The sales orders the list's lines came from, in code order. */
export async function salesOrdersOfList(db: DbOrTx, documentId: number): Promise<string[]> {
  const rows = await compiledRows(
    db,
    'pickLists.salesOrders',
    (slot) =>
      db
        .selectFrom('pick_list_line as pl')
        .innerJoin('document_line as sl', 'sl.id', 'pl.source_line_id')
        .innerJoin('document as so', 'so.id', 'sl.document_id')
        .select('so.code')
        .distinct()
        .where('pl.document_id', '=', slot(0))
        .orderBy('so.code'),
    documentId,
  );
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
  return compiledRows(
    db,
    'pickLists.containers',
    (slot) => containers(db).where('c.pick_list_id', '=', slot(0)).orderBy('c.id'),
    documentId,
  );
}

export function findContainerByCode(db: DbOrTx, code: string) {
  return containers(db).where('c.code_lower', '=', codeKey(code)).executeTakeFirst();
}

/**
 * A container by code with what the stock rules read of its bin location (stock-queries.ts
 * locationRuleColumns as `bin_` columns), for the pick that moves stock into it.
 */
const containersWithBin = (db: DbOrTx) =>
  containers(db)
    .innerJoin('bin_location as b', 'b.id', 'c.bin_location_id')
    .select([
      'b.code as bin_code',
      'b.location_type as bin_location_type',
      'b.physical_location_type as bin_physical_location_type',
      'b.stock_movement_restricted as bin_stock_movement_restricted',
      'b.block_stock_movements as bin_block_stock_movements',
      'b.block_stock_movements_reason as bin_block_stock_movements_reason',
    ]);

export async function findContainerForPick(db: DbOrTx, code: string) {
  const rows = await compiledRows(
    db,
    'pickLists.containerForPick',
    (slot) => containersWithBin(db).where('c.code_lower', '=', slot(0)),
    codeKey(code),
  );
  return rows[0];
}
export type ContainerForPickRow = NonNullable<Awaited<ReturnType<typeof findContainerForPick>>>;

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
