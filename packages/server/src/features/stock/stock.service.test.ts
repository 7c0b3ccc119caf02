import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBatch, makeBinLocation, makeItem, makeStock, makeUser, type Item } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { applyStockMovement, type StockMovement, type StockMovementLine } from './stock.service.js';
import { countRows, ledgerOf, stockOf } from './stock.test-helper.js';

/** Every test makes its own items, locations and stock (test/factories.ts), so each runs alone and in any order. */
describe('stock service: applyStockMovement', () => {
  let t: TestApp;
  let db: Db;
  let user: { userId: number; username: string };

  beforeAll(async () => {
    // No demo data: nothing here leans on it.
    t = await buildTestApp({ DEMO_DATA: 'false' });
    db = t.app.ctx.db;
    const made = await makeUser(db, { roles: ['stockCorrections'] });
    user = { userId: made.id, username: made.username };
  });
  afterAll(async () => t.close());

  const apply = (movement: Omit<StockMovement, 'user'> & { user?: StockMovement['user'] }) =>
    db.transaction().execute((tx) => applyStockMovement(tx, t.app.ctx, { user, ...movement }));

  const line = (
    itemId: number,
    binLocationId: number,
    onHandDelta: number,
    extra: Partial<StockMovementLine> = {},
  ): StockMovementLine => ({ itemId, binLocationId, batchId: null, serialId: null, onHandDelta, ...extra });

  /** Everything a refused movement must leave as it was: the items' stock and every stock and ledger row. */
  const snapshot = async (...items: Item[]) => ({
    stock: await Promise.all(items.map((item) => stockOf(db, item.code))),
    stockRows: await countRows(db, 'stock'),
    ledgerRows: await countRows(db, 'stock_ledger'),
  });

  it('writes every ledger row of a movement with more lines than one statement takes', async () => {
    const [item, bin] = [await makeItem(db), await makeBinLocation(db)];
    await apply({
      type: 'RECEIPT',
      idempotencyKey: 'receipt-key-many',
      lines: Array.from({ length: 401 }, () => line(item.id, bin.id, 1_000)),
    });
    const ledger = (await ledgerOf(db, item.code)).filter((r) => r.idempotencyKey === 'receipt-key-many');
    expect(ledger).toHaveLength(401);
    expect(await stockOf(db, item.code)).toEqual([expect.objectContaining({ bin: bin.code, onHand: 401_000 })]);
  });

  it('creates a missing row and writes one ledger row per line with type, user, document and key', async () => {
    const [item, bin] = [await makeItem(db), await makeBinLocation(db)];
    const result = await apply({
      type: 'RECEIPT',
      idempotencyKey: 'receipt-key-0001',
      documentRef: { type: 'GOODS_RECEIPT', code: 'GR-T1' },
      lines: [line(item.id, bin.id, 7_500)],
    });
    expect(result).toMatchObject({ replayed: false, itemIds: [item.id], binLocationIds: [bin.id] });
    expect(result.rows).toEqual([
      expect.objectContaining({ binLocationId: bin.id, onHandQty: 7_500, releasedQty: 0, pickQty: 0 }),
    ]);
    expect((await stockOf(db, item.code)).find((r) => r.bin === bin.code)).toMatchObject({ onHand: 7_500 });
    expect(await ledgerOf(db, item.code)).toEqual([
      {
        type: 'RECEIPT',
        username: user.username,
        userId: user.userId,
        documentType: 'GOODS_RECEIPT',
        documentCode: 'GR-T1',
        idempotencyKey: 'receipt-key-0001',
        quantity: 7_500,
        bin: bin.code,
        batch: null,
        serial: null,
      },
    ]);
  });

  it('merges lines of one row and into an existing row; a row that reaches zero is deleted', async () => {
    const item = await makeItem(db);
    const [source, target] = [await makeBinLocation(db), await makeBinLocation(db, { locationType: 'PICK' })];
    await makeStock(db, { item, location: source, onHand: 7.5 });
    await makeStock(db, { item, location: target, onHand: 1000 });
    const ledgerBefore = (await ledgerOf(db, item.code)).length;
    // Move all 7.5 of the source to the target (1000) in two target lines.
    await apply({
      type: 'TRANSFER',
      lines: [line(item.id, source.id, -7_500), line(item.id, target.id, 5_000), line(item.id, target.id, 2_500)],
    });
    const rows = await stockOf(db, item.code);
    expect(rows.find((r) => r.bin === source.code)).toBeUndefined();
    expect(rows.filter((r) => r.bin === target.code)).toEqual([expect.objectContaining({ onHand: 1_007_500 })]);
    const ledger = (await ledgerOf(db, item.code)).slice(ledgerBefore);
    expect(ledger.map((r) => [r.type, r.bin, r.quantity])).toEqual([
      ['TRANSFER', source.code, -7_500],
      ['TRANSFER', target.code, 5_000],
      ['TRANSFER', target.code, 2_500],
    ]);
  });

  it('keeps batch rows apart from untracked rows of the same bin', async () => {
    const item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const batch = await makeBatch(db, { item });
    const bin = await makeBinLocation(db, { locationType: 'PICK' });
    await makeStock(db, { item, location: bin, batch, onHand: 200 });
    await apply({ type: 'RECEIPT', lines: [line(item.id, bin.id, 1_000, { batchId: batch.id })] });
    await apply({ type: 'RECEIPT', lines: [line(item.id, bin.id, 2_000)] });
    const rows = (await stockOf(db, item.code)).filter((r) => r.bin === bin.code);
    expect(rows.map((r) => [r.batch, r.onHand])).toEqual([
      [null, 2_000],
      [batch.code, 201_000],
    ]);
  });

  it('refuses a negative result with notEnoughAvailableStock and changes nothing', async () => {
    const item = await makeItem(db);
    const [stocked, empty] = [await makeBinLocation(db), await makeBinLocation(db)];
    await makeStock(db, { item, location: stocked, onHand: 1007.5 });
    const before = await snapshot(item);
    const error = await apply({
      type: 'TRANSFER',
      lines: [line(item.id, stocked.id, -2_000_000), line(item.id, empty.id, 2_000_000)],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      key: 'notEnoughAvailableStock',
      args: {
        itemCode: item.code,
        binCode: stocked.code,
        batch: null,
        serial: null,
        available: 1007.5,
        requested: 2000,
      },
    });
    expect(await snapshot(item)).toEqual(before);
  });

  it('refuses taking stock from a row that does not exist, and rolls back earlier lines of the movement', async () => {
    const [item1, item2] = [await makeItem(db), await makeItem(db)];
    const [a, b] = [await makeBinLocation(db), await makeBinLocation(db)];
    // item1 has 500 at a; item2 has nothing anywhere.
    await makeStock(db, { item: item1, location: a, onHand: 500 });
    const before = await snapshot(item1, item2);
    const error = await apply({
      type: 'TRANSFER',
      lines: [
        line(item1.id, a.id, -1_000),
        line(item1.id, b.id, 1_000),
        line(item2.id, b.id, -1),
        line(item2.id, a.id, 1),
      ],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      key: 'notEnoughAvailableStock',
      args: { itemCode: item2.code, binCode: b.code, available: 0, requested: 0.001 },
    });
    expect(await snapshot(item1, item2)).toEqual(before);
  });

  it('protects released, picked and QC-pending stock: free-to-move never goes below zero', async () => {
    const [item, bin] = [await makeItem(db), await makeBinLocation(db, { locationType: 'PICK' })];
    // 48 on hand, 12 released, so 36 free.
    await makeStock(db, { item, location: bin, onHand: 48, released: 12 });
    const before = await snapshot(item);
    await expect(apply({ type: 'SCRAP', lines: [line(item.id, bin.id, -36_001)] })).rejects.toMatchObject({
      key: 'notEnoughAvailableStock',
      args: { available: 36, requested: 36.001 },
    });
    await expect(
      apply({ type: 'PICK', lines: [line(item.id, bin.id, 0, { releasedDelta: -13_000 })] }),
    ).rejects.toMatchObject({ key: 'notEnoughAvailableStock' });
    expect(await snapshot(item)).toEqual(before);
  });

  it('moves released, pick and QC-pending buckets; the QC flag follows the QC-pending quantity', async () => {
    const [item, other] = [await makeItem(db), await makeItem(db)];
    const [pickBin, cart, bulk] = [
      await makeBinLocation(db, { locationType: 'PICK' }),
      await makeBinLocation(db, { locationType: 'MOBILE' }),
      await makeBinLocation(db),
    ];
    await makeStock(db, { item, location: pickBin, onHand: 48, released: 12 });
    await makeStock(db, { item, location: cart, onHand: 6, pick: 6 });
    // A pick of 2 released units from the pick location into the cart.
    await apply({
      type: 'PICK',
      lines: [
        line(item.id, pickBin.id, -2_000, { releasedDelta: -2_000 }),
        line(item.id, cart.id, 2_000, { pickDelta: 2_000 }),
      ],
    });
    const rows = await stockOf(db, item.code);
    expect(rows.find((r) => r.bin === pickBin.code)).toMatchObject({ onHand: 46_000, released: 10_000 });
    expect(rows.find((r) => r.bin === cart.code)).toMatchObject({ onHand: 8_000, pick: 8_000 });

    await apply({ type: 'RECEIPT', lines: [line(other.id, bulk.id, 3_000, { qcPendingDelta: 3_000 })] });
    expect((await stockOf(db, other.code)).find((r) => r.bin === bulk.code)).toMatchObject({
      onHand: 3_000,
      qcPending: 1,
      qcPendingQty: 3_000,
    });
    await apply({ type: 'QC_RELEASE', lines: [line(other.id, bulk.id, 0, { qcPendingDelta: -3_000 })] });
    expect((await stockOf(db, other.code)).find((r) => r.bin === bulk.code)).toMatchObject({
      onHand: 3_000,
      qcPending: 0,
      qcPendingQty: 0,
    });
    await apply({ type: 'SCRAP', lines: [line(other.id, bulk.id, -3_000)] });
    expect((await stockOf(db, other.code)).find((r) => r.bin === bulk.code)).toBeUndefined();
  });

  it('moves nothing for a repeated idempotency key, and refuses the key for another movement type', async () => {
    const [item, bin] = [await makeItem(db), await makeBinLocation(db)];
    const movement: StockMovement = {
      type: 'RECEIPT',
      idempotencyKey: 'receipt-key-0002',
      user,
      lines: [line(item.id, bin.id, 1_000)],
    };
    expect(await apply(movement)).toMatchObject({ replayed: false });
    const before = await snapshot(item);
    expect(await apply(movement)).toEqual({
      replayed: true,
      itemIds: [item.id],
      binLocationIds: [bin.id],
      rows: [],
    });
    await expect(apply({ ...movement, type: 'SCRAP' })).rejects.toMatchObject({
      status: 422,
      key: 'idempotencyKeyConflict',
    });
    expect(await snapshot(item)).toEqual(before);
  });

  it('loses no update under concurrent movements and lets only covered withdrawals through', async () => {
    const [item, bin] = [await makeItem(db), await makeBinLocation(db)];
    await apply({ type: 'RECEIPT', lines: [line(item.id, bin.id, 50_000)] });
    await Promise.all(
      Array.from({ length: 20 }, () => apply({ type: 'RECEIPT', lines: [line(item.id, bin.id, 1_000)] })),
    );
    const onHand = async () => (await stockOf(db, item.code)).find((r) => r.bin === bin.code)?.onHand ?? 0;
    expect(await onHand()).toBe(70_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => apply({ type: 'SCRAP', lines: [line(item.id, bin.id, -10_000)] })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ key: 'notEnoughAvailableStock' });
    expect(await onHand()).toBe(0);
    expect((await stockOf(db, item.code)).find((r) => r.bin === bin.code)).toBeUndefined();
  });

  it('rejects fractional deltas as a programming error', async () => {
    const [item, bin] = [await makeItem(db), await makeBinLocation(db)];
    await expect(apply({ type: 'RECEIPT', lines: [line(item.id, bin.id, 0.5)] })).rejects.toThrow(/non-integer/);
  });
});
