import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bulkValidationAnswerSchema,
  codeKey,
  itemPriceLookupAnswerSchema,
  itemPriceUpdateAnswerSchema,
  priceListPricesAnswerSchema,
  priceListsAnswerSchema,
  topics,
  type ItemPriceRow,
} from '@wms/contract';
import { makeItem, makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

describe('item price lists API', () => {
  let t: TestApp;
  let uploader: HttpClient;
  let operator: HttpClient;
  let admin: HttpClient;
  let itemA: string;
  let itemB: string;
  const db = () => t.app.ctx.db;

  beforeAll(async () => {
    t = await buildTestApp();
    const user = await makeUser(db(), { roles: ['priceListUpload', 'information'] });
    [uploader, operator, admin] = await Promise.all([
      signIn(t, user.username, user.password),
      signIn(t, 'operator'),
      signIn(t, 'admin'),
    ]);
    itemA = (await makeItem(db())).code;
    itemB = (await makeItem(db())).code;
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const validate = (rows: ItemPriceRow[], client = uploader) =>
    client.post('/api/v1/item/pricelists/validate', { rows });
  const update = (rows: ItemPriceRow[], client = uploader) =>
    client.post('/api/v1/item/pricelists/update', { rows, mode: 'UPSERT' });
  const prices = async (list: string, query = '') => {
    const answer = await uploader.get(`/api/v1/item/pricelists/${encodeURIComponent(list)}${query}`);
    expect(answer.status, answer.text).toBe(200);
    return priceListPricesAnswerSchema.parse(answer.json);
  };
  const lookup = async (item: string, query: string, client = operator) => {
    const answer = await client.get(`/api/v1/item/${encodeURIComponent(item)}/itemPrice?${query}`);
    expect(answer.status, answer.text).toBe(200);
    return itemPriceLookupAnswerSchema.parse(answer.json);
  };
  const storedCount = async () =>
    Number(
      (
        await db()
          .selectFrom('item_price')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates a list from a row with a currency, stores prices as exact text and lists them', async () => {
    const list = uniqueCode('PL-EXACT-');
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const answer = await update([
      { priceList: list, itemCode: itemA, price: '0.1', currency: 'eur' },
      { priceList: list, itemCode: itemA, price: '0.2', minQuantity: 10 },
      { priceList: list.toLowerCase(), itemCode: itemB.toLowerCase(), price: '000012.50' },
      { priceList: list, itemCode: itemB, price: '123456789012.123456', minQuantity: 5 },
    ]);
    expect(answer.status, answer.text).toBe(200);
    expect(itemPriceUpdateAnswerSchema.parse(answer.json)).toEqual({
      createdPriceLists: [list],
      inserted: 4,
      updated: 0,
      warnings: [],
    });
    const page = await prices(list);
    expect(page.priceList).toMatchObject({ code: list, name: list, currency: 'EUR', active: true, priceCount: 4 });
    expect(page.rows.map((row) => [row.itemCode, row.minQuantity, row.price])).toEqual([
      [itemA, 0, '0.1'],
      [itemA, 10, '0.2'],
      [itemB, 0, '12.5'],
      [itemB, 5, '123456789012.123456'],
    ]);
    const stored = await db()
      .selectFrom('item_price')
      .innerJoin('price_list', 'price_list.id', 'item_price.price_list_id')
      .select('item_price.price')
      .where('price_list.code_lower', '=', codeKey(list))
      .execute();
    expect(stored.map((row) => row.price).sort()).toEqual(['0.1', '0.2', '12.5', '123456789012.123456']);
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [itemA, itemB] });
    expect((await prices(list, `?item=${itemB}`)).rows.map((row) => row.price)).toEqual([
      '12.5',
      '123456789012.123456',
    ]);

    const lists = priceListsAnswerSchema.parse((await uploader.get('/api/v1/item/pricelists')).json);
    expect(lists.find((entry) => entry.code === list)).toMatchObject({ currency: 'EUR', priceCount: 4, version: 2 });
  });

  it('never does float arithmetic: a float artefact sent as a number is refused, as text it is refused too', async () => {
    const list = uniqueCode('PL-FLOAT-');
    const answer = await validate([
      { priceList: list, itemCode: itemA, price: 0.1 + 0.2, currency: 'EUR' },
      { priceList: list, itemCode: itemA, price: '0.30000000000000004', currency: 'EUR', minQuantity: 1 },
      { priceList: list, itemCode: itemA, price: 0.3, currency: 'EUR', minQuantity: 2 },
    ]);
    const result = bulkValidationAnswerSchema.parse(answer.json);
    expect(result.rows.map((row) => [row.status, row.messages.map((m) => m.key)])).toEqual([
      ['ERROR', ['invalidPrice']],
      ['ERROR', ['invalidPrice']],
      ['VALID', []],
    ]);
    expect(result.rows[0]!.messages[0]).toEqual({
      severity: 'ERROR',
      field: 'price',
      key: 'invalidPrice',
      args: { price: '0.30000000000000004' },
    });
  });

  it('replaces a price with the same list, item, min quantity and valid from (UPSERT), and counts it', async () => {
    const list = uniqueCode('PL-UPSERT-');
    await update([{ priceList: list, itemCode: itemA, price: '5', currency: 'PLN', validFrom: '2030-01-01' }]);
    const again = await update([
      { priceList: list, itemCode: itemA, price: '5.25', validFrom: '2030-01-01', validTo: '2030-12-31' },
      { priceList: list, itemCode: itemA, price: '6' },
    ]);
    expect(itemPriceUpdateAnswerSchema.parse(again.json)).toMatchObject({
      createdPriceLists: [],
      inserted: 1,
      updated: 1,
    });
    expect((await prices(list)).rows).toEqual([
      expect.objectContaining({ price: '6', validFrom: null, validTo: null }),
      expect.objectContaining({ price: '5.25', validFrom: '2030-01-01', validTo: '2030-12-31' }),
    ]);
  });

  it('answers per-row messages and writes nothing when any row fails (422 rowsHaveErrors)', async () => {
    const existing = uniqueCode('PL-USD-');
    await update([{ priceList: existing, itemCode: itemA, price: '1', currency: 'USD' }]);
    const fresh = uniqueCode('PL-NEW-');
    const rows: ItemPriceRow[] = [
      { priceList: existing, itemCode: itemA, price: '2', minQuantity: 1 },
      { priceList: existing, itemCode: 'NO-SUCH-ITEM', price: '2' },
      { priceList: existing, itemCode: itemA, price: '2', currency: 'EUR', minQuantity: 2 },
      { priceList: fresh, itemCode: itemA, price: '2' },
      { priceList: existing, itemCode: itemB, price: 'twelve' },
      { priceList: existing, itemCode: itemB, price: '-1', minQuantity: 1 },
      { priceList: existing, itemCode: itemB, price: '1', currency: 'XYZ', minQuantity: 2 },
      { priceList: existing, itemCode: itemB, price: '1', validFrom: '2030-02-30', minQuantity: 3 },
      {
        priceList: existing,
        itemCode: itemB,
        price: '1',
        validFrom: '2030-02-01',
        validTo: '2030-01-31',
        minQuantity: 4,
      },
      { priceList: existing, itemCode: itemA, price: '3', minQuantity: 1 },
    ];
    const checked = bulkValidationAnswerSchema.parse((await validate(rows)).json);
    expect(checked.counts).toEqual({ valid: 0, warning: 0, error: 10 });
    expect(checked.rows.map((row) => row.messages.map((m) => [m.field, m.key, m.args]))).toEqual([
      [[null, 'duplicateInFile', { rows: [9] }]],
      [['itemCode', 'unknownItemForCode', { code: 'NO-SUCH-ITEM' }]],
      [['currency', 'priceListCurrencyMismatch', { priceList: existing, currency: 'EUR', expected: 'USD' }]],
      [['priceList', 'unknownPriceList', { priceList: fresh }]],
      [['price', 'notANumber', { value: 'twelve' }]],
      [['price', 'invalidPrice', { price: '-1' }]],
      [['currency', 'invalidCurrency', { currency: 'XYZ' }]],
      [['validFrom', 'invalidDate', { value: '2030-02-30' }]],
      [['validTo', 'validToBeforeValidFrom', { validFrom: '2030-02-01', validTo: '2030-01-31' }]],
      [[null, 'duplicateInFile', { rows: [0] }]],
    ]);
    const before = await storedCount();
    const refused = await update(rows);
    expect(errorOf(refused)).toMatchObject({ status: 422, key: 'rowsHaveErrors', args: { errors: 10 } });
    expect((refused.json.args.rows as unknown[]).length).toBe(10);
    expect(await storedCount()).toBe(before);
    const lists = priceListsAnswerSchema.parse((await uploader.get('/api/v1/item/pricelists')).json);
    expect(lists.some((list) => list.code === fresh)).toBe(false);
  });

  it('finds the applicable price: the highest quantity break not above the quantity, valid on the date', async () => {
    const list = uniqueCode('PL-BREAKS-');
    await update([
      { priceList: list, itemCode: itemB, price: '10.00', currency: 'EUR' },
      { priceList: list, itemCode: itemB, price: '9.5', minQuantity: 10 },
      { priceList: list, itemCode: itemB, price: '8', minQuantity: 100 },
      {
        priceList: list,
        itemCode: itemB,
        price: '7',
        minQuantity: 100,
        validFrom: '2031-01-01',
        validTo: '2031-01-31',
      },
    ]);
    const priceAt = async (quantity: number | null, date = '2030-06-01') =>
      (await lookup(itemB, `priceList=${list}&date=${date}${quantity === null ? '' : `&quantity=${quantity}`}`)).price
        ?.price ?? null;
    expect(await priceAt(null)).toBe('10');
    expect(await priceAt(9.999)).toBe('10');
    expect(await priceAt(10)).toBe('9.5');
    expect(await priceAt(99.999)).toBe('9.5');
    expect(await priceAt(100)).toBe('8');
    expect(await priceAt(100, '2031-01-01')).toBe('7');
    expect(await priceAt(100, '2031-01-31')).toBe('7');
    expect(await priceAt(100, '2031-02-01')).toBe('8');
    expect(await lookup(itemB.toLowerCase(), `priceList=${list.toLowerCase()}&quantity=250&date=2031-01-15`)).toEqual({
      itemCode: itemB,
      priceList: list,
      currency: 'EUR',
      quantity: 250,
      date: '2031-01-15',
      price: { minQuantity: 100, price: '7', validFrom: '2031-01-01', validTo: '2031-01-31' },
    });
    expect((await lookup(itemA, `priceList=${list}`)).price).toBeNull();

    await db().updateTable('price_list').set({ active: 0 }).where('code_lower', '=', codeKey(list)).execute();
    expect((await lookup(itemB, `priceList=${list}&quantity=100`)).price).toBeNull();
  });

  it('answers 404 for an unknown list or item', async () => {
    expect(errorOf(await uploader.get('/api/v1/item/pricelists/NO-SUCH-LIST'))).toMatchObject({
      status: 404,
      key: 'unknownPriceList',
      args: { priceList: 'NO-SUCH-LIST' },
    });
    expect(errorOf(await operator.get('/api/v1/item/NO-SUCH-ITEM/itemPrice?priceList=X'))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
    expect(errorOf(await operator.get(`/api/v1/item/${itemA}/itemPrice?priceList=NO-SUCH-LIST`))).toMatchObject({
      status: 404,
      key: 'unknownPriceList',
    });
  });

  it('refuses more than 20,000 rows and a negative minQuantity with 400', async () => {
    const row = { priceList: 'X', itemCode: itemA, price: '1' };
    expect((await validate(Array.from({ length: 20_001 }, () => row))).status).toBe(400);
    expect((await update([{ ...row, minQuantity: -1 }])).status).toBe(400);
  });

  it('answers 403 to users without priceListUpload (admin has it through the hierarchy), and itemPrice needs information', async () => {
    const list = uniqueCode('PL-ROLE-');
    const row = { priceList: list, itemCode: itemA, price: '1', currency: 'EUR' };
    for (const answer of [
      await operator.get('/api/v1/item/pricelists'),
      await operator.get(`/api/v1/item/pricelists/${list}`),
      await validate([row], operator),
      await update([row], operator),
    ])
      expect(errorOf(answer)).toMatchObject({ status: 403, key: 'requestForbidden' });
    const uploadOnly = await makeUser(db(), { roles: ['priceListUpload'] });
    const noInformation = await signIn(t, uploadOnly.username, uploadOnly.password);
    expect((await noInformation.get(`/api/v1/item/${itemA}/itemPrice?priceList=${list}`)).status).toBe(403);
    expect((await update([row], admin)).status).toBe(200);
    expect((await admin.get(`/api/v1/item/pricelists/${list}`)).status).toBe(200);
  });
});
