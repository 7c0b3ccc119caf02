import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemSchema, topics } from '@wms/contract';
import { makeItem, uniqueCode } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { itemSearchText } from './item-rows.js';

/** Every test edits an item of its own (test/factories.ts), so each runs alone and in any order. */
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
  /** An item named "Washer M8" with a unique first barcode (and the other slots given). */
  const washer = async (barcode2: string | null = null, barcode3: string | null = null, barcode3Qty = 1) => {
    const barcode = uniqueCode('87123450');
    const made = await makeItem(t.app.ctx.db, {
      name: 'Washer M8',
      barcodes: [barcode, barcode2, barcode3],
      barcodeQuantities: [1, 1, barcode3Qty],
    });
    return { ...made, barcode };
  };

  it('sets a barcode with its quantity: find, autocomplete and the search text follow; the version goes up', async () => {
    const washer1 = await washer();
    const box = `Box-${washer1.code}`;
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const before = await item(washer1.code);
    const answer = await setBarcode(washer1.code.toLowerCase(), {
      slot: 'BARCODE3',
      barcode: ` ${box} `,
      quantity: 24.5,
    });
    expect(answer.status).toBe(200);
    expect(itemSchema.strict().parse(answer.json)).toMatchObject({
      code: washer1.code,
      barcode: washer1.barcode,
      barcode3: box,
      barcode3InvQty: 24.5,
      version: before.version + 1,
    });
    expect(await item(washer1.code)).toMatchObject(answer.json as object);
    expect((await operator.get(`/api/v1/item/find/${box.toUpperCase()}`)).json).toMatchObject({
      matchedBy: 'BARCODE3',
      quantity: 24.5,
      item: { code: washer1.code },
    });
    expect((await operator.get(`/api/v1/item/autocomplete/${box.toLowerCase()}`)).json).toEqual([
      expect.objectContaining({ code: washer1.code, barcode3: box }),
    ]);
    expect(await searchTextOf(washer1.code)).toBe(
      itemSearchText(washer1.code, 'Washer M8', [washer1.barcode, null, box]),
    );
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [washer1.code] });
  });

  it('clears a slot with null or an empty barcode: its quantity goes back to 1', async () => {
    const box = uniqueCode('Box-Washer-');
    const washer1 = await washer(null, box, 24.5);
    expect(await item(washer1.code)).toMatchObject({ barcode3: box, barcode3InvQty: 24.5 });
    const cleared = await setBarcode(washer1.code, { slot: 'BARCODE3', barcode: null });
    expect(cleared.json).toMatchObject({ barcode3: null, barcode3InvQty: 1 });
    expect((await operator.get(`/api/v1/item/find/${box}`)).status).toBe(404);
    expect(await searchTextOf(washer1.code)).toBe(
      itemSearchText(washer1.code, 'Washer M8', [washer1.barcode, null, null]),
    );
    const emptied = await setBarcode(washer1.code, { slot: 'BARCODE1', barcode: '' });
    expect(emptied.json).toMatchObject({ barcode: null, barcodeInvQty: 1 });
    expect(await searchTextOf(washer1.code)).toBe(itemSearchText(washer1.code, 'Washer M8', [null, null, null]));
    const again = { slot: 'BARCODE1', barcode: washer1.barcode, confirmed: true };
    expect((await setBarcode(washer1.code, again)).json).toMatchObject({
      barcode: washer1.barcode,
    });
  });

  it("refuses another item's barcode (any slot, any case) or code with 422 barcodeAlreadyAssigned, changing nothing", async () => {
    const washer1 = await washer();
    const boltBarcodes = [uniqueCode('Bolt-1-'), uniqueCode('Bolt-2-'), uniqueCode('Bolt-3-')] as const;
    const bolt = await makeItem(t.app.ctx.db, { barcodes: boltBarcodes });
    const drill = await washer();
    const before = await item(washer1.code);
    const cases = [
      [boltBarcodes[2].toLowerCase(), bolt.code], // the bolt's third barcode
      [bolt.code.toLowerCase(), bolt.code], // the bolt's code
      [drill.barcode, drill.code],
    ] as const;
    for (const [barcode, owner] of cases) {
      const answer = await setBarcode(washer1.code, { slot: 'BARCODE2', barcode, quantity: 5 });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ key: 'barcodeAlreadyAssigned', args: { barcode, owner, itemCode: owner } });
    }
    expect(await item(washer1.code)).toEqual(before);
  });

  it("may repeat the item's own code or barcode in another slot", async () => {
    const washer1 = await washer();
    const answer = await setBarcode(washer1.code, { slot: 'BARCODE2', barcode: washer1.code, quantity: 1 });
    expect(answer.json).toMatchObject({ barcode2: washer1.code });
    const own = await setBarcode(washer1.code, {
      slot: 'BARCODE3',
      barcode: washer1.barcode,
      quantity: 1,
      confirmed: true,
    });
    expect(own.json).toMatchObject({ barcode: washer1.barcode, barcode3: washer1.barcode });
  });

  it('answers 404 unknownItemForCode for an unknown item', async () => {
    const answer = await setBarcode('NOPE-1', { slot: 'BARCODE1', barcode: 'X-1' });
    expect(answer.json).toMatchObject({ status: 404, key: 'unknownItemForCode', args: { code: 'NOPE-1' } });
  });

  it('answers 400 for a bad slot, a missing barcode, a quantity of zero, below 0.001 or negative, a long barcode', async () => {
    const washer1 = await washer();
    const before = await item(washer1.code);
    const bodies = [
      { slot: 'BARCODE4', barcode: 'X' },
      { slot: 'BARCODE1' },
      { slot: 'BARCODE1', barcode: 'X', quantity: 0 },
      { slot: 'BARCODE1', barcode: 'X', quantity: 0.0004 },
      { slot: 'BARCODE1', barcode: 'X', quantity: -2 },
      { slot: 'BARCODE1', barcode: 'X'.repeat(201) },
    ];
    for (const body of bodies) {
      const answer = await setBarcode(washer1.code, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json).toMatchObject({ key: 'invalidInput' });
    }
    expect(await item(washer1.code)).toEqual(before);
  });

  it('is forbidden without barcodeSetup (403), changing nothing', async () => {
    const washer1 = await washer();
    const before = await item(washer1.code);
    const answer = await setBarcode(washer1.code, { slot: 'BARCODE1', barcode: 'OP-1' }, operator);
    expect(answer.json).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await setBarcode(washer1.code, { slot: 'BARCODE1', barcode: 'OP-1' }, t.client())).status).toBe(401);
    expect(await item(washer1.code)).toEqual(before);
  });

  it('keeps every slot when two slots of one item are set at the same time', async () => {
    const washer1 = await washer();
    const [par2, par3] = [`${washer1.code}-PAR-2`, `${washer1.code}-PAR-3`];
    await Promise.all([
      setBarcode(washer1.code, { slot: 'BARCODE2', barcode: par2 }),
      setBarcode(washer1.code, { slot: 'BARCODE3', barcode: par3 }),
    ]);
    expect(await item(washer1.code)).toMatchObject({ barcode2: par2, barcode3: par3 });
    expect(await searchTextOf(washer1.code)).toBe(
      itemSearchText(washer1.code, 'Washer M8', [washer1.barcode, par2, par3]),
    );
  });
});
