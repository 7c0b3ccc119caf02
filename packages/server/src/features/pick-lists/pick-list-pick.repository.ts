import { codeKey, paddedCodeKey } from '@wms/contract';
import { sql } from 'kysely';
import { insertRows, runCompiled, sendCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import { locationRuleColumns } from '../stock/stock-queries.js';
import type { StockKey } from '../stock/stock.service.js';

/** The reads and writes of the handheld's steps on a pick list (pick, short, skip). */

/**
 * What a pick reads first, in one query (decision 0183; docs/benchmarks.md issue 18): the list's
 * head, the line of that number with its item, progress and source order line (the `line_`
 * columns null when the list has none), and how many lines the list has and how many are open.
 * The line's columns are named as the view's (pick-list-view.repository.ts linesOfList).
 */
export async function pickListForPick(db: DbOrTx, code: string, lineNumber: number) {
  const { rows } = await runCompiled(
    db,
    'pickLists.forPick',
    (slot) =>
      db
        .selectFrom('document as d')
        .leftJoin('document_line as l', (join) =>
          join.onRef('l.document_id', '=', 'd.id').on('l.line_number', '=', slot(1)),
        )
        .leftJoin('pick_list_line as pl', 'pl.document_line_id', 'l.id')
        .leftJoin('item as i', 'i.id', 'l.item_id')
        .leftJoin('document_line as sl', 'sl.id', 'pl.source_line_id')
        .leftJoin('document as so', 'so.id', 'sl.document_id')
        .select((eb) => [
          'd.id as list_id',
          'd.code as list_code',
          'd.status as list_status',
          'd.version as list_version',
          'd.warehouse_id as list_warehouse_id',
          'l.id',
          'l.line_number',
          'l.quantity',
          'l.open_quantity',
          'l.item_id',
          'l.batch_id',
          'l.serial_id',
          'i.code as item_code',
          'i.name as item_name',
          'i.managed_by',
          'i.active as item_active',
          'i.is_stock_item as item_is_stock_item',
          'pl.document_line_id as pick_line_id',
          'pl.picked_qty',
          'pl.short_qty',
          'pl.short_reason',
          'pl.walk_order',
          'pl.skipped',
          'so.code as sales_order',
          'sl.line_number as sales_order_line',
          eb
            .selectFrom('document_line as t')
            .select((c) => c.fn.countAll<number | string>().as('n'))
            .whereRef('t.document_id', '=', 'd.id')
            .as('lines_total'),
          eb
            .selectFrom('document_line as o')
            .select((c) => c.fn.countAll<number | string>().as('n'))
            .whereRef('o.document_id', '=', 'd.id')
            .where('o.open_quantity', '>', 0)
            .as('lines_open'),
        ])
        .where('d.type', '=', 'PICK_LIST')
        .where('d.code_lower', '=', slot(0)),
    [codeKey(code), lineNumber],
  );
  return rows[0];
}
export type PickListForPickRow = NonNullable<Awaited<ReturnType<typeof pickListForPick>>>;

/** The first ledger row of a movement that used this idempotency key (its type and document), if any. */
export async function movementOfKey(db: DbOrTx, key: string) {
  const { rows } = await runCompiled(
    db,
    'pickLists.movementOfKey',
    (slot) =>
      db
        .selectFrom('stock_ledger')
        .select(['transaction_type', 'document_type', 'document_code'])
        .where('idempotency_key', '=', slot(0))
        .limit(1),
    [key],
  );
  return rows[0];
}

/** The pick entry the key posted on the list (read by the list's index), if any. */
export async function entryOfKey(db: DbOrTx, documentId: number, key: string) {
  const { rows } = await runCompiled(
    db,
    'pickLists.entryOfKey',
    (slot) =>
      db
        .selectFrom('pick_entry')
        .select('document_line_id')
        .where('document_id', '=', slot(0))
        .where('idempotency_key', '=', slot(1))
        .limit(1),
    [documentId, key],
  );
  return rows[0];
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

/** What the pick and the stock rules read of a location. */
const locationColumns = [...locationRuleColumns, 'warehouse_id', 'active', 'requires_counting'] as const;

/**
 * A location of the warehouse (any warehouse when null) by code, else by barcode: each a probe of
 * its unique index with a query compiled once (as the transfers and lookups find codes).
 */
export async function findLocation(db: DbOrTx, warehouseId: number | null, code: string) {
  const key = codeKey(code);
  const inWarehouse = <Row extends { warehouse_id: number }>(row: Row | undefined) =>
    row !== undefined && (warehouseId === null || row.warehouse_id === warehouseId) ? row : undefined;
  const byCode = await runCompiled(
    db,
    'pickLists.locationByCode',
    (slot) => db.selectFrom('bin_location').select(locationColumns).where('code_lower', '=', slot(0)),
    [key],
  );
  const found = inWarehouse(byCode.rows[0]);
  if (found) return found;
  const byBarcode = await runCompiled(
    db,
    'pickLists.locationByBarcode',
    (slot) => db.selectFrom('bin_location').select(locationColumns).where('barcode_lower', '=', slot(0)),
    [key],
  );
  return inWarehouse(byBarcode.rows[0]);
}

export type LocationRow = NonNullable<Awaited<ReturnType<typeof findLocation>>>;

export async function findBatch(db: DbOrTx, itemId: number, code: string) {
  const { rows } = await runCompiled(
    db,
    'pickLists.batch',
    (slot) =>
      db
        .selectFrom('batch')
        .select(['id', 'code', 'expiration_date', 'quality_control_approved_or_not_required as approved'])
        .where('item_id', '=', slot(0))
        .where('code_key', '=', slot(1)),
    [itemId, paddedCodeKey(code)],
  );
  return rows[0];
}

/** The item's serials by code (the codes' padded keys), one read for a pick of many serials. */
export async function findSerials(db: DbOrTx, itemId: number, codes: readonly string[]) {
  const keys = [...new Set(codes.map(paddedCodeKey))];
  const found = [];
  for (let start = 0; start < keys.length; start += chunkSize) {
    const part = keys.slice(start, start + chunkSize);
    const { rows } = await runCompiled(
      db,
      `pickLists.serials:${part.length}`,
      (slot) =>
        db
          .selectFrom('serial')
          .select(['id', 'code', 'code_key', 'expiration_date', 'quality_control_approved_or_not_required as approved'])
          .where('item_id', '=', slot(0))
          .where(
            'code_key',
            'in',
            part.map((_, i) => slot(i + 1)),
          ),
      [itemId, ...part],
    );
    found.push(...rows);
  }
  return found;
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
  const { rows } = await runCompiled(
    db,
    'pickLists.onHandOfItemAt',
    (slot) =>
      db
        .selectFrom('stock')
        .select((eb) => eb.fn.sum<number | string | null>('on_hand_qty').as('n'))
        .where('item_id', '=', slot(0))
        .where('bin_location_id', '=', slot(1)),
    [itemId, binLocationId],
  );
  return Number(rows[0]?.n ?? 0);
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

/** Rows per multi-row statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const chunkSize = 400;

export async function insertPickEntries(tx: DbOrTx, entries: readonly NewPickEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += chunkSize) {
    const part = entries.slice(start, start + chunkSize);
    const values = insertRows(
      part.map((e) => ({
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
    );
    await sendCompiled(
      tx,
      `pickLists.insertEntries:${part.length}`,
      (slot) => tx.insertInto('pick_entry').values(values.slots(slot)),
      values.args,
    );
  }
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
  const result = await runCompiled(
    tx,
    'pickLists.lowerOpen',
    (slot) =>
      tx
        .updateTable('document_line')
        .set({ open_quantity: sql<number>`open_quantity - ${slot(0)}` })
        .where('id', '=', slot(1))
        .where('open_quantity', '>=', slot(0)),
    [total, lineId],
  );
  if (!result.numAffectedRows) return false;
  const withReason = change.shortReason !== undefined;
  await sendCompiled(
    tx,
    withReason ? 'pickLists.addProgressWithReason' : 'pickLists.addProgress',
    (slot) =>
      tx
        .updateTable('pick_list_line')
        .set({
          picked_qty: sql<number>`picked_qty + ${slot(0)}`,
          short_qty: sql<number>`short_qty + ${slot(1)}`,
          ...(withReason ? { short_reason: slot(3) } : {}),
        })
        .where('document_line_id', '=', slot(2)),
    [change.picked, change.short, lineId, change.shortReason ?? null],
  );
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
