import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';

type StockKeyRow = { item_id: number; batch_id: number | null; serial_id: number | null; bin_location_id: number };
const stockKey = (r: StockKeyRow) => `${r.item_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}:${r.bin_location_id}`;

/** The stock rows (of the items, or all), each checked against the bucket rules: none negative, none over-allocated. */
async function checkedStockRows(db: Db, itemIds?: readonly number[]) {
  let query = db
    .selectFrom('stock')
    .select([
      'item_id',
      'batch_id',
      'serial_id',
      'bin_location_id',
      'on_hand_qty',
      'released_qty',
      'pick_qty',
      'qc_pending_qty',
    ]);
  if (itemIds) query = query.where('item_id', 'in', itemIds);
  const rows = await query.execute();
  for (const r of rows) {
    const [onHand, released, pick, qc] = [r.on_hand_qty, r.released_qty, r.pick_qty, r.qc_pending_qty].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(Math.min(onHand, released, pick, qc), stockKey(r)).toBeGreaterThanOrEqual(0);
    expect(released + pick + qc, stockKey(r)).toBeLessThanOrEqual(onHand);
  }
  return rows;
}

/** The ledger's sum per stock row (of the items, or all), keyed as stockKey. */
async function ledgerSums(db: Db, itemIds?: readonly number[]): Promise<Record<string, number>> {
  let query = db
    .selectFrom('stock_ledger')
    .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', sql<string | number>`sum(quantity)`.as('sum')])
    .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id']);
  if (itemIds) query = query.where('item_id', 'in', itemIds);
  const sums: Record<string, number> = {};
  for (const r of await query.execute()) sums[stockKey(r)] = Number(r.sum);
  return sums;
}

/**
 * The stock invariants every process app's tests check after a movement (over the items): the on-hand total is what it was (conserved), no bucket is
 * negative or over-allocated, and the ledger sums equal the balances row by row.
 */
export async function expectStockInvariants(db: Db, itemIds: readonly number[], onHandTotal: number): Promise<void> {
  const stock = await checkedStockRows(db, itemIds);
  expect(stock.reduce((sum, r) => sum + Number(r.on_hand_qty), 0)).toBe(onHandTotal);
  const sums = await ledgerSums(db, itemIds);
  const nonZero = Object.fromEntries(Object.entries(sums).filter(([, sum]) => sum !== 0));
  expect(nonZero).toEqual(Object.fromEntries(stock.map((r) => [stockKey(r), Number(r.on_hand_qty)])));
}

/** Every stock row's on-hand balance and every row's ledger sum, keyed item:batch:serial:location. */
export interface StockSnapshot {
  balances: Record<string, number>;
  ledger: Record<string, number>;
}

/**
 * The whole stock and ledger, with the bucket rules checked on every row (none negative, none
 * over-allocated). For data the tests did not make (demo data is seeded without ledger rows), the
 * ledger rule is checked on changes: see expectLedgerExplainsChanges.
 */
export async function stockSnapshot(db: Db): Promise<StockSnapshot> {
  const stock = await checkedStockRows(db);
  const balances = Object.fromEntries(stock.map((r) => [stockKey(r), Number(r.on_hand_qty)]));
  return { balances, ledger: await ledgerSums(db) };
}

/** Every change of a balance between two snapshots is the change of that row's ledger sum. */
export function expectLedgerExplainsChanges(before: StockSnapshot, after: StockSnapshot): void {
  const keys = new Set([...Object.keys(before.balances), ...Object.keys(after.balances), ...Object.keys(after.ledger)]);
  const unexplained: Record<string, { balance: number; ledger: number }> = {};
  for (const key of keys) {
    const balance = (after.balances[key] ?? 0) - (before.balances[key] ?? 0);
    const ledger = (after.ledger[key] ?? 0) - (before.ledger[key] ?? 0);
    if (balance !== ledger) unexplained[key] = { balance, ledger };
  }
  expect(unexplained).toEqual({});
}
