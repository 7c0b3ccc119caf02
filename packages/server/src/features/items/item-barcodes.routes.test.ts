import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemSchema, topics } from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { itemSearchText } from './item-rows.js';

describe('POST /api/v1/item/{code}/barcode', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const setBarcode = (code: string, body: Record<string, unknown>, client = manager) =>
    client.post(`/api/v1/item/${code}/barcode`, body);
  const item = async (code: string) => (await operator.get(`/api/v1/item/${code}`)).json;
  const searchTextOf = async (code: string) =>
    (await t.app.ctx.db.selectFrom('item').select('search_text').where('code', '=', code).executeTakeFirstOrThrow())
      .search_text;

  it('sets a barcode with its quantity: find, autocomplete and the search text follow; the version goes up', async () => {
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const before = await item('ITEM-002');
    const answer = await setBarcode('item-002', { slot: 'BARCODE3', barcode: ' Box-Washer-24 ', quantity: 24.5 });
    expect(answer.status).toBe(200);
    expect(itemSchema.strict().parse(answer.json)).toMatchObject({
      code: 'ITEM-002',
      barcode: '8712345000042',
      barcode3: 'Box-Washer-24',
      barcode3InvQty: 24.5,
      version: before.version + 1,
    });
    expect(await item('ITEM-002')).toEqual(answer.json);
    expect((await operator.get('/api/v1/item/find/BOX-WASHER-24')).json).toMatchObject({
      matchedBy: 'BARCODE3',
      quantity: 24.5,
      item: { code: 'ITEM-002' },
    });
    expect((await operator.get('/api/v1/item/autocomplete/washer-2')).json).toEqual([
      expect.objectContaining({ code: 'ITEM-002', barcode3: 'Box-Washer-24' }),
    ]);
    expect(await searchTextOf('ITEM-002')).toBe(
      itemSearchText('ITEM-002', 'Washer M8', ['8712345000042', null, 'Box-Washer-24']),
    );
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: ['ITEM-002'] });
  });

  it('clears a slot with null or an empty barcode: its quantity goes back to 1', async () => {
    const cleared = await setBarcode('ITEM-002', { slot: 'BARCODE3', barcode: null });
    expect(cleared.json).toMatchObject({ barcode3: null, barcode3InvQty: 1 });
    expect((await operator.get('/api/v1/item/find/Box-Washer-24')).status).toBe(404);
    expect(await searchTextOf('ITEM-002')).toBe(itemSearchText('ITEM-002', 'Washer M8', ['8712345000042', null, null]));
    const emptied = await setBarcode('ITEM-002', { slot: 'BARCODE1', barcode: '' });
    expect(emptied.json).toMatchObject({ barcode: null, barcodeInvQty: 1 });
    expect(await searchTextOf('ITEM-002')).toBe(itemSearchText('ITEM-002', 'Washer M8', [null, null, null]));
    expect((await setBarcode('ITEM-002', { slot: 'BARCODE1', barcode: '8712345000042' })).json).toMatchObject({
      barcode: '8712345000042',
    });
  });

  it("refuses another item's barcode (any slot, any case) or code with 422 barcodeInUse, changing nothing", async () => {
    const before = await item('ITEM-002');
    const cases = [
      ['8712345000035', 'ITEM-001'], // ITEM-001's third barcode
      ['item-001', 'ITEM-001'], // ITEM-001's code
      ['8712345000080', 'SERIAL-002'],
    ] as const;
    for (const [barcode, owner] of cases) {
      const answer = await setBarcode('ITEM-002', { slot: 'BARCODE2', barcode, quantity: 5 });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ key: 'barcodeInUse', args: { barcode, owner } });
    }
    expect(await item('ITEM-002')).toEqual(before);
  });

  it("may repeat the item's own code or barcode in another slot", async () => {
    const answer = await setBarcode('ITEM-002', { slot: 'BARCODE2', barcode: 'ITEM-002', quantity: 1 });
    expect(answer.json).toMatchObject({ barcode2: 'ITEM-002' });
    await setBarcode('ITEM-002', { slot: 'BARCODE2', barcode: null });
  });

  it('answers 404 unknownItemForCode for an unknown item', async () => {
    const answer = await setBarcode('NOPE-1', { slot: 'BARCODE1', barcode: 'X-1' });
    expect(answer.json).toMatchObject({ status: 404, key: 'unknownItemForCode', args: { code: 'NOPE-1' } });
  });

  it('answers 400 for a bad slot, a missing barcode, a quantity of zero, below 0.001 or negative, a long barcode', async () => {
    const before = await item('ITEM-002');
    const bodies = [
      { slot: 'BARCODE4', barcode: 'X' },
      { slot: 'BARCODE1' },
      { slot: 'BARCODE1', barcode: 'X', quantity: 0 },
      { slot: 'BARCODE1', barcode: 'X', quantity: 0.0004 },
      { slot: 'BARCODE1', barcode: 'X', quantity: -2 },
      { slot: 'BARCODE1', barcode: 'X'.repeat(201) },
    ];
    for (const body of bodies) {
      const answer = await setBarcode('ITEM-002', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json).toMatchObject({ key: 'invalidInput' });
    }
    expect(await item('ITEM-002')).toEqual(before);
  });

  it('is forbidden without barcodeSetup (403), changing nothing', async () => {
    const before = await item('ITEM-002');
    const answer = await setBarcode('ITEM-002', { slot: 'BARCODE1', barcode: 'OP-1' }, operator);
    expect(answer.json).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await setBarcode('ITEM-002', { slot: 'BARCODE1', barcode: 'OP-1' }, t.client())).status).toBe(401);
    expect(await item('ITEM-002')).toEqual(before);
  });

  it('keeps every slot when two slots of one item are set at the same time', async () => {
    await Promise.all([
      setBarcode('ITEM-002', { slot: 'BARCODE2', barcode: 'PAR-2' }),
      setBarcode('ITEM-002', { slot: 'BARCODE3', barcode: 'PAR-3' }),
    ]);
    expect(await item('ITEM-002')).toMatchObject({ barcode2: 'PAR-2', barcode3: 'PAR-3' });
    expect(await searchTextOf('ITEM-002')).toBe(
      itemSearchText('ITEM-002', 'Washer M8', ['8712345000042', 'PAR-2', 'PAR-3']),
    );
  });
});
