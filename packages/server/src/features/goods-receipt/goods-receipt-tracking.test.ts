import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBatch, makeSerial, makeStock, makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  daysFromToday,
  finish,
  getReceipt,
  openedReceipt,
  progress,
  receiptPath,
  receiptScene,
} from './goods-receipt.test-helper.js';

/** Batches, serials and dates at receipt; planned goods receipts; the read-only routes. */
describe('goods receipt of batches and serials', () => {
  let t: TestApp;
  let db: Db;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const user = await makeUser(db, { roles: ['goodsReceipt'] });
    operator = await signIn(t, user.username, user.password);
  });
  afterAll(async () => t.close());

  const batchItem = { managedBy: 'BATCH_NUMBER' as const, scanExpirationDate: true };

  it('asks for the batch and the dates the item requires, refuses expired batches', async () => {
    const s = await receiptScene(db, {
      item: { ...batchItem, scanManufacturingDate: true, scanManufacturingBatch: true },
    });
    const code = await openedReceipt(operator, s);
    const item = s.item.code;
    expect(errorOf(await progress(operator, code, 0, { quantity: 2 }))).toEqual({
      status: 422,
      key: 'batchRequired',
      args: { item },
    });
    expect(errorOf(await progress(operator, code, 0, { quantity: 2, batch: 'B1' })).key).toBe('expirationDateRequired');
    const dated = { quantity: 2, batch: 'B1', expirationDate: daysFromToday(100) };
    expect(errorOf(await progress(operator, code, 0, dated)).key).toBe('manufacturingDateRequired');
    const made = { ...dated, manufacturingDate: daysFromToday(-3) };
    expect(errorOf(await progress(operator, code, 0, made)).key).toBe('manufacturingBatchRequired');
    const expired = { ...made, manufacturingBatch: 'M-1', expirationDate: daysFromToday(-1) };
    expect(errorOf(await progress(operator, code, 0, expired))).toEqual({
      status: 422,
      key: 'batchAlreadyExpired',
      args: { batch: 'B1', expirationDate: daysFromToday(-1) },
    });
    expect((await getReceipt(operator, code)).json.receipt.entries).toEqual([]);
  });

  it('creates the batch with its expiry at finish; a known batch with another expiry needs the rescan', async () => {
    const s = await receiptScene(db, { item: batchItem });
    const known = await makeBatch(db, { item: s.item, code: 'LOT-7', expirationDate: daysFromToday(300) });
    const code = await openedReceipt(operator, s);
    const other = { quantity: 3, batch: 'lot-7', expirationDate: daysFromToday(200) };
    expect(errorOf(await progress(operator, code, 0, other))).toEqual({
      status: 422,
      key: 'batchExistsWithOtherExpiry',
      args: { batch: 'lot-7', expirationDate: daysFromToday(200), knownExpirationDate: daysFromToday(300) },
    });
    const rescanned = await progress(operator, code, 0, { ...other, confirmations: { batchExpiry: true } });
    expect(rescanned.json.entries[0]).toMatchObject({ batch: 'LOT-7', expirationDate: daysFromToday(300) });
    const fresh = {
      quantity: 4,
      batch: 'NEW-1',
      expirationDate: daysFromToday(500),
      manufacturingDate: daysFromToday(-2),
    };
    expect((await progress(operator, code, 0, fresh)).status).toBe(200);
    // The same new batch again on this receipt with another expiry is the same question.
    expect(errorOf(await progress(operator, code, 0, { ...fresh, expirationDate: daysFromToday(501) })).key).toBe(
      'batchExistsWithOtherExpiry',
    );
    const done = await finish(operator, code);
    expect(done.status).toBe(200);
    const batches = await db
      .selectFrom('batch')
      .select(['id', 'code', 'expiration_date', 'manufacturing_date', 'admission_date'])
      .where('item_id', '=', s.item.id)
      .orderBy('code')
      .execute();
    expect(batches.map((b) => [b.code, b.expiration_date])).toEqual([
      ['LOT-7', daysFromToday(300)],
      ['NEW-1', daysFromToday(500)],
    ]);
    expect(batches[1]?.manufacturing_date).toBe(daysFromToday(-2));
    expect(batches[1]?.admission_date).toBe(done.json.finishedAt);
    expect(batches[0]?.id).toBe(known.id);
    const lots = await operator.get(`${receiptPath}/batchLots?item=${encodeURIComponent(s.item.code)}`);
    expect(lots.json.batches.map((b: { batch: string }) => b.batch).sort()).toEqual(['LOT-7', 'NEW-1']);
    await expectStockInvariants(db, [s.item.id], 7000);
  });

  it('receives serials one per unit, refusing a duplicate, one in stock, or one on another open receipt', async () => {
    const s = await receiptScene(db, { quantities: [3], item: { managedBy: 'SERIAL_NUMBER' } });
    const inStock = await makeSerial(db, { item: s.item, code: 'SN-STOCK' });
    await makeStock(db, { item: s.item, location: s.staging, serial: inStock, onHand: 1 });
    const code = await openedReceipt(operator, s);
    expect(errorOf(await progress(operator, code, 0, { quantity: 1 })).key).toBe('serialRequired');
    expect(errorOf(await progress(operator, code, 0, { serials: ['A1', 'a1'] }))).toEqual({
      status: 422,
      key: 'serialAlreadyExists',
      args: { item: s.item.code, serial: 'a1' },
    });
    expect(errorOf(await progress(operator, code, 0, { serials: ['sn-stock'] })).args).toEqual({
      item: s.item.code,
      serial: 'sn-stock',
    });
    const saved = await progress(operator, code, 0, { serials: ['A1', 'A2'] });
    expect(saved.json.entries.map((e: { serial: string }) => e.serial)).toEqual(['A1', 'A2']);
    expect(errorOf(await progress(operator, code, 0, { serials: ['A2'] })).key).toBe('serialAlreadyExists');

    // Another order of the same item: its receipt cannot take A1 while this one holds it.
    const s2 = await receiptScene(db, { quantities: [3], item: { managedBy: 'SERIAL_NUMBER' } });
    await db.updateTable('document_line').set({ item_id: s.item.id }).where('document_id', '=', s2.po.id).execute();
    const code2 = await openedReceipt(operator, s2);
    expect(errorOf(await progress(operator, code2, 0, { serials: ['A1'] })).key).toBe('serialAlreadyExists');

    const done = await finish(operator, code);
    expect(done.json.received.map((r: { serial: string }) => r.serial)).toEqual(['A1', 'A2']);
    const serials = await db
      .selectFrom('serial')
      .select('code')
      .where('item_id', '=', s.item.id)
      .orderBy('code')
      .execute();
    expect(serials.map((r) => r.code)).toEqual(['A1', 'A2', 'SN-STOCK']);
    // Posted, A1 is in stock now: still refused elsewhere.
    expect(errorOf(await progress(operator, code2, 0, { serials: ['A1'] })).key).toBe('serialAlreadyExists');
    await expectStockInvariants(db, [s.item.id], 3000);
  });

  it('prints labels of the received units once the receipt is finished', async () => {
    const s = await receiptScene(db, { quantities: [3], item: { managedBy: 'SERIAL_NUMBER' } });
    const code = await openedReceipt(operator, s);
    const printer = (
      await db.selectFrom('printer').select('id').where('name', '=', 'Test printer').executeTakeFirstOrThrow()
    ).id;
    await progress(operator, code, 0, { serials: ['L1', 'L2'] });
    const early = await operator.post(`${receiptPath}/${code}/labels`, { printer });
    expect(errorOf(early)).toEqual({ status: 422, key: 'nothingReceived', args: { receipt: code } });
    await finish(operator, code);
    const printed = await operator.post(`${receiptPath}/${code}/labels`, { printer, perUnit: true });
    expect(printed.json).toEqual({ printed: 2, printer: 'Test printer' });
    expect(errorOf(await operator.post(`${receiptPath}/${code}/labels`, { printer: null })).key).toBe(
      'noPrinterSelected',
    );
  });

  it('two receipts saving the same serial at once: exactly one gets it', async () => {
    const s = await receiptScene(db, { item: { managedBy: 'SERIAL_NUMBER' } });
    const s2 = await receiptScene(db);
    await db.updateTable('document_line').set({ item_id: s.item.id }).where('document_id', '=', s2.po.id).execute();
    const [a, b] = [await openedReceipt(operator, s), await openedReceipt(operator, s2)];
    const answers = await Promise.all([
      progress(operator, a, 0, { serials: ['RACE-1'] }),
      progress(operator, b, 0, { serials: ['RACE-1'] }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 422]);
    expect(answers.find((x) => x.status === 422)?.json.key).toBe('serialAlreadyExists');
  });

  it('takes the batch and expiry a planned goods receipt announces, and finds the receipt by that batch', async () => {
    const expiry = daysFromToday(400);
    const s = await receiptScene(db, {
      sourceType: 'PLANNED_GOODS_RECEIPT',
      item: batchItem,
      quantities: [40],
      extras: [{ batch: 'ASN-B-1', expirationDate: expiry }],
    });
    const planned = await operator.get(`${receiptPath}/plannedGoodsReceipt/${s.po.code}`);
    expect(planned.json.lines).toEqual([
      { line: 0, item: s.item.code, quantity: 40, open: 40, batch: 'ASN-B-1', expirationDate: expiry },
    ]);
    const found = await operator.get(`${receiptPath}/find?scan=asn-b-1`);
    expect(found.json).toMatchObject({
      matchedBy: 'BATCH',
      documents: [{ type: 'PLANNED_GOODS_RECEIPT', code: s.po.code }],
    });
    const code = await openedReceipt(operator, s, 'PLANNED_GOODS_RECEIPT');
    const receipt = await getReceipt(operator, code);
    expect(receipt.json.receipt.lines[0]).toMatchObject({ plannedBatch: 'ASN-B-1', plannedExpirationDate: expiry });
    const saved = await progress(operator, code, 0, { quantity: 40 });
    expect(saved.json.entries[0]).toMatchObject({ batch: 'ASN-B-1', expirationDate: expiry });
  });

  it('lists expected documents due today first, finds them by item, and lists finished receipts', async () => {
    const s = await receiptScene(db);
    const byItem = await operator.get(`${receiptPath}/find?scan=${encodeURIComponent(s.item.code)}`);
    expect(byItem.json).toMatchObject({ matchedBy: 'ITEM', documents: [{ code: s.po.code, openQuantity: 10 }] });
    const byCode = await operator.get(`${receiptPath}/find?scan=${encodeURIComponent(s.po.code.toLowerCase())}`);
    expect(byCode.json.matchedBy).toBe('DOCUMENT');
    expect((await operator.get(`${receiptPath}/find?scan=nothing-like-this`)).json).toEqual({
      matchedBy: null,
      documents: [],
    });
    const expected = await operator.get(`${receiptPath}/expected?search=${encodeURIComponent(s.po.code)}`);
    expect(expected.json.documents).toMatchObject([{ code: s.po.code, status: 'OPEN', openReceipt: null }]);

    const code = await openedReceipt(operator, s);
    await progress(operator, code, 0, { quantity: 10 });
    await finish(operator, code);
    const day = new Date().toISOString().slice(0, 10);
    const listed = await operator.get(`${receiptPath}/finished_receipts?from=${day}&to=${day}`);
    const mine = listed.json.receipts.find((r: { receipt: string }) => r.receipt === code);
    expect(mine).toMatchObject({
      source: s.po.code,
      rows: [{ line: 0, item: s.item.code, quantity: 10, location: s.staging.code }],
      attachments: [],
    });
    const tooLong = await operator.get(`${receiptPath}/finished_receipts?from=2020-01-01&to=${day}`);
    expect(tooLong.status).toBe(400);
  });
});
