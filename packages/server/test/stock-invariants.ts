import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';

/**
 * The stock invariants every process app's tests check after a movement (over the items): the on-hand total is what it was (conserved), no bucket is
 * negative or over-allocated, and the ledger sums equal the balances row by row.
 */
export async function expectStockInvariants(db: Db, itemIds: readonly number[], onHandTotal: number): Promise<void> {
  const stock = await db
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
    ])
    .where('item_id', 'in', itemIds)
    .execute();
  expect(stock.reduce((sum, r) => sum + Number(r.on_hand_qty), 0)).toBe(onHandTotal);
  for (const r of stock) {
    const onHand = Number(r.on_hand_qty);
    const [released, pick, qc] = [Number(r.released_qty), Number(r.pick_qty), Number(r.qc_pending_qty)];
    expect(Math.min(onHand, released, pick, qc)).toBeGreaterThanOrEqual(0);
    expect(released + pick + qc).toBeLessThanOrEqual(onHand);
  }
  const ledger = await db
    .selectFrom('stock_ledger')
    .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', sql<string | number>`sum(quantity)`.as('sum')])
    .where('item_id', 'in', itemIds)
    .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
    .execute();
  const rowKey = (r: { item_id: number; batch_id: number | null; serial_id: number | null; bin_location_id: number }) =>
    `${r.item_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}:${r.bin_location_id}`;
  const ledgerSums: Record<string, number> = {};
  for (const r of ledger) if (Number(r.sum) !== 0) ledgerSums[rowKey(r)] = Number(r.sum);
  expect(ledgerSums).toEqual(Object.fromEntries(stock.map((r) => [rowKey(r), Number(r.on_hand_qty)])));
}

/** Every stock row's on-hand balance and every row's ledger sum, keyed item:batch:serial:location. */
export interface StockSnapshot {
  balances: Record<string, number>;
  ledger: Record<string, number>;
}

type StockKeyRow = { item_id: number; batch_id: number | null; serial_id: number | null; bin_location_id: number };
const stockKey = (r: StockKeyRow) => `${r.item_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}:${r.bin_location_id}`;

/**
 * The whole stock and ledger, with the bucket rules checked on every row (none negative, none
 * over-allocated). For data the tests did not make (demo data is seeded without ledger rows), the
 * ledger rule is checked on changes: see expectLedgerExplainsChanges.
 */
export async function stockSnapshot(db: Db): Promise<StockSnapshot> {
  const stock = await db
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
    ])
    .execute();
  const balances: Record<string, number> = {};
  for (const r of stock) {
    const [onHand, released, pick, qc] = [r.on_hand_qty, r.released_qty, r.pick_qty, r.qc_pending_qty].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(Math.min(onHand, released, pick, qc), stockKey(r)).toBeGreaterThanOrEqual(0);
    expect(released + pick + qc, stockKey(r)).toBeLessThanOrEqual(onHand);
    balances[stockKey(r)] = onHand;
  }
  const sums = await db
    .selectFrom('stock_ledger')
    .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', sql<string | number>`sum(quantity)`.as('sum')])
    .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
    .execute();
  const ledger: Record<string, number> = {};
  for (const r of sums) ledger[stockKey(r)] = Number(r.sum);
  return { balances, ledger };
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
