import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { userIdOf } from '../../../test/session-helper.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { applyStockMovement, type StockMovement, type StockMovementLine } from './stock.service.js';
import { batchIdOf, binIdOf, countRows, itemIdOf, ledgerOf, stockOf } from './stock.test-helper.js';

describe('stock service: applyStockMovement', () => {
  let t: TestApp;
  let db: Db;
  let user: { userId: number; username: string };
  const ids = { item1: 0, item2: 0, batchItem: 0, a0101: 0, a0102: 0, p0101: 0, p0102: 0, batch14: 0 };

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    user = { userId: await userIdOf(t, 'manager'), username: 'manager' };
    Object.assign(ids, {
      item1: await itemIdOf(db, 'ITEM-001'),
      item2: await itemIdOf(db, 'ITEM-002'),
      batchItem: await itemIdOf(db, 'BATCH-001'),
      a0101: await binIdOf(db, '01-A01-01'),
      a0102: await binIdOf(db, '01-A01-02'),
      p0101: await binIdOf(db, '01-P01-01'),
      p0102: await binIdOf(db, '01-P01-02'),
      batch14: await batchIdOf(db, 'BATCH-001', 'B2025-014'),
    });
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

  /** Everything a refused movement must leave as it was. */
  const snapshot = async () => ({
    item1: await stockOf(db, 'ITEM-001'),
    item2: await stockOf(db, 'ITEM-002'),
    batchItem: await stockOf(db, 'BATCH-001'),
    stockRows: await countRows(db, 'stock'),
    ledgerRows: await countRows(db, 'stock_ledger'),
  });

  it('writes every ledger row of a movement with more lines than one statement takes', async () => {
    const before = (await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-A01-02')?.onHand ?? 0;
    await apply({
      type: 'RECEIPT',
      idempotencyKey: 'receipt-key-many',
      lines: Array.from({ length: 401 }, () => line(ids.item2, ids.a0102, 1_000)),
    });
    const ledger = (await ledgerOf(db, 'ITEM-002')).filter((r) => r.idempotencyKey === 'receipt-key-many');
    expect(ledger).toHaveLength(401);
    expect((await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-A01-02')?.onHand).toBe(before + 401_000);
    await apply({
      type: 'SCRAP',
      idempotencyKey: 'scrap-key-many',
      lines: [line(ids.item2, ids.a0102, -401_000)],
    });
  });

  it('creates a missing row and writes one ledger row per line with type, user, document and key', async () => {
    const result = await apply({
      type: 'RECEIPT',
      idempotencyKey: 'receipt-key-0001',
      documentRef: { type: 'GOODS_RECEIPT', code: 'GR-T1' },
      lines: [line(ids.item2, ids.a0102, 7_500)],
    });
    expect(result).toMatchObject({ replayed: false, itemIds: [ids.item2], binLocationIds: [ids.a0102] });
    expect(result.rows).toEqual([
      expect.objectContaining({ binLocationId: ids.a0102, onHandQty: 7_500, releasedQty: 0, pickQty: 0 }),
    ]);
    expect((await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-A01-02')).toMatchObject({ onHand: 7_500 });
    expect((await ledgerOf(db, 'ITEM-002')).at(-1)).toEqual({
      type: 'RECEIPT',
      username: 'manager',
      userId: user.userId,
      documentType: 'GOODS_RECEIPT',
      documentCode: 'GR-T1',
      idempotencyKey: 'receipt-key-0001',
      quantity: 7_500,
      bin: '01-A01-02',
      batch: null,
      serial: null,
    });
  });

  it('merges lines of one row and into an existing row; a row that reaches zero is deleted', async () => {
    const ledgerBefore = (await ledgerOf(db, 'ITEM-002')).length;
    // 01-A01-02 holds 7.5 from the test above; move it all to 01-P01-02 (1000) in two target lines.
    await apply({
      type: 'TRANSFER',
      lines: [line(ids.item2, ids.a0102, -7_500), line(ids.item2, ids.p0102, 5_000), line(ids.item2, ids.p0102, 2_500)],
    });
    const rows = await stockOf(db, 'ITEM-002');
    expect(rows.find((r) => r.bin === '01-A01-02')).toBeUndefined();
    expect(rows.filter((r) => r.bin === '01-P01-02')).toEqual([expect.objectContaining({ onHand: 1_007_500 })]);
    const ledger = (await ledgerOf(db, 'ITEM-002')).slice(ledgerBefore);
    expect(ledger.map((r) => [r.type, r.bin, r.quantity])).toEqual([
      ['TRANSFER', '01-A01-02', -7_500],
      ['TRANSFER', '01-P01-02', 5_000],
      ['TRANSFER', '01-P01-02', 2_500],
    ]);
  });

  it('keeps batch rows apart from untracked rows of the same bin', async () => {
    await apply({ type: 'RECEIPT', lines: [line(ids.batchItem, ids.p0101, 1_000, { batchId: ids.batch14 })] });
    await apply({ type: 'RECEIPT', lines: [line(ids.batchItem, ids.p0101, 2_000)] });
    const rows = (await stockOf(db, 'BATCH-001')).filter((r) => r.bin === '01-P01-01');
    expect(rows.map((r) => [r.batch, r.onHand])).toEqual([
      [null, 2_000],
      ['B2025-014', 201_000],
    ]);
    await apply({ type: 'SCRAP', lines: [line(ids.batchItem, ids.p0101, -2_000)] });
    await apply({ type: 'SCRAP', lines: [line(ids.batchItem, ids.p0101, -1_000, { batchId: ids.batch14 })] });
  });

  it('refuses a negative result with notEnoughAvailableStock and changes nothing', async () => {
    const before = await snapshot();
    const error = await apply({
      type: 'TRANSFER',
      lines: [line(ids.item2, ids.p0102, -2_000_000), line(ids.item2, ids.a0102, 2_000_000)],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      key: 'notEnoughAvailableStock',
      args: {
        itemCode: 'ITEM-002',
        binCode: '01-P01-02',
        batch: null,
        serial: null,
        available: 1007.5,
        requested: 2000,
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses taking stock from a row that does not exist, and rolls back earlier lines of the movement', async () => {
    const before = await snapshot();
    const error = await apply({
      type: 'TRANSFER',
      lines: [
        line(ids.item1, ids.a0101, -1_000),
        line(ids.item1, ids.a0102, 1_000),
        line(ids.item2, ids.a0102, -1),
        line(ids.item2, ids.a0101, 1),
      ],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      key: 'notEnoughAvailableStock',
      args: { itemCode: 'ITEM-002', binCode: '01-A01-02', available: 0, requested: 0.001 },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('protects released, picked and QC-pending stock: free-to-move never goes below zero', async () => {
    // ITEM-001 at 01-P01-01: 48 on hand, 12 released, so 36 free.
    const before = await snapshot();
    await expect(apply({ type: 'SCRAP', lines: [line(ids.item1, ids.p0101, -36_001)] })).rejects.toMatchObject({
      key: 'notEnoughAvailableStock',
      args: { available: 36, requested: 36.001 },
    });
    await expect(
      apply({ type: 'PICK', lines: [line(ids.item1, ids.p0101, 0, { releasedDelta: -13_000 })] }),
    ).rejects.toMatchObject({ key: 'notEnoughAvailableStock' });
    expect(await snapshot()).toEqual(before);
  });

  it('moves released, pick and QC-pending buckets; the QC flag follows the QC-pending quantity', async () => {
    const cart = await binIdOf(db, 'CART-01');
    // A pick of 2 released units from 01-P01-01 into CART-01.
    await apply({
      type: 'PICK',
      lines: [
        line(ids.item1, ids.p0101, -2_000, { releasedDelta: -2_000 }),
        line(ids.item1, cart, 2_000, { pickDelta: 2_000 }),
      ],
    });
    const rows = await stockOf(db, 'ITEM-001');
    expect(rows.find((r) => r.bin === '01-P01-01')).toMatchObject({ onHand: 46_000, released: 10_000 });
    expect(rows.find((r) => r.bin === 'CART-01')).toMatchObject({ onHand: 8_000, pick: 8_000 });

    await apply({ type: 'RECEIPT', lines: [line(ids.item2, ids.a0102, 3_000, { qcPendingDelta: 3_000 })] });
    expect((await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-A01-02')).toMatchObject({
      onHand: 3_000,
      qcPending: 1,
      qcPendingQty: 3_000,
    });
    await apply({ type: 'QC_RELEASE', lines: [line(ids.item2, ids.a0102, 0, { qcPendingDelta: -3_000 })] });
    expect((await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-A01-02')).toMatchObject({
      onHand: 3_000,
      qcPending: 0,
      qcPendingQty: 0,
    });
    await apply({ type: 'SCRAP', lines: [line(ids.item2, ids.a0102, -3_000)] });
    expect((await stockOf(db, 'ITEM-002')).find((r) => r.bin === '01-A01-02')).toBeUndefined();
  });

  it('moves nothing for a repeated idempotency key, and refuses the key for another movement type', async () => {
    const movement: StockMovement = {
      type: 'RECEIPT',
      idempotencyKey: 'receipt-key-0002',
      user,
      lines: [line(ids.item2, ids.a0101, 1_000)],
    };
    expect(await apply(movement)).toMatchObject({ replayed: false });
    const before = await snapshot();
    expect(await apply(movement)).toEqual({
      replayed: true,
      itemIds: [ids.item2],
      binLocationIds: [ids.a0101],
      rows: [],
    });
    await expect(apply({ ...movement, type: 'SCRAP' })).rejects.toMatchObject({
      status: 422,
      key: 'idempotencyKeyConflict',
    });
    expect(await snapshot()).toEqual(before);
    await apply({ type: 'SCRAP', lines: [line(ids.item2, ids.a0101, -1_000)] });
  });

  it('loses no update under concurrent movements and lets only covered withdrawals through', async () => {
    const bin = ids.a0102;
    await apply({ type: 'RECEIPT', lines: [line(ids.item1, bin, 50_000)] });
    await Promise.all(
      Array.from({ length: 20 }, () => apply({ type: 'RECEIPT', lines: [line(ids.item1, bin, 1_000)] })),
    );
    const onHand = async () => (await stockOf(db, 'ITEM-001')).find((r) => r.bin === '01-A01-02')?.onHand ?? 0;
    expect(await onHand()).toBe(70_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => apply({ type: 'SCRAP', lines: [line(ids.item1, bin, -10_000)] })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    for (const o of outcomes)
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ key: 'notEnoughAvailableStock' });
    expect(await onHand()).toBe(0);
    expect((await stockOf(db, 'ITEM-001')).find((r) => r.bin === '01-A01-02')).toBeUndefined();
  });

  it('rejects fractional deltas as a programming error', async () => {
    await expect(apply({ type: 'RECEIPT', lines: [line(ids.item2, ids.a0101, 0.5)] })).rejects.toThrow(/non-integer/);
  });
});
