import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import { ledgerOf, stockOf } from '../stock/stock.test-helper.js';
import {
  addLocation,
  line,
  newKey,
  transferLines,
  transferLocation,
  transferPath,
  validateTransfer,
  wholeState,
} from './stock-transfer.test-helper.js';

describe('stock transfer routes', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
    await addLocation(t.app.ctx.db, { code: 'T-EMPTY-BULK', locationType: 'BULK' });
    await addLocation(t.app.ctx.db, { code: 'T-EMPTY-MOBILE', locationType: 'MOBILE' });
    await addLocation(t.app.ctx.db, { code: 'T-EMPTY-CART', locationType: 'MOBILE' });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const state = () => wholeState(t.app.ctx.db);
  const onHand = async (item: string, bin: string) =>
    (await stockOf(t.app.ctx.db, item)).filter((r) => r.bin === bin).reduce((sum, r) => sum + r.onHand, 0);

  describe('POST lines', () => {
    it('moves a line (codes in any case), writes a TRANSFER ledger row per side and publishes the change', async () => {
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const key = newKey();
      const answer = await transferLines(operator, [line('01-a01-01', 'item-001', 10)], '02-p01-01', key);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        transferId: expect.stringMatching(/^ST-/),
        lines: [
          {
            item: 'ITEM-001',
            itemName: 'Hex bolt M8x40',
            batch: null,
            serial: null,
            fromLocation: '01-A01-01',
            toLocation: '02-P01-01',
            quantity: 10,
            qcPending: false,
          },
        ],
      });
      expect(await onHand('ITEM-001', '01-A01-01')).toBe(490_000);
      expect(await onHand('ITEM-001', '02-P01-01')).toBe(10_000);
      const ledger = (await ledgerOf(t.app.ctx.db, 'ITEM-001')).slice(-2);
      expect(ledger).toEqual([
        expect.objectContaining({ type: 'TRANSFER', bin: '01-A01-01', quantity: -10_000 }),
        expect.objectContaining({ type: 'TRANSFER', bin: '02-P01-01', quantity: 10_000 }),
      ]);
      for (const row of ledger) {
        expect(row).toMatchObject({
          username: 'operator',
          documentType: 'STOCK_TRANSFER',
          documentCode: answer.json.transferId,
          idempotencyKey: key,
        });
      }
      expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: ['ITEM-001'] });
      expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', {
        codes: ['01-A01-01', '02-P01-01'],
      });
      const history = (await operator.get('/api/v1/item/ITEM-001/history')).json;
      expect(history.rows[0]).toMatchObject({ transactionType: 'TRANSFER', documentCode: answer.json.transferId });
    });

    it('moves several lines of batches, serials and part units in one transfer (multi stock transfer)', async () => {
      const answer = await transferLines(
        operator,
        [
          line('01-P01-01', 'BATCH-001', 25, { batch: 'b2025-014' }),
          line('01-P01-01', 'SERIAL-001', 1, { lot: 'LOT-A', serial: 'sn-0001' }),
          line('01-P01-02', 'ITEM-002', 0.5),
          line('01-A01-01', 'SERIAL-002', 2),
        ],
        'CART-01',
      );
      expect(answer.status).toBe(200);
      expect(answer.json.lines.map((l: any) => [l.item, l.batch, l.serial, l.fromLocation, l.quantity])).toEqual([
        ['BATCH-001', 'B2025-014', null, '01-P01-01', 25],
        ['SERIAL-001', null, 'SN-0001', '01-P01-01', 1],
        ['ITEM-002', null, null, '01-P01-02', 0.5],
        ['SERIAL-002', null, null, '01-A01-01', 2],
      ]);
      expect((await stockOf(t.app.ctx.db, 'SERIAL-001')).find((r) => r.serial === 'SN-0001')?.bin).toBe('CART-01');
      expect(await onHand('BATCH-001', 'CART-01')).toBe(25_000);
      expect(await onHand('ITEM-002', '01-P01-02')).toBe(999_500);
      expect(await onHand('SERIAL-002', 'CART-01')).toBe(2_000);
    });

    it('answers a retry with the same Idempotency-Key from the first answer and moves nothing', async () => {
      const key = newKey();
      const lines = [line('01-A01-01', 'ITEM-001', 1)];
      const first = await transferLines(operator, lines, '02-P01-01', key);
      expect(first.status).toBe(200);
      const before = await state();
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const again = await transferLines(operator, lines, '02-P01-01', key);
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(publish).not.toHaveBeenCalled();
      expect(await state()).toEqual(before);

      const otherBody = await transferLines(operator, [line('01-A01-01', 'ITEM-001', 2)], '02-P01-01', key);
      expect(errorOf(otherBody)).toEqual({ status: 422, key: 'idempotencyKeyConflict', args: { key } });
      const otherRoute = await transferLocation(operator, '01-KARDEX-01', '02-P01-01', key);
      expect(errorOf(otherRoute)).toEqual({ status: 422, key: 'idempotencyKeyConflict', args: { key } });
      expect(await state()).toEqual(before);
    });

    it('lets one of two simultaneous requests with one key move the stock; both get its answer', async () => {
      const key = newKey();
      const lines = [line('01-A01-01', 'ITEM-001', 3)];
      const before = await onHand('ITEM-001', '01-A01-01');
      const answers = await Promise.all([
        transferLines(operator, lines, '02-P01-01', key),
        transferLines(operator, lines, '02-P01-01', key),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]?.json).toEqual(answers[1]?.json);
      expect(await onHand('ITEM-001', '01-A01-01')).toBe(before - 3_000);
    });

    it('needs an Idempotency-Key (400 idempotencyKeyRequired) of 8-128 visible characters', async () => {
      const before = await state();
      const missing = await transferLines(operator, [line('01-A01-01', 'ITEM-001', 1)], '02-P01-01', null);
      expect(errorOf(missing)).toEqual({ status: 400, key: 'idempotencyKeyRequired', args: {} });
      const short = await transferLines(operator, [line('01-A01-01', 'ITEM-001', 1)], '02-P01-01', 'short');
      expect(short.status).toBe(400);
      expect(short.json.key).toBe('invalidInput');
      expect(await state()).toEqual(before);
    });

    it('answers 400 invalidInput for bodies that fail the schema, changing nothing', async () => {
      const before = await state();
      const headers = { 'Idempotency-Key': newKey() };
      for (const body of [
        {},
        { lines: [], toLocation: '02-P01-01' },
        { lines: [line('01-A01-01', 'ITEM-001', 0)], toLocation: '02-P01-01' },
        { lines: [line('01-A01-01', 'ITEM-001', -1)], toLocation: '02-P01-01' },
        { lines: [line('01-A01-01', 'ITEM-001', 1)], toLocation: ' ' },
        { lines: [{ ...line('01-A01-01', 'ITEM-001', 1), quantity: '1' }], toLocation: '02-P01-01' },
      ]) {
        const answer = await operator.post(`${transferPath}/lines`, body, headers);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.json.key).toBe('invalidInput');
      }
      expect(await state()).toEqual(before);
    });

    it('answers 404 with the code for an unknown location, item, batch or serial, changing nothing', async () => {
      const before = await state();
      const cases: [Parameters<typeof line>, string, string, string][] = [
        [['01-A01-01', 'ITEM-001', 1], 'NOWHERE', 'unknownLocation', 'NOWHERE'],
        [['NOWHERE-2', 'ITEM-001', 1], '02-P01-01', 'unknownLocation', 'NOWHERE-2'],
        [['01-A01-01', 'NO-ITEM', 1], '02-P01-01', 'unknownItemForCode', 'NO-ITEM'],
        [['01-P01-01', 'BATCH-001', 1, { batch: 'NO-BATCH' }], '02-P01-01', 'unknownBatch', 'NO-BATCH'],
        [['01-P01-01', 'SERIAL-001', 1, { serial: 'SN-9999' }], '02-P01-01', 'unknownSerial', 'SN-9999'],
        // A batch of another item is unknown for this one.
        [['01-P01-01', 'ITEM-001', 1, { batch: 'B2025-014' }], '02-P01-01', 'unknownBatch', 'B2025-014'],
      ];
      for (const [args, to, key, code] of cases) {
        expect(errorOf(await transferLines(operator, [line(...args)], to)), key).toEqual({
          status: 404,
          key,
          args: { code },
        });
      }
      expect(await state()).toEqual(before);
    });
  });

  describe('POST location', () => {
    it('moves every row’s free-to-move stock; released stock stays; then nothing is left to move', async () => {
      const db = t.app.ctx.db;
      await addLocation(db, { code: 'T-LOC-SOURCE', locationType: 'PICK' });
      await transferLines(operator, [line('01-A01-01', 'ITEM-001', 7)], 'T-LOC-SOURCE');
      await transferLines(operator, [line('01-P01-02', 'ITEM-002', 4.25)], 'T-LOC-SOURCE');
      // Release 2 of the ITEM-001 row: allocated stock is not free to move.
      await db.updateTable('stock').set({ released_qty: 2_000 }).where('on_hand_qty', '=', 7_000).execute();
      const answer = await transferLocation(operator, 't-loc-source', 'T-EMPTY-MOBILE');
      expect(answer.status).toBe(200);
      expect(answer.json.lines.map((l: any) => [l.item, l.fromLocation, l.toLocation, l.quantity])).toEqual([
        ['ITEM-001', 'T-LOC-SOURCE', 'T-EMPTY-MOBILE', 5],
        ['ITEM-002', 'T-LOC-SOURCE', 'T-EMPTY-MOBILE', 4.25],
      ]);
      expect(await onHand('ITEM-001', 'T-LOC-SOURCE')).toBe(2_000);
      expect(await onHand('ITEM-002', 'T-LOC-SOURCE')).toBe(0);
      const before = await state();
      const nothing = await transferLocation(operator, 'T-LOC-SOURCE', 'T-EMPTY-MOBILE');
      expect(errorOf(nothing)).toEqual({ status: 422, key: 'nothingToMove', args: { code: 'T-LOC-SOURCE' } });
      expect(await state()).toEqual(before);
    });

    it('refuses the same location, unknown locations and a missing key, changing nothing', async () => {
      const before = await state();
      expect(errorOf(await transferLocation(operator, '01-KARDEX-01', '01-kardex-01'))).toEqual({
        status: 422,
        key: 'sameSourceAndTarget',
        args: { code: '01-KARDEX-01' },
      });
      expect(errorOf(await transferLocation(operator, 'NOWHERE', '02-P01-01'))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOWHERE' },
      });
      expect(errorOf(await transferLocation(operator, '01-KARDEX-01', 'NOWHERE'))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOWHERE' },
      });
      expect(errorOf(await transferLocation(operator, '01-KARDEX-01', '02-P01-01', null))).toMatchObject({
        status: 400,
        key: 'idempotencyKeyRequired',
      });
      const bad = await operator.post(
        `${transferPath}/location`,
        { fromLocation: '01-KARDEX-01' },
        { 'Idempotency-Key': newKey() },
      );
      expect(bad.status).toBe(400);
      expect(await state()).toEqual(before);
    });
  });

  describe('POST validateRequest', () => {
    it('checks a transfer without moving anything and lists BULK or QC targets that receive QC stock', async () => {
      const before = await state();
      const plain = await validateTransfer(operator, [line('01-A01-01', 'ITEM-001', 1)], '02-P01-01');
      expect(plain.status).toBe(200);
      expect(plain.json).toEqual({ valid: true, locationsToBlockForQc: [] });
      const qc = [line('01-QC', 'QC-001', 5, { batch: 'G-0042' })];
      expect((await validateTransfer(operator, qc, 't-empty-bulk')).json).toEqual({
        valid: true,
        locationsToBlockForQc: ['T-EMPTY-BULK'],
      });
      expect((await validateTransfer(operator, qc, 'T-EMPTY-CART')).json).toEqual({
        valid: true,
        locationsToBlockForQc: [],
      });
      expect(await state()).toEqual(before);
    });

    it('answers the refusal a transfer would get', async () => {
      const before = await state();
      expect(
        errorOf(await validateTransfer(operator, [line('01-A01-01', 'ITEM-001', 100_000)], '02-P01-01')),
      ).toMatchObject({ status: 422, key: 'notEnoughAvailableStock' });
      expect(errorOf(await validateTransfer(operator, [line('01-A01-01', 'NO-ITEM', 1)], '02-P01-01'))).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
      });
      expect((await operator.post(`${transferPath}/validateRequest`, { lines: [] })).status).toBe(400);
      expect(await state()).toEqual(before);
    });
  });

  it('is forbidden without stockTransfer (403) on every route, changing nothing', async () => {
    const before = await state();
    const headers = { 'Idempotency-Key': newKey() };
    const body = { lines: [line('01-A01-01', 'ITEM-001', 1)], toLocation: '02-P01-01' };
    for (const answer of [
      await translator.post(`${transferPath}/validateRequest`, body),
      await translator.post(`${transferPath}/lines`, body, headers),
      await translator.post(
        `${transferPath}/location`,
        { fromLocation: '01-A01-01', toLocation: '02-P01-01' },
        headers,
      ),
      await translator.post('/api/v1/bin_location/01-QC/setBlockStockMovements/true', { reason: 'x' }),
    ]) {
      expect(errorOf(answer)).toMatchObject({ status: 403, key: 'requestForbidden' });
    }
    expect((await t.client().post(`${transferPath}/lines`, body, headers)).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});
