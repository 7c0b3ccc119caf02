import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import { makeBatch, makeBinLocation, makeItem, makeSerial, makeStock, type Item } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { Db } from '../../db/database.js';
import { batchIdOf, countRows, ledgerOf, onHandPerBin, stockOf } from '../stock/stock.test-helper.js';

/** Every test converts an item it made itself (test/factories.ts), so each runs alone and in any order. */
describe('POST /api/v1/item/{code}/managedBy/{type}', () => {
  let t: TestApp;
  let db: Db;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const convert = (code: string, type: string, body: Record<string, unknown> = {}, headers = {}, client = manager) =>
    client.post(`/api/v1/item/${code}/managedBy/${type}`, body, headers);
  const item = async (code: string) => (await operator.get(`/api/v1/item/${code}`)).json;
  const conversionLedger = async (code: string) =>
    (await ledgerOf(db, code)).filter((r) => r.type === 'MANAGED_BY_CONVERSION');
  /** Everything a refused conversion must leave as it was. */
  const snapshot = async (code: string) => ({
    item: await item(code),
    stock: await stockOf(db, code),
    ledger: await countRows(db, 'stock_ledger'),
    batches: await countRows(db, 'batch'),
    serials: await countRows(db, 'serial'),
  });
  /** A NORMAL item with untracked stock of these quantities, each in a location of its own (made in code order). */
  const normalItemIn = async (...quantities: number[]) => {
    const made = await makeItem(db);
    const bins = [];
    for (const onHand of quantities) {
      const bin = await makeBinLocation(db);
      await makeStock(db, { item: made, location: bin, onHand });
      bins.push(bin);
    }
    return { item: made, bins };
  };

  it('NORMAL to BATCH_NUMBER: every row becomes the new batch, bins keep their totals, the ledger nets to zero', async () => {
    const { item: made, bins } = await normalItemIn(75, 120, 250, 1000);
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const totals = await onHandPerBin(db, made.code);
    const version = (await item(made.code)).version;
    const headers = { 'Idempotency-Key': 'convert-to-batch-0001' };
    const answer = await convert(made.code.toLowerCase(), 'BATCH_NUMBER', { newBatchName: 'CONV-1' }, headers);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ managedBy: 'BATCH_NUMBER', convertedRows: 4 });

    expect(await item(made.code)).toMatchObject({
      managedBy: 'BATCH_NUMBER',
      hasBatch: true,
      serial: false,
      version: version + 1,
    });
    const rows = await stockOf(db, made.code);
    expect(rows.map((r) => [r.bin, r.batch, r.serial, r.onHand])).toEqual([
      [bins[0]?.code, 'CONV-1', null, 75_000],
      [bins[1]?.code, 'CONV-1', null, 120_000],
      [bins[2]?.code, 'CONV-1', null, 250_000],
      [bins[3]?.code, 'CONV-1', null, 1_000_000],
    ]);
    expect(await onHandPerBin(db, made.code)).toEqual(totals);
    expect(await batchIdOf(db, made.code, 'conv-1')).toEqual(expect.any(Number));

    const ledger = await conversionLedger(made.code);
    expect(ledger).toHaveLength(8);
    expect(ledger.reduce((sum, r) => sum + r.quantity, 0)).toBe(0);
    expect(ledger.filter((r) => r.quantity < 0).every((r) => r.batch === null)).toBe(true);
    expect(ledger.filter((r) => r.quantity > 0).every((r) => r.batch === 'CONV-1')).toBe(true);
    expect(ledger.every((r) => r.username === 'manager' && r.idempotencyKey === 'convert-to-batch-0001')).toBe(true);
    const history = (await operator.get(`/api/v1/item/${made.code}/history`)).json;
    expect(history.rows.filter((r: any) => r.transactionType === 'MANAGED_BY_CONVERSION')).toHaveLength(8);

    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [made.code] });
    expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', {
      codes: bins.map((b) => b.code),
    });
  });

  it('answers a retry with the same Idempotency-Key from the first result and converts nothing', async () => {
    const { item: made } = await normalItemIn(75, 120, 250, 1000);
    const headers = { 'Idempotency-Key': 'convert-to-batch-0002' };
    const first = await convert(made.code, 'BATCH_NUMBER', { newBatchName: 'CONV-1' }, headers);
    expect(first.status).toBe(200);
    const before = await snapshot(made.code);
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const retry = await convert(made.code, 'BATCH_NUMBER', { newBatchName: 'CONV-1' }, headers);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual({ managedBy: 'BATCH_NUMBER', convertedRows: 4 });
    const other = await convert(made.code, 'NORMAL', {}, headers);
    expect(other.json).toMatchObject({ status: 422, key: 'idempotencyKeyConflict' });
    expect(await snapshot(made.code)).toEqual(before);
    expect(publish).not.toHaveBeenCalled();
  });

  it('BATCH_NUMBER to NORMAL: batches dropped, rows of one bin merge, QC-pending stock stays QC-pending', async () => {
    const made = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const [expired, current, fresh] = [
      await makeBatch(db, { item: made }),
      await makeBatch(db, { item: made }),
      await makeBatch(db, { item: made, qcApproved: false }),
    ];
    const blocked = await makeBinLocation(db, { restricted: true, blocked: 'Damaged rack' });
    const pick = await makeBinLocation(db, { locationType: 'PICK' });
    const qc = await makeBinLocation(db, { locationType: 'QC' });
    await makeStock(db, { item: made, location: blocked, batch: expired, onHand: 20 });
    await makeStock(db, { item: made, location: qc, batch: fresh, onHand: 50, qcPending: 50 });
    // Two batches in the pick location (200 and 30.5), so the conversion merges two rows.
    await makeStock(db, { item: made, location: pick, batch: current, onHand: 200 });
    await makeStock(db, { item: made, location: pick, batch: fresh, onHand: 30.5 });
    const totals = await onHandPerBin(db, made.code);
    const answer = await convert(made.code, 'NORMAL');
    expect(answer.json).toEqual({ managedBy: 'NORMAL', convertedRows: 4 });
    expect(await item(made.code)).toMatchObject({ managedBy: 'NORMAL', hasBatch: false, serial: false });
    expect((await stockOf(db, made.code)).map((r) => [r.bin, r.batch, r.onHand, r.qcPending, r.qcPendingQty])).toEqual([
      [blocked.code, null, 20_000, 0, 0],
      [pick.code, null, 230_500, 0, 0],
      [qc.code, null, 50_000, 1, 50_000],
    ]);
    expect(await onHandPerBin(db, made.code)).toEqual(totals);
    const ledger = await conversionLedger(made.code);
    expect(ledger).toHaveLength(8);
    expect(ledger.reduce((sum, r) => sum + r.quantity, 0)).toBe(0);
  });

  it('NORMAL to SERIAL_NUMBER: one serial per unit from the first free number, in lot newBatchName', async () => {
    const made = await makeItem(db, { isProductionItem: true });
    const production = await makeBinLocation(db, { locationType: 'PRODUCTION' });
    await makeStock(db, { item: made, location: production, onHand: 10 });
    await makeSerial(db, { item: made, code: 'BE_CONV_2' });
    const answer = await convert(made.code, 'SERIAL_NUMBER');
    expect(answer.json).toEqual({ managedBy: 'SERIAL_NUMBER', convertedRows: 1 });
    expect(await item(made.code)).toMatchObject({ managedBy: 'SERIAL_NUMBER', hasBatch: false, serial: true });
    const rows = await stockOf(db, made.code);
    expect(rows.map((r) => r.serial)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => `BE_CONV_${n}`));
    expect(
      rows.every((r) => r.bin === production.code && r.onHand === 1_000 && r.lot === 'BE_CONV' && r.batch === null),
    ).toBe(true);
    const ledger = await conversionLedger(made.code);
    expect(ledger.map((r) => r.quantity)).toEqual([-10_000, ...Array<number>(10).fill(1_000)]);
  });

  it('to SERIAL_NUMBER carries QC-pending stock unit by unit; such serials are not QC-approved', async () => {
    const made = await makeItem(db, { managedBy: 'BATCH_NUMBER', blockForQcType: 'ALWAYS' });
    const qc = await makeBinLocation(db, { locationType: 'QC' });
    const batch = await makeBatch(db, { item: made, qcApproved: false });
    await makeStock(db, { item: made, location: qc, batch, onHand: 40, qcPending: 40 });
    const answer = await convert(made.code, 'SERIAL_NUMBER', { newBatchName: 'G-LOT', newSerialPrefix: 'G-' });
    expect(answer.json).toEqual({ managedBy: 'SERIAL_NUMBER', convertedRows: 1 });
    const rows = await stockOf(db, made.code);
    expect(rows).toHaveLength(40);
    expect(
      rows.every((r) => r.bin === qc.code && r.onHand === 1_000 && r.qcPending === 1 && r.qcPendingQty === 1_000),
    ).toBe(true);
    const serials = await db
      .selectFrom('serial')
      .select(['code', 'lot_code', 'quality_control_approved_or_not_required as approved'])
      .where('item_id', '=', made.id)
      .execute();
    expect(serials).toHaveLength(40);
    expect(serials.every((s) => s.lot_code === 'G-LOT' && s.approved === 0 && s.code.startsWith('G-'))).toBe(true);
  });

  it('SERIAL_NUMBER (by dispatch, untracked stock) to NORMAL: no row to rewrite, the dispatch flag goes', async () => {
    const made = await makeItem(db, { managedBy: 'SERIAL_NUMBER', serialManagedByDispatch: true });
    // Serials of an item managed by dispatch are recorded when it ships: its stock has none.
    await makeStock(db, { item: made, location: await makeBinLocation(db), onHand: 5 });
    const answer = await convert(made.code, 'NORMAL');
    expect(answer.json).toEqual({ managedBy: 'NORMAL', convertedRows: 0 });
    expect(await item(made.code)).toMatchObject({
      managedBy: 'NORMAL',
      serial: false,
      serialManagedByDispatch: false,
    });
    expect(await conversionLedger(made.code)).toEqual([]);
  });

  it('lets one of two simultaneous conversions of an item through; bins keep their totals', async () => {
    const made: Item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const batch = await makeBatch(db, { item: made });
    for (const onHand of [75, 120, 250]) {
      await makeStock(db, { item: made, location: await makeBinLocation(db), batch, onHand });
    }
    const totals = await onHandPerBin(db, made.code);
    const answers = await Promise.all([convert(made.code, 'NORMAL'), convert(made.code, 'NORMAL')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    const loser = answers.find((a) => a.status !== 200);
    // SQLite runs them one after the other (the second finds NORMAL); PostgreSQL's second waits on the item row (412).
    expect([412, 422]).toContain(loser?.status);
    expect(await item(made.code)).toMatchObject({ managedBy: 'NORMAL' });
    expect((await stockOf(db, made.code)).every((r) => r.batch === null)).toBe(true);
    expect(await onHandPerBin(db, made.code)).toEqual(totals);
    expect((await conversionLedger(made.code)).reduce((sum, r) => sum + r.quantity, 0)).toBe(0);
  });

  it('refuses part units to serials with 422 invalidInput fractionalQuantity, changing nothing', async () => {
    const liquid = await makeItem(db, { units: 'ml', mlToMg: 870 });
    const tank = await makeBinLocation(db, { physicalLocationType: 'LIQUID_CONTAINER' });
    await makeStock(db, { item: liquid, location: tank, onHand: 750_500.5 });
    const before = await snapshot(liquid.code);
    const answer = await convert(liquid.code, 'SERIAL_NUMBER');
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({
      key: 'invalidInput',
      args: { reason: 'fractionalQuantity', binCode: tank.code, quantity: 750500.5 },
    });
    expect(await snapshot(liquid.code)).toEqual(before);
  });

  it('refuses while stock is released or picked (422 invalidInput stockAllocated), changing nothing', async () => {
    const released = await makeItem(db);
    const pick = await makeBinLocation(db, { locationType: 'PICK' });
    await makeStock(db, { item: released, location: await makeBinLocation(db), onHand: 500 });
    await makeStock(db, { item: released, location: pick, onHand: 48, released: 12 });
    const picked = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const cart = await makeBinLocation(db, { locationType: 'MOBILE' });
    await makeStock(db, {
      item: picked,
      location: cart,
      serial: await makeSerial(db, { item: picked }),
      onHand: 1,
      pick: 1,
    });
    for (const [code, type, binCode] of [
      [released.code, 'BATCH_NUMBER', pick.code],
      [picked.code, 'NORMAL', cart.code],
    ] as const) {
      const before = await snapshot(code);
      const answer = await convert(code, type);
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ key: 'invalidInput', args: { reason: 'stockAllocated', code, binCode } });
      expect(await snapshot(code)).toEqual(before);
    }
  });

  it('refuses the current type with 422 itemAlreadyManagedBy', async () => {
    const made = await makeItem(db);
    const answer = await convert(made.code.toLowerCase(), 'NORMAL');
    expect(answer.json).toMatchObject({
      status: 422,
      key: 'itemAlreadyManagedBy',
      args: { code: made.code, managedBy: 'NORMAL' },
    });
  });

  it('answers 404 for an unknown item and 400 for a bad type, body or Idempotency-Key', async () => {
    expect((await convert('NOPE', 'NORMAL')).json).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
      args: { code: 'NOPE' },
    });
    const { item: made } = await normalItemIn(10);
    const before = await snapshot(made.code);
    for (const [type, body, headers] of [
      ['LOT', {}, {}],
      ['BATCH_NUMBER', { newBatchName: '' }, {}],
      ['SERIAL_NUMBER', { newSerialPrefix: 'X'.repeat(91) }, {}],
      ['BATCH_NUMBER', {}, { 'Idempotency-Key': 'short' }],
    ] as const) {
      const answer = await convert(made.code, type, body, headers);
      expect(answer.status, `${type} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.json).toMatchObject({ key: 'invalidInput' });
    }
    expect(await snapshot(made.code)).toEqual(before);
  });

  it('is forbidden without itemManagedByEdit (403), changing nothing', async () => {
    const { item: made } = await normalItemIn(10);
    const before = await snapshot(made.code);
    expect((await convert(made.code, 'BATCH_NUMBER', {}, {}, operator)).json).toMatchObject({
      status: 403,
      key: 'requestForbidden',
    });
    expect((await convert(made.code, 'BATCH_NUMBER', {}, {}, t.client())).status).toBe(401);
    expect(await snapshot(made.code)).toEqual(before);
  });
});
