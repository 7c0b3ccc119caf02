import { sql } from 'kysely';
import { insertRows, rowsByKeys, runCompiled, sendCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import type { StockKey, StockRowAfter } from './stock-movement.js';
import { itemRuleColumns, locationRuleColumns } from './stock-queries.js';

/** Rows per multi-row statement: well under SQLite's and PostgreSQL's bound-parameter limits. */
const chunkSize = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
}

/** The summed change of one stock row (integer thousandths). */
export interface StockRowDelta extends StockKey {
  onHand: number;
  released: number;
  pick: number;
  qcPending: number;
}

export const stockKeyOf = (k: StockKey): string =>
  `${k.itemId}:${k.binLocationId}:${k.batchId ?? 0}:${k.serialId ?? 0}`;

/**
 * Adds the deltas to their stock rows, creating missing rows, and answers every row after the
 * change with its id. One atomic `insert ... on conflict do update set q = q + delta` per row, so
 * concurrent movements never lose an update; on PostgreSQL the rows are locked in the order
 * given (callers sort), which keeps concurrent movements free of deadlocks.
 */
export async function addToStockRows(
  tx: DbOrTx,
  deltas: readonly StockRowDelta[],
  at: string,
): Promise<(StockRowAfter & { id: number })[]> {
  const after: (StockRowAfter & { id: number })[] = [];
  for (const part of chunks(deltas)) {
    const values = insertRows(
      part.map((d) => ({
        item_id: d.itemId,
        batch_id: d.batchId,
        serial_id: d.serialId,
        bin_location_id: d.binLocationId,
        on_hand_qty: d.onHand,
        released_qty: d.released,
        pick_qty: d.pick,
        qc_pending: d.qcPending > 0 ? 1 : 0,
        qc_pending_qty: d.qcPending,
        updated_at: at,
      })),
    );
    const { rows } = await runCompiled(
      tx,
      `stock.addToRows:${part.length}`,
      (slot) =>
        tx
          .insertInto('stock')
          .values(values.slots(slot))
          // The unique index stock_key_idx (0003-master-data) is on these expressions.
          .onConflict((oc) =>
            oc.expression(sql`item_id, bin_location_id, coalesce(batch_id, 0), coalesce(serial_id, 0)`).doUpdateSet({
              on_hand_qty: sql`stock.on_hand_qty + excluded.on_hand_qty`,
              released_qty: sql`stock.released_qty + excluded.released_qty`,
              pick_qty: sql`stock.pick_qty + excluded.pick_qty`,
              qc_pending_qty: sql`stock.qc_pending_qty + excluded.qc_pending_qty`,
              qc_pending: sql`case when stock.qc_pending_qty + excluded.qc_pending_qty > 0 then 1 else 0 end`,
              updated_at: sql`excluded.updated_at`,
            }),
          )
          .returning([
            'id',
            'item_id',
            'batch_id',
            'serial_id',
            'bin_location_id',
            'on_hand_qty',
            'released_qty',
            'pick_qty',
            'qc_pending_qty',
          ]),
      values.args,
    );
    for (const r of rows) {
      after.push({
        id: r.id,
        itemId: r.item_id,
        batchId: r.batch_id,
        serialId: r.serial_id,
        binLocationId: r.bin_location_id,
        onHandQty: Number(r.on_hand_qty),
        releasedQty: Number(r.released_qty),
        pickQty: Number(r.pick_qty),
        qcPendingQty: Number(r.qc_pending_qty),
      });
    }
  }
  return after;
}

/** Removes rows whose every bucket reached zero (a row exists only while it holds something). */
export async function deleteEmptyStockRows(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids)) {
    await sendCompiled(
      tx,
      `stock.deleteEmpty:${part.length}`,
      (slot) =>
        tx
          .deleteFrom('stock')
          .where(
            'id',
            'in',
            part.map((_, i) => slot(i)),
          )
          .where('on_hand_qty', '=', 0)
          .where('released_qty', '=', 0)
          .where('pick_qty', '=', 0)
          .where('qc_pending_qty', '=', 0),
      part,
    );
  }
}

export interface LedgerRowInput extends StockKey {
  transactionType: string;
  documentType: string | null;
  documentCode: string | null;
  at: string;
  userId: number | null;
  username: string | null;
  quantity: number;
  idempotencyKey: string | null;
}

/** On PostgreSQL the rows go out with the transaction's COMMIT, in the same round trip (sendCompiled). */
export async function insertLedgerRows(tx: DbOrTx, rows: readonly LedgerRowInput[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = insertRows(
      part.map((r) => ({
        transaction_type: r.transactionType,
        document_type: r.documentType,
        document_code: r.documentCode,
        at: r.at,
        user_id: r.userId,
        username: r.username,
        item_id: r.itemId,
        batch_id: r.batchId,
        serial_id: r.serialId,
        bin_location_id: r.binLocationId,
        quantity: r.quantity,
        idempotency_key: r.idempotencyKey,
      })),
    );
    await sendCompiled(
      tx,
      `stock.insertLedger:${part.length}`,
      (slot) => tx.insertInto('stock_ledger').values(values.slots(slot)),
      values.args,
    );
  }
}

/** The ledger rows an earlier movement with this idempotency key wrote. */
export async function ledgerRowsOfIdempotencyKey(tx: DbOrTx, key: string) {
  const { rows } = await runCompiled(
    tx,
    'stock.ledgerRowsOfKey',
    (slot) =>
      tx
        .selectFrom('stock_ledger')
        .select(['transaction_type', 'item_id', 'bin_location_id'])
        .where('idempotency_key', '=', slot(0)),
    [key],
  );
  return rows;
}

/** The keys among these that ledger rows carry (movements already posted with them). */
export async function idempotencyKeysInLedger(tx: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await tx
      .selectFrom('stock_ledger')
      .select('idempotency_key')
      .distinct()
      .where('idempotency_key', 'in', part)
      .execute();
    for (const row of rows) if (row.idempotency_key !== null) found.add(row.idempotency_key);
  }
  return found;
}

/** PostgreSQL: serializes transactions that use the same idempotency key until they end. */
export async function lockIdempotencyKey(tx: DbOrTx, key: string): Promise<void> {
  await sendCompiled(tx, 'stock.lockKey', (slot) => sql`select pg_advisory_xact_lock(hashtext(${slot(0)}))`, [
    `stock:${key}`,
  ]);
}

/**
 * What the movement rules read of a location and of an item: a caller that reads these rows
 * anyway selects these columns too and hands the rows over (StockMovement.readInTransaction).
 */

/** What the movement rules read of the locations a movement touches. */
export function locationsForRules(tx: DbOrTx, ids: readonly number[]) {
  return rowsByKeys(
    tx,
    'stock.locationsForRules',
    (slots) => tx.selectFrom('bin_location').select(locationRuleColumns).where('id', 'in', slots),
    ids,
  );
}
export type LocationForRules = Awaited<ReturnType<typeof locationsForRules>>[number];

/** What the movement rules read of the items a movement touches. */
export function itemsForRules(tx: DbOrTx, ids: readonly number[]) {
  return rowsByKeys(
    tx,
    'stock.itemsForRules',
    (slots) => tx.selectFrom('item').select(itemRuleColumns).where('id', 'in', slots),
    ids,
  );
}
export type ItemForRules = Awaited<ReturnType<typeof itemsForRules>>[number];

/** The first key of PostgreSQL's two-key advisory locks on bin locations ("ST"); a key space of its own. */
const locationLockSpace = 0x5354;

/**
 * PostgreSQL: serializes the movements that add stock to the same locations until they end, so
 * rules that read a location's other rows (empty for QC stock, one item in a liquid container)
 * see every earlier movement. The caller passes the locations such a rule reads (stock-invariants.ts);
 * locks are taken in id order, before any stock row is touched.
 */
export async function lockLocations(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    await sendCompiled(tx, 'stock.lockLocation', (slot) => sql`select pg_advisory_xact_lock(${slot(0)}, ${slot(1)})`, [
      locationLockSpace,
      id,
    ]);
  }
}

/** The locations among ids that hold stock (a stock row exists only while it holds something). */
export async function occupiedLocationIds(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom('stock')
    .select('bin_location_id')
    .distinct()
    .where('bin_location_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.bin_location_id));
}

/** The number of distinct items per location among ids (locations without stock are left out). */
export async function itemCountsAt(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .selectFrom('stock')
    .select((eb) => ['bin_location_id', eb.fn.count<number | string>('item_id').distinct().as('n')])
    .where('bin_location_id', 'in', ids)
    .groupBy('bin_location_id')
    .execute();
  return new Map(rows.map((r) => [r.bin_location_id, Number(r.n)]));
}

/** Codes of a stock row's item, bin, batch and serial, for error arguments. */
export function describeStockKey(tx: DbOrTx, key: StockKey) {
  return tx
    .selectFrom('item as i')
    .innerJoin('bin_location as b', (join) => join.on('b.id', '=', key.binLocationId))
    .leftJoin('batch as ba', (join) => join.on('ba.id', '=', key.batchId ?? 0))
    .leftJoin('serial as se', (join) => join.on('se.id', '=', key.serialId ?? 0))
    .select(['i.code as item_code', 'b.code as bin_code', 'ba.code as batch_code', 'se.code as serial_code'])
    .where('i.id', '=', key.itemId)
    .executeTakeFirst();
}

export type AllocationRowChange = StockKey & { documentLineId: number; delta: number };

/**
 * Adds to the allocation rows of (document line, stock key), creating missing ones and deleting
 * those that reach zero. A release below what a line holds throws: callers release what they read.
 * Changes of one row are summed first; then per part of the changes one read of the rows
 * released from, one delete of those that reach zero, one update of the rest, and one
 * `insert ... on conflict do update` of the raises (not one statement per change).
 */
export async function addToAllocations(
  tx: DbOrTx,
  changes: readonly AllocationRowChange[],
  held?: readonly HeldAllocation[],
): Promise<void> {
  const summed = new Map<string, AllocationRowChange>();
  for (const c of changes) {
    const key = `${c.documentLineId}:${stockKeyOf(c)}`;
    const earlier = summed.get(key);
    summed.set(key, { ...c, delta: (earlier?.delta ?? 0) + c.delta });
  }
  const all = [...summed.values()];
  for (const part of chunks(all.filter((c) => c.delta < 0))) await releaseAllocationRows(tx, part, held);
  for (const part of chunks(all.filter((c) => c.delta > 0))) await raiseAllocationRows(tx, part);
}

/** The allocation rows of document lines (compiled once per number of lines: every pick reads them). */
function allocationRowsOfLines(tx: DbOrTx, lineIds: readonly number[]) {
  return rowsByKeys(
    tx,
    'stock.allocationRowsOfLines',
    (slots) =>
      tx
        .selectFrom('stock_allocation')
        .select(['id', 'document_line_id', 'item_id', 'batch_id', 'serial_id', 'bin_location_id', 'quantity'])
        .where('document_line_id', 'in', slots),
    lineIds,
  );
}

/** An allocation row as a caller read it: its id, document line, stock key and quantity. */
export interface HeldAllocation extends StockKey {
  id: number;
  documentLineId: number;
  quantity: number;
}

async function releaseAllocationRows(
  tx: DbOrTx,
  releases: readonly AllocationRowChange[],
  held?: readonly HeldAllocation[],
): Promise<void> {
  const rows = held
    ? held.map((h) => ({
        id: h.id,
        document_line_id: h.documentLineId,
        item_id: h.itemId,
        batch_id: h.batchId,
        serial_id: h.serialId,
        bin_location_id: h.binLocationId,
        quantity: h.quantity,
      }))
    : await allocationRowsOfLines(
        tx,
        releases.map((c) => c.documentLineId),
      );
  const byKey = new Map(
    rows.map((r) => [
      `${r.document_line_id}:${stockKeyOf({ itemId: r.item_id, binLocationId: r.bin_location_id, batchId: r.batch_id, serialId: r.serial_id })}`,
      { id: r.id, quantity: Number(r.quantity) },
    ]),
  );
  const emptied: number[] = [];
  const lowered: { id: number; by: number }[] = [];
  for (const c of releases) {
    const existing = byKey.get(`${c.documentLineId}:${stockKeyOf(c)}`);
    const held = existing?.quantity ?? 0;
    if (existing === undefined || held + c.delta < 0) {
      throw new Error(`allocation released below zero: ${JSON.stringify(c)} holds ${held}`);
    }
    if (held + c.delta === 0) emptied.push(existing.id);
    else lowered.push({ id: existing.id, by: -c.delta });
  }
  if (emptied.length > 0) {
    await sendCompiled(
      tx,
      `stock.deleteAllocations:${emptied.length}`,
      (slot) =>
        tx.deleteFrom('stock_allocation').where(
          'id',
          'in',
          emptied.map((_, i) => slot(i)),
        ),
      emptied,
    );
  }
  if (lowered.length > 0) {
    const by = sql.join(
      lowered.map((l) => sql`when ${l.id} then cast(${l.by} as bigint)`),
      sql` `,
    );
    await tx
      .updateTable('stock_allocation')
      .set({ quantity: sql<number>`quantity - case id ${by} end` })
      .where(
        'id',
        'in',
        lowered.map((l) => l.id),
      )
      .execute();
  }
}

async function raiseAllocationRows(tx: DbOrTx, raises: readonly AllocationRowChange[]): Promise<void> {
  await tx
    .insertInto('stock_allocation')
    .values(
      raises.map((c) => ({
        document_line_id: c.documentLineId,
        item_id: c.itemId,
        batch_id: c.batchId,
        serial_id: c.serialId,
        bin_location_id: c.binLocationId,
        quantity: c.delta,
      })),
    )
    // The unique index stock_allocation_key_idx (0027-pick-lists) is on these expressions.
    .onConflict((oc) =>
      oc
        .expression(sql`document_line_id, item_id, bin_location_id, coalesce(batch_id, 0), coalesce(serial_id, 0)`)
        .doUpdateSet({ quantity: sql`stock_allocation.quantity + excluded.quantity` }),
    )
    .execute();
}
