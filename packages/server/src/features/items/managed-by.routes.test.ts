import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paddedCodeKey, topics } from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { applyStockMovement } from '../stock/stock.service.js';
import {
  batchIdOf,
  binIdOf,
  countRows,
  itemIdOf,
  ledgerOf,
  onHandPerBin,
  stockOf,
} from '../stock/stock.test-helper.js';

describe('POST /api/v1/item/{code}/managedBy/{type}', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const convert = (code: string, type: string, body: Record<string, unknown> = {}, headers = {}, client = manager) =>
    client.post(`/api/v1/item/${code}/managedBy/${type}`, body, headers);
  const item = async (code: string) => (await operator.get(`/api/v1/item/${code}`)).json;
  const conversionLedger = async (code: string) =>
    (await ledgerOf(t.app.ctx.db, code)).filter((r) => r.type === 'MANAGED_BY_CONVERSION');
  /** Everything a refused conversion must leave as it was. */
  const snapshot = async (code: string) => ({
    item: await item(code),
    stock: await stockOf(t.app.ctx.db, code),
    ledger: await countRows(t.app.ctx.db, 'stock_ledger'),
    batches: await countRows(t.app.ctx.db, 'batch'),
    serials: await countRows(t.app.ctx.db, 'serial'),
  });

  it('NORMAL to BATCH_NUMBER: every row becomes the new batch, bins keep their totals, the ledger nets to zero', async () => {
    const db = t.app.ctx.db;
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const totals = await onHandPerBin(db, 'ITEM-002');
    const version = (await item('ITEM-002')).version;
    const headers = { 'Idempotency-Key': 'convert-item-002-0001' };
    const answer = await convert('item-002', 'BATCH_NUMBER', { newBatchName: 'CONV-1' }, headers);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ managedBy: 'BATCH_NUMBER', convertedRows: 4 });

    expect(await item('ITEM-002')).toMatchObject({
      managedBy: 'BATCH_NUMBER',
      hasBatch: true,
      serial: false,
      version: version + 1,
    });
    const rows = await stockOf(db, 'ITEM-002');
    expect(rows.map((r) => [r.bin, r.batch, r.serial, r.onHand])).toEqual([
      ['01-COUNT-01', 'CONV-1', null, 75_000],
      ['01-DIV-01', 'CONV-1', null, 120_000],
      ['01-KARDEX-01', 'CONV-1', null, 250_000],
      ['01-P01-02', 'CONV-1', null, 1_000_000],
    ]);
    expect(await onHandPerBin(db, 'ITEM-002')).toEqual(totals);
    expect(await batchIdOf(db, 'ITEM-002', 'conv-1')).toEqual(expect.any(Number));

    const ledger = await conversionLedger('ITEM-002');
    expect(ledger).toHaveLength(8);
    expect(ledger.reduce((sum, r) => sum + r.quantity, 0)).toBe(0);
    expect(ledger.filter((r) => r.quantity < 0).every((r) => r.batch === null)).toBe(true);
    expect(ledger.filter((r) => r.quantity > 0).every((r) => r.batch === 'CONV-1')).toBe(true);
    expect(ledger.every((r) => r.username === 'manager' && r.idempotencyKey === 'convert-item-002-0001')).toBe(true);
    const history = (await operator.get('/api/v1/item/ITEM-002/history')).json;
    expect(history.rows.filter((r: any) => r.transactionType === 'MANAGED_BY_CONVERSION')).toHaveLength(8);

    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: ['ITEM-002'] });
    expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', {
      codes: ['01-COUNT-01', '01-DIV-01', '01-KARDEX-01', '01-P01-02'],
    });
  });

  it('answers a retry with the same Idempotency-Key from the first result and converts nothing', async () => {
    const before = await snapshot('ITEM-002');
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const headers = { 'Idempotency-Key': 'convert-item-002-0001' };
    const retry = await convert('ITEM-002', 'BATCH_NUMBER', { newBatchName: 'CONV-1' }, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual({ managedBy: 'BATCH_NUMBER', convertedRows: 4 });
    const other = await convert('ITEM-002', 'NORMAL', {}, headers);
    expect(other.json).toMatchObject({ status: 422, key: 'idempotencyKeyConflict' });
    expect(await snapshot('ITEM-002')).toEqual(before);
    expect(publish).not.toHaveBeenCalled();
  });

  it('BATCH_NUMBER to NORMAL: batches dropped, rows of one bin merge, QC-pending stock stays QC-pending', async () => {
    const db = t.app.ctx.db;
    // A second batch in 01-P01-01 next to B2025-014 (200), so the conversion merges two rows.
    const line = {
      itemId: await itemIdOf(db, 'BATCH-001'),
      batchId: await batchIdOf(db, 'BATCH-001', 'B2025-015'),
      serialId: null,
      binLocationId: await binIdOf(db, '01-P01-01'),
      onHandDelta: 30_500,
    };
    await db
      .transaction()
      .execute((tx) => applyStockMovement(tx, t.app.ctx, { type: 'RECEIPT', user: null, lines: [line] }));
    const totals = await onHandPerBin(db, 'BATCH-001');
    const answer = await convert('BATCH-001', 'NORMAL');
    expect(answer.json).toEqual({ managedBy: 'NORMAL', convertedRows: 4 });
    expect(await item('BATCH-001')).toMatchObject({ managedBy: 'NORMAL', hasBatch: false, serial: false });
    expect(
      (await stockOf(db, 'BATCH-001')).map((r) => [r.bin, r.batch, r.onHand, r.qcPending, r.qcPendingQty]),
    ).toEqual([
      ['01-BLOCKED', null, 20_000, 0, 0],
      ['01-P01-01', null, 230_500, 0, 0],
      ['01-QC', null, 50_000, 1, 50_000],
    ]);
    expect(await onHandPerBin(db, 'BATCH-001')).toEqual(totals);
    const ledger = await conversionLedger('BATCH-001');
    expect(ledger).toHaveLength(8);
    expect(ledger.reduce((sum, r) => sum + r.quantity, 0)).toBe(0);
  });

  it('NORMAL to SERIAL_NUMBER: one serial per unit from the first free number, in lot newBatchName', async () => {
    const db = t.app.ctx.db;
    const prodId = await itemIdOf(db, 'PROD-001');
    await db
      .insertInto('serial')
      .values({
        item_id: prodId,
        code: 'BE_CONV_2',
        code_key: paddedCodeKey('BE_CONV_2'),
        visual_code: 'BE_CONV_2',
        quality_control_approved_or_not_required: 1,
      })
      .execute();
    const answer = await convert('PROD-001', 'SERIAL_NUMBER');
    expect(answer.json).toEqual({ managedBy: 'SERIAL_NUMBER', convertedRows: 1 });
    expect(await item('PROD-001')).toMatchObject({ managedBy: 'SERIAL_NUMBER', hasBatch: false, serial: true });
    const rows = await stockOf(db, 'PROD-001');
    expect(rows.map((r) => r.serial)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => `BE_CONV_${n}`));
    expect(
      rows.every((r) => r.bin === '01-PROD' && r.onHand === 1_000 && r.lot === 'BE_CONV' && r.batch === null),
    ).toBe(true);
    const ledger = await conversionLedger('PROD-001');
    expect(ledger.map((r) => r.quantity)).toEqual([-10_000, ...Array<number>(10).fill(1_000)]);
  });

  it('to SERIAL_NUMBER carries QC-pending stock unit by unit; such serials are not QC-approved', async () => {
    const answer = await convert('QC-001', 'SERIAL_NUMBER', { newBatchName: 'G-LOT', newSerialPrefix: 'G-' });
    expect(answer.json).toEqual({ managedBy: 'SERIAL_NUMBER', convertedRows: 1 });
    const rows = await stockOf(t.app.ctx.db, 'QC-001');
    expect(rows).toHaveLength(40);
    expect(
      rows.every((r) => r.bin === '01-QC' && r.onHand === 1_000 && r.qcPending === 1 && r.qcPendingQty === 1_000),
    ).toBe(true);
    const serials = await t.app.ctx.db
      .selectFrom('serial')
      .select(['code', 'lot_code', 'quality_control_approved_or_not_required as approved'])
      .where('item_id', '=', await itemIdOf(t.app.ctx.db, 'QC-001'))
      .execute();
    expect(serials).toHaveLength(40);
    expect(serials.every((s) => s.lot_code === 'G-LOT' && s.approved === 0 && s.code.startsWith('G-'))).toBe(true);
  });

  it('SERIAL_NUMBER (by dispatch, untracked stock) to NORMAL: no row to rewrite, the dispatch flag goes', async () => {
    const answer = await convert('SERIAL-002', 'NORMAL');
    expect(answer.json).toEqual({ managedBy: 'NORMAL', convertedRows: 0 });
    expect(await item('SERIAL-002')).toMatchObject({
      managedBy: 'NORMAL',
      serial: false,
      serialManagedByDispatch: false,
    });
    expect(await conversionLedger('SERIAL-002')).toEqual([]);
  });

  it('lets one of two simultaneous conversions of an item through; bins keep their totals', async () => {
    const totals = await onHandPerBin(t.app.ctx.db, 'ITEM-002');
    const answers = await Promise.all([convert('ITEM-002', 'NORMAL'), convert('ITEM-002', 'NORMAL')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    const loser = answers.find((a) => a.status !== 200);
    // SQLite runs them one after the other (the second finds NORMAL); PostgreSQL's second waits on the item row (412).
    expect([412, 422]).toContain(loser?.status);
    expect(await item('ITEM-002')).toMatchObject({ managedBy: 'NORMAL' });
    expect((await stockOf(t.app.ctx.db, 'ITEM-002')).every((r) => r.batch === null)).toBe(true);
    expect(await onHandPerBin(t.app.ctx.db, 'ITEM-002')).toEqual(totals);
    expect((await conversionLedger('ITEM-002')).reduce((sum, r) => sum + r.quantity, 0)).toBe(0);
  });

  it('refuses part units to serials with 422 invalidInput fractionalQuantity, changing nothing', async () => {
    const before = await snapshot('LIQUID-001');
    const answer = await convert('LIQUID-001', 'SERIAL_NUMBER');
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      key: 'invalidInput',
      args: { reason: 'fractionalQuantity', binCode: '01-TANK-01', quantity: 750500.5 },
    });
    expect(await snapshot('LIQUID-001')).toEqual(before);
  });

  it('refuses while stock is released or picked (422 invalidInput stockAllocated), changing nothing', async () => {
    for (const [code, type, binCode] of [
      ['ITEM-001', 'BATCH_NUMBER', '01-P01-01'],
      ['SERIAL-001', 'NORMAL', 'CART-02'],
    ] as const) {
      const before = await snapshot(code);
      const answer = await convert(code, type);
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ key: 'invalidInput', args: { reason: 'stockAllocated', code, binCode } });
      expect(await snapshot(code)).toEqual(before);
    }
  });

  it('refuses the current type with 422 itemAlreadyManagedBy', async () => {
    const answer = await convert('item-001', 'NORMAL');
    expect(answer.json).toMatchObject({
      status: 422,
      key: 'itemAlreadyManagedBy',
      args: { code: 'ITEM-001', managedBy: 'NORMAL' },
    });
  });

  it('answers 404 for an unknown item and 400 for a bad type, body or Idempotency-Key', async () => {
    expect((await convert('NOPE', 'NORMAL')).json).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
      args: { code: 'NOPE' },
    });
    const before = await snapshot('ITEM-001');
    for (const [type, body, headers] of [
      ['LOT', {}, {}],
      ['BATCH_NUMBER', { newBatchName: '' }, {}],
      ['SERIAL_NUMBER', { newSerialPrefix: 'X'.repeat(91) }, {}],
      ['BATCH_NUMBER', {}, { 'Idempotency-Key': 'short' }],
    ] as const) {
      const answer = await convert('ITEM-001', type, body, headers);
      expect(answer.status, `${type} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json).toMatchObject({ key: 'invalidInput' });
    }
    expect(await snapshot('ITEM-001')).toEqual(before);
  });

  it('is forbidden without itemManagedByEdit (403), changing nothing', async () => {
    const before = await snapshot('ITEM-001');
    expect((await convert('ITEM-001', 'BATCH_NUMBER', {}, {}, operator)).json).toMatchObject({
      status: 403,
      key: 'requestForbidden',
    });
    expect((await convert('ITEM-001', 'BATCH_NUMBER', {}, {}, t.client())).status).toBe(401);
    expect(await snapshot('ITEM-001')).toEqual(before);
  });
});
