import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import {
  makeBatch,
  makeBinLocation,
  makeItem,
  makeSerial,
  makeStock,
  makeWarehouse,
  type BinLocation,
  type Item,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { ledgerOf, stockOf } from '../stock/stock.test-helper.js';
import {
  line,
  newKey,
  transferLines,
  transferLocation,
  transferPath,
  validateTransfer,
  wholeState,
} from './stock-transfer.test-helper.js';

/** Every test makes its own items, locations and stock (test/factories.ts), so each runs alone and in any order. */
describe('stock transfer routes', () => {
  let t: TestApp;
  let db: Db;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const state = () => wholeState(db);
  const onHand = async (item: Item, bin: BinLocation) =>
    (await stockOf(db, item.code)).filter((r) => r.bin === bin.code).reduce((sum, r) => sum + r.onHand, 0);
  /** An item with 500 on hand in a BULK location, and an empty PICK location in another warehouse. */
  const stockedItem = async () => {
    const item = await makeItem(db);
    const source = await makeBinLocation(db);
    const target = await makeBinLocation(db, { warehouse: await makeWarehouse(db), locationType: 'PICK' });
    await makeStock(db, { item, location: source, onHand: 500 });
    return { item, source, target };
  };

  describe('POST lines', () => {
    it('moves a line (codes in any case), writes a TRANSFER ledger row per side and publishes the change', async () => {
      const { item, source, target } = await stockedItem();
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const key = newKey();
      const answer = await transferLines(
        operator,
        [line(source.code.toLowerCase(), item.code.toLowerCase(), 10)],
        target.code,
        key,
      );
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        transferId: expect.stringMatching(/^ST-/),
        lines: [
          {
            item: item.code,
            itemName: item.name,
            batch: null,
            serial: null,
            fromLocation: source.code,
            toLocation: target.code,
            quantity: 10,
            qcPending: false,
          },
        ],
      });
      expect(await onHand(item, source)).toBe(490_000);
      expect(await onHand(item, target)).toBe(10_000);
      const ledger = (await ledgerOf(db, item.code)).slice(-2);
      expect(ledger).toEqual([
        expect.objectContaining({ type: 'TRANSFER', bin: source.code, quantity: -10_000 }),
        expect.objectContaining({ type: 'TRANSFER', bin: target.code, quantity: 10_000 }),
      ]);
      for (const row of ledger) {
        expect(row).toMatchObject({
          username: 'operator',
          documentType: 'STOCK_TRANSFER',
          documentCode: answer.json.transferId,
          idempotencyKey: key,
        });
      }
      expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [item.code] });
      expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', {
        codes: [source.code, target.code],
      });
      const history = (await operator.get(`/api/v1/item/${item.code}/history`)).json;
      expect(history.rows[0]).toMatchObject({ transactionType: 'TRANSFER', documentCode: answer.json.transferId });
    });

    it('moves several lines of batches, serials and part units in one transfer (multi stock transfer)', async () => {
      const batchItem = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const batch = await makeBatch(db, { item: batchItem });
      const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
      const serial = await makeSerial(db, { item: serialItem, lotCode: 'LOT-A' });
      const plain = await makeItem(db);
      // Serials of an item managed by dispatch are recorded when it ships: its stock has none.
      const byDispatch = await makeItem(db, { managedBy: 'SERIAL_NUMBER', serialManagedByDispatch: true });
      const [pick1, pick2, bulk] = [
        await makeBinLocation(db, { locationType: 'PICK' }),
        await makeBinLocation(db, { locationType: 'PICK' }),
        await makeBinLocation(db),
      ];
      const cart = await makeBinLocation(db, { locationType: 'MOBILE' });
      await makeStock(db, { item: batchItem, location: pick1, batch, onHand: 200 });
      await makeStock(db, { item: serialItem, location: pick1, serial, onHand: 1 });
      await makeStock(db, { item: plain, location: pick2, onHand: 1000 });
      await makeStock(db, { item: byDispatch, location: bulk, onHand: 5 });
      const answer = await transferLines(
        operator,
        [
          line(pick1.code, batchItem.code, 25, { batch: batch.code.toLowerCase() }),
          line(pick1.code, serialItem.code, 1, { lot: 'LOT-A', serial: serial.code.toLowerCase() }),
          line(pick2.code, plain.code, 0.5),
          line(bulk.code, byDispatch.code, 2),
        ],
        cart.code,
      );
      expect(answer.status).toBe(200);
      expect(answer.json.lines.map((l: any) => [l.item, l.batch, l.serial, l.fromLocation, l.quantity])).toEqual([
        [batchItem.code, batch.code, null, pick1.code, 25],
        [serialItem.code, null, serial.code, pick1.code, 1],
        [plain.code, null, null, pick2.code, 0.5],
        [byDispatch.code, null, null, bulk.code, 2],
      ]);
      expect((await stockOf(db, serialItem.code)).find((r) => r.serial === serial.code)?.bin).toBe(cart.code);
      expect(await onHand(batchItem, cart)).toBe(25_000);
      expect(await onHand(plain, pick2)).toBe(999_500);
      expect(await onHand(byDispatch, cart)).toBe(2_000);
    });

    it('answers a retry with the same Idempotency-Key from the first answer and moves nothing', async () => {
      const { item, source, target } = await stockedItem();
      const key = newKey();
      const lines = [line(source.code, item.code, 1)];
      const first = await transferLines(operator, lines, target.code, key);
      expect(first.status).toBe(200);
      const before = await state();
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const again = await transferLines(operator, lines, target.code, key);
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(publish).not.toHaveBeenCalled();
      expect(await state()).toEqual(before);

      const otherBody = await transferLines(operator, [line(source.code, item.code, 2)], target.code, key);
      expect(errorOf(otherBody)).toEqual({ status: 422, key: 'idempotencyKeyConflict', args: { key } });
      const otherRoute = await transferLocation(operator, source.code, target.code, key);
      expect(errorOf(otherRoute)).toEqual({ status: 422, key: 'idempotencyKeyConflict', args: { key } });
      expect(await state()).toEqual(before);
    });

    it('lets one of two simultaneous requests with one key move the stock; both get its answer', async () => {
      const { item, source, target } = await stockedItem();
      const key = newKey();
      const lines = [line(source.code, item.code, 3)];
      const before = await onHand(item, source);
      const answers = await Promise.all([
        transferLines(operator, lines, target.code, key),
        transferLines(operator, lines, target.code, key),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]?.json).toEqual(answers[1]?.json);
      expect(await onHand(item, source)).toBe(before - 3_000);
    });

    it('needs an Idempotency-Key (400 idempotencyKeyRequired) of 8-128 visible characters', async () => {
      const { item, source, target } = await stockedItem();
      const before = await state();
      const missing = await transferLines(operator, [line(source.code, item.code, 1)], target.code, null);
      expect(errorOf(missing)).toEqual({ status: 400, key: 'idempotencyKeyRequired', args: {} });
      const short = await transferLines(operator, [line(source.code, item.code, 1)], target.code, 'short');
      expect(short.status).toBe(400);
      expect(short.json.key).toBe('invalidInput');
      expect(await state()).toEqual(before);
    });

    it('answers 400 invalidInput for bodies that fail the schema, changing nothing', async () => {
      const { item, source, target } = await stockedItem();
      const before = await state();
      const headers = { 'Idempotency-Key': newKey() };
      for (const body of [
        {},
        { lines: [], toLocation: target.code },
        { lines: [line(source.code, item.code, 0)], toLocation: target.code },
        { lines: [line(source.code, item.code, -1)], toLocation: target.code },
        { lines: [line(source.code, item.code, 1)], toLocation: ' ' },
        { lines: [{ ...line(source.code, item.code, 1), quantity: '1' }], toLocation: target.code },
      ]) {
        const answer = await operator.post(`${transferPath}/lines`, body, headers);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.json.key).toBe('invalidInput');
      }
      expect(await state()).toEqual(before);
    });

    it('answers 404 with the code for an unknown location, item, batch or serial, changing nothing', async () => {
      const { item, source, target } = await stockedItem();
      const batchItem = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const batch = await makeBatch(db, { item: batchItem });
      const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
      await makeStock(db, { item: batchItem, location: source, batch, onHand: 10 });
      await makeStock(db, {
        item: serialItem,
        location: source,
        serial: await makeSerial(db, { item: serialItem }),
        onHand: 1,
      });
      const before = await state();
      const cases: [Parameters<typeof line>, string, string, string][] = [
        [[source.code, item.code, 1], 'NOWHERE', 'unknownLocation', 'NOWHERE'],
        [['NOWHERE-2', item.code, 1], target.code, 'unknownLocation', 'NOWHERE-2'],
        [[source.code, 'NO-ITEM', 1], target.code, 'unknownItemForCode', 'NO-ITEM'],
        [[source.code, batchItem.code, 1, { batch: 'NO-BATCH' }], target.code, 'unknownBatch', 'NO-BATCH'],
        [[source.code, serialItem.code, 1, { serial: 'SN-9999' }], target.code, 'unknownSerial', 'SN-9999'],
        // A batch of another item is unknown for this one.
        [[source.code, item.code, 1, { batch: batch.code }], target.code, 'unknownBatch', batch.code],
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
      const [item1, item2] = [await makeItem(db), await makeItem(db)];
      const source = await makeBinLocation(db, { locationType: 'PICK' });
      const target = await makeBinLocation(db, { locationType: 'MOBILE' });
      // 7 of item1, 2 of them released (allocated stock is not free to move), and 4.25 of item2.
      await makeStock(db, { item: item1, location: source, onHand: 7, released: 2 });
      await makeStock(db, { item: item2, location: source, onHand: 4.25 });
      const answer = await transferLocation(operator, source.code.toLowerCase(), target.code);
      expect(answer.status).toBe(200);
      expect(answer.json.lines.map((l: any) => [l.item, l.fromLocation, l.toLocation, l.quantity])).toEqual([
        [item1.code, source.code, target.code, 5],
        [item2.code, source.code, target.code, 4.25],
      ]);
      expect(await onHand(item1, source)).toBe(2_000);
      expect(await onHand(item2, source)).toBe(0);
      const before = await state();
      const nothing = await transferLocation(operator, source.code, target.code);
      expect(errorOf(nothing)).toEqual({ status: 422, key: 'nothingToMove', args: { code: source.code } });
      expect(await state()).toEqual(before);
    });

    it('refuses the same location, unknown locations and a missing key, changing nothing', async () => {
      const { source, target } = await stockedItem();
      const before = await state();
      expect(errorOf(await transferLocation(operator, source.code, source.code.toLowerCase()))).toEqual({
        status: 422,
        key: 'sameSourceAndTarget',
        args: { code: source.code },
      });
      expect(errorOf(await transferLocation(operator, 'NOWHERE', target.code))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOWHERE' },
      });
      expect(errorOf(await transferLocation(operator, source.code, 'NOWHERE'))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOWHERE' },
      });
      expect(errorOf(await transferLocation(operator, source.code, target.code, null))).toMatchObject({
        status: 400,
        key: 'idempotencyKeyRequired',
      });
      const bad = await operator.post(
        `${transferPath}/location`,
        { fromLocation: source.code },
        { 'Idempotency-Key': newKey() },
      );
      expect(bad.status).toBe(400);
      expect(await state()).toEqual(before);
    });
  });

  describe('POST validateRequest', () => {
    it('checks a transfer without moving anything and lists BULK or QC targets that receive QC stock', async () => {
      const { item, source, target } = await stockedItem();
      const qcItem = await makeItem(db, { managedBy: 'BATCH_NUMBER', blockForQcType: 'ALWAYS' });
      const qcBatch = await makeBatch(db, { item: qcItem, qcApproved: false });
      const qcLocation = await makeBinLocation(db, { locationType: 'QC' });
      await makeStock(db, { item: qcItem, location: qcLocation, batch: qcBatch, onHand: 40, qcPending: 40 });
      const [emptyBulk, emptyCart] = [
        await makeBinLocation(db, { locationType: 'BULK' }),
        await makeBinLocation(db, { locationType: 'MOBILE' }),
      ];
      const before = await state();
      const plain = await validateTransfer(operator, [line(source.code, item.code, 1)], target.code);
      expect(plain.status).toBe(200);
      expect(plain.json).toEqual({ valid: true, locationsToBlockForQc: [] });
      const qc = [line(qcLocation.code, qcItem.code, 5, { batch: qcBatch.code })];
      expect((await validateTransfer(operator, qc, emptyBulk.code.toLowerCase())).json).toEqual({
        valid: true,
        locationsToBlockForQc: [emptyBulk.code],
      });
      expect((await validateTransfer(operator, qc, emptyCart.code)).json).toEqual({
        valid: true,
        locationsToBlockForQc: [],
      });
      expect(await state()).toEqual(before);
    });

    it('answers the refusal a transfer would get', async () => {
      const { item, source, target } = await stockedItem();
      const before = await state();
      expect(
        errorOf(await validateTransfer(operator, [line(source.code, item.code, 100_000)], target.code)),
      ).toMatchObject({ status: 422, key: 'notEnoughAvailableStock' });
      expect(errorOf(await validateTransfer(operator, [line(source.code, 'NO-ITEM', 1)], target.code))).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
      });
      expect((await operator.post(`${transferPath}/validateRequest`, { lines: [] })).status).toBe(400);
      expect(await state()).toEqual(before);
    });
  });

  it('is forbidden without stockTransfer (403) on every route, changing nothing', async () => {
    const { item, source, target } = await stockedItem();
    const before = await state();
    const headers = { 'Idempotency-Key': newKey() };
    const body = { lines: [line(source.code, item.code, 1)], toLocation: target.code };
    for (const answer of [
      await translator.post(`${transferPath}/validateRequest`, body),
      await translator.post(`${transferPath}/lines`, body, headers),
      await translator.post(
        `${transferPath}/location`,
        { fromLocation: source.code, toLocation: target.code },
        headers,
      ),
      await translator.post(`/api/v1/bin_location/${target.code}/setBlockStockMovements/true`, { reason: 'x' }),
    ]) {
      expect(errorOf(answer)).toMatchObject({ status: 403, key: 'requestForbidden' });
    }
    expect((await t.client().post(`${transferPath}/lines`, body, headers)).status).toBe(401);
    expect(await state()).toEqual(before);
  });
});
