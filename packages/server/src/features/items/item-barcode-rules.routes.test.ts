import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, uniqueCode } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

/** The GS1 mod-10 check digit of the digits before it. */
function checkDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    sum += Number(body[index]) * ((body.length - index) % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** A GTIN-13 no other test uses, with its right check digit, and the same code with a wrong one. */
function gtin13() {
  const body = `54${uniqueCode('').padStart(10, '0')}`;
  const digit = checkDigit(body);
  return { valid: `${body}${digit}`, wrong: `${body}${(digit + 1) % 10}` };
}

/**
 * The barcode rules the barcoder relies on: a barcode is unique across items, their three slots
 * and the bin locations (codes and barcodes), in both directions; a GTIN-like code with a wrong
 * check digit is saved only once confirmed.
 */
describe('item barcode rules', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  const setBarcode = (code: string, body: Record<string, unknown>) =>
    manager.post(`/api/v1/item/${code}/barcode`, body);
  const item = async (code: string) => (await operator.get(`/api/v1/item/${code}`)).json;

  it('refuses a bin location code or barcode (any case) with 422 barcodeAlreadyAssigned {locationCode}', async () => {
    const washer = await makeItem(t.app.ctx.db);
    const locationBarcode = uniqueCode('LOCBC-');
    const bin = await makeBinLocation(t.app.ctx.db, { barcode: locationBarcode });
    const before = await item(washer.code);
    for (const barcode of [bin.code.toLowerCase(), locationBarcode.toLowerCase()]) {
      for (const slot of ['BARCODE1', 'BARCODE2', 'BARCODE3']) {
        const answer = await setBarcode(washer.code, { slot, barcode, confirmed: true });
        expect(answer.status).toBe(422);
        expect(answer.json).toMatchObject({
          key: 'barcodeAlreadyAssigned',
          args: { barcode, owner: bin.code, locationCode: bin.code },
        });
      }
    }
    expect(await item(washer.code)).toEqual(before);
  });

  it("refuses the same barcode in another item's other slot, and a location barcode that is an item's", async () => {
    const box = uniqueCode('BOX-');
    const bolt = await makeItem(t.app.ctx.db, { barcodes: [null, null, box] });
    const washer = await makeItem(t.app.ctx.db);
    expect((await setBarcode(washer.code, { slot: 'BARCODE1', barcode: box })).json).toMatchObject({
      status: 422,
      key: 'barcodeAlreadyAssigned',
      args: { itemCode: bolt.code },
    });
    const bin = await makeBinLocation(t.app.ctx.db);
    for (const barcode of [box.toLowerCase(), washer.code]) {
      const answer = await manager.post(`/api/v1/bin_location/${bin.code}/barcode`, { barcode });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ key: 'barcodeAlreadyAssigned', args: { barcode } });
    }
    expect((await operator.get(`/api/v1/bin_location/${bin.code}`)).json).toMatchObject({ barcode: null });
  });

  it('warns of a wrong GS1 check digit (8, 12, 13, 14 digits) with 422 invalidGtinCheckDigit until confirmed', async () => {
    const washer = await makeItem(t.app.ctx.db);
    const { valid, wrong } = gtin13();
    const before = await item(washer.code);
    const wrongCodes = [wrong, `0${wrong}`, wrong.slice(1), wrong.slice(5)];
    for (const barcode of wrongCodes) {
      const answer = await setBarcode(washer.code, { slot: 'BARCODE2', barcode, quantity: 6 });
      expect(answer.status, barcode).toBe(422);
      expect(answer.json).toMatchObject({ key: 'invalidGtinCheckDigit', args: { barcode } });
    }
    expect(await item(washer.code)).toEqual(before);

    const confirmed = await setBarcode(washer.code, { slot: 'BARCODE2', barcode: wrong, quantity: 6, confirmed: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ barcode2: wrong, barcode2InvQty: 6 });
    // A right check digit, and codes that are no GTIN (other lengths, letters), need no confirmation.
    for (const barcode of [valid, `${wrong}00`, `A${wrong.slice(1)}`, wrong.slice(3)]) {
      const answer = await setBarcode(washer.code, { slot: 'BARCODE3', barcode });
      expect(answer.status, barcode).toBe(200);
    }
  });

  it('checks uniqueness before the check digit: a used code is refused even when confirmed', async () => {
    const { wrong } = gtin13();
    const owner = await makeItem(t.app.ctx.db, { barcodes: [wrong] });
    const washer = await makeItem(t.app.ctx.db);
    for (const confirmed of [false, true]) {
      expect((await setBarcode(washer.code, { slot: 'BARCODE1', barcode: wrong, confirmed })).json).toMatchObject({
        key: 'barcodeAlreadyAssigned',
        args: { itemCode: owner.code },
      });
    }
  });
});
