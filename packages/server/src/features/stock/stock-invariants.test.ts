import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db, Tx } from '../../db/database.js';
import { applyStockMovement, type StockMovement, type StockMovementLine } from './stock.service.js';
import * as repository from './stock.repository.js';
import { movementPolicies, netsToZero, qcSplitOf } from './stock-policy.js';
import { batchIdOf, binIdOf, countRows, itemIdOf, stockOf } from './stock.test-helper.js';

/** The rules of stock-policy.ts as every movement type meets them through applyStockMovement. */
describe('stock service: movement rules per type', () => {
  let t: TestApp;
  let db: Db;
  const ids = { item1: 0, item2: 0, kit: 0, batchItem: 0, blocked: 0, tank: 0, single: 0, a0101: 0, b2024: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    Object.assign(ids, {
      item1: await itemIdOf(db, 'ITEM-001'),
      item2: await itemIdOf(db, 'ITEM-002'),
      kit: await itemIdOf(db, 'KIT-001'),
      batchItem: await itemIdOf(db, 'BATCH-001'),
      blocked: await binIdOf(db, '01-BLOCKED'),
      tank: await binIdOf(db, '01-TANK-01'),
      single: await binIdOf(db, '01-SINGLE-01'),
      a0101: await binIdOf(db, '01-A01-01'),
      b2024: await batchIdOf(db, 'BATCH-001', 'B2024-001'),
    });
  });
  afterAll(async () => t.close());

  const apply = (movement: Omit<StockMovement, 'user'>) =>
    db.transaction().execute((tx) => applyStockMovement(tx, t.app.ctx, { user: null, ...movement }));
  const line = (
    itemId: number,
    binLocationId: number,
    onHandDelta: number,
    extra: Partial<StockMovementLine> = {},
  ) => ({
    itemId,
    binLocationId,
    batchId: null,
    serialId: null,
    onHandDelta,
    ...extra,
  });
  const snapshot = async () => ({ ledger: await countRows(db, 'stock_ledger'), stock: await countRows(db, 'stock') });

  it('holds physical movements to blocked and restricted locations; bookkeeping types are not', async () => {
    const before = await snapshot();
    await expect(apply({ type: 'RECEIPT', lines: [line(ids.item1, ids.blocked, 1_000)] })).rejects.toMatchObject({
      status: 422,
      key: 'stockMovementsBlocked',
      args: { code: '01-BLOCKED', reason: 'Damaged rack, awaiting inspection' },
    });
    await db.updateTable('bin_location').set({ block_stock_movements: 0 }).where('id', '=', ids.blocked).execute();
    await expect(apply({ type: 'RECEIPT', lines: [line(ids.item1, ids.blocked, 1_000)] })).rejects.toMatchObject({
      key: 'stockMovementRestricted',
      args: { code: '01-BLOCKED' },
    });
    expect(await snapshot()).toEqual(before);
    await apply({ type: 'RECEIPT', allowRestricted: true, lines: [line(ids.item1, ids.blocked, 1_000)] });
    await db.updateTable('bin_location').set({ block_stock_movements: 1 }).where('id', '=', ids.blocked).execute();
    // Counting and scrapping at a blocked location is how it gets sorted out.
    await apply({ type: 'COUNT_ADJUSTMENT', lines: [line(ids.item1, ids.blocked, -500)] });
    await apply({ type: 'SCRAP', lines: [line(ids.batchItem, ids.blocked, -1_000, { batchId: ids.b2024 })] });
    await apply({ type: 'SCRAP', lines: [line(ids.item1, ids.blocked, -500)] });
    expect((await stockOf(db, 'ITEM-001')).find((r) => r.bin === '01-BLOCKED')).toBeUndefined();
  });

  it('refuses items that are not active stock items where the type needs an allowed item', async () => {
    await expect(apply({ type: 'RECEIPT', lines: [line(ids.kit, ids.a0101, 1_000)] })).rejects.toMatchObject({
      key: 'itemIsNotAllowed',
      args: { item: 'KIT-001' },
    });
    expect(movementPolicies.COUNT_ADJUSTMENT.itemAllowed).toBe(false);
  });

  it('takes the rows the caller read in the transaction, and reads the ones it did not give', async () => {
    const receipt = (readInTransaction: (tx: Tx) => Promise<StockMovement['readInTransaction']>) =>
      db.transaction().execute(async (tx) =>
        applyStockMovement(tx, t.app.ctx, {
          type: 'RECEIPT',
          user: null,
          allowRestricted: true,
          lines: [line(ids.kit, ids.a0101, 1_000), line(ids.item1, ids.blocked, 1_000)],
          readInTransaction: await readInTransaction(tx),
        }),
      );
    const before = await snapshot();
    await db.updateTable('bin_location').set({ block_stock_movements: 1 }).where('id', '=', ids.blocked).execute();
    // Only the first location and item given: the blocked location is read.
    await expect(
      receipt(async (tx) => ({
        locations: await repository.locationsForRules(tx, [ids.a0101]),
        items: await repository.itemsForRules(tx, [ids.kit]),
      })),
    ).rejects.toMatchObject({ key: 'stockMovementsBlocked', args: { code: '01-BLOCKED' } });
    await db.updateTable('bin_location').set({ block_stock_movements: 0 }).where('id', '=', ids.blocked).execute();
    // Every row given: the kit read in the transaction is refused as read.
    await expect(
      receipt(async (tx) => ({
        locations: await repository.locationsForRules(tx, [ids.a0101, ids.blocked]),
        items: await repository.itemsForRules(tx, [ids.kit, ids.item1]),
      })),
    ).rejects.toMatchObject({ key: 'itemIsNotAllowed', args: { item: 'KIT-001' } });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps liquid containers and single-item locations to one item for every type', async () => {
    for (const type of ['RECEIPT', 'COUNT_ADJUSTMENT'] as const) {
      await expect(apply({ type, lines: [line(ids.item2, ids.tank, 1_000)] })).rejects.toMatchObject({
        key: 'tooManyItemsInLiquidContainer',
        args: { code: '01-TANK-01', numOfItems: 2 },
      });
      await expect(apply({ type, lines: [line(ids.item2, ids.single, 1_000)] })).rejects.toMatchObject({
        key: 'tooManyItemsInSingleItemLocation',
        args: { code: '01-SINGLE-01' },
      });
    }
    // Taking the only item out and another in within one movement leaves one item.
    const single = (await stockOf(db, 'ITEM-001')).find((r) => r.bin === '01-SINGLE-01')?.onHand ?? 0;
    await apply({
      type: 'COUNT_ADJUSTMENT',
      lines: [line(ids.item1, ids.single, -single), line(ids.item2, ids.single, 1_000)],
    });
    expect((await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-SINGLE-01')).toMatchObject({ onHand: 1_000 });
  });

  it.runIf(process.env.WMS_TEST_DATABASE === 'postgres')(
    'PostgreSQL: movements into one ordinary location do not wait for each other',
    async () => {
      let finishFirst!: () => void;
      let firstApplied!: () => void;
      const applied = new Promise<void>((resolve) => (firstApplied = resolve));
      const first = db.transaction().execute(async (tx) => {
        await applyStockMovement(tx, t.app.ctx, {
          user: null,
          type: 'RECEIPT',
          lines: [line(ids.item1, ids.a0101, 1_000)],
        });
        firstApplied();
        await new Promise<void>((resolve) => (finishFirst = resolve));
      });
      await applied;
      // Another item into the same location while the first movement's transaction is still open.
      const second = apply({ type: 'RECEIPT', lines: [line(ids.item2, ids.a0101, 1_000)] }).then(() => 'applied');
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 2_000));
      expect(await Promise.race([second, waited])).toBe('applied');
      finishFirst();
      await first;
    },
  );

  it('treats a transfer that does not net to zero as a programming error', async () => {
    await expect(apply({ type: 'TRANSFER', lines: [line(ids.item1, ids.a0101, -1_000)] })).rejects.toThrow(
      /net to zero/,
    );
    expect(netsToZero([line(ids.item1, 1, -5, { qcPendingDelta: -5 }), line(ids.item1, 2, 5)])).toBe(false);
    expect(qcSplitOf(line(ids.item1, 1, -5_000, { qcPendingDelta: -2_000 }))).toEqual({ qc: 2_000, other: 3_000 });
  });
});
