import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemsWithoutBarcodeAnswerSchema,
  itemsWithoutDefaultAnswerSchema,
  locationsWithoutDefaultAnswerSchema,
  warehouseDefaultLocationsAnswerSchema,
} from '@wms/contract';
import { makeBinLocation, makeItem, makeStock, makeWarehouse, uniqueCode } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

/** Each test builds its own warehouse, locations, items and stock (test/factories.ts). */
describe('setup lists API', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  const db = () => t.app.ctx.db;
  const setDefault = (item: string, whs: string, body: Record<string, unknown>) =>
    manager.post(`/api/v1/item/${item}/default_bin_locations/${whs}`, body);

  describe('GET /api/v1/bin_location/{code}/items_without_barcode', () => {
    const walk = async (code: string, client = manager) => {
      const answer = await client.get(`/api/v1/bin_location/${code}/items_without_barcode`);
      expect(answer.status, answer.text).toBe(200);
      return itemsWithoutBarcodeAnswerSchema.strict().parse(answer.json);
    };

    it('lists only the items in stock there whose three slots are empty, by code; one saved barcode takes it off', async () => {
      const bin = await makeBinLocation(db());
      const other = await makeBinLocation(db());
      const [bare, blank, labelled, thirdOnly, empty, elsewhere] = await Promise.all([
        makeItem(db(), { code: uniqueCode('WALK-B-'), units: 'pcs' }),
        makeItem(db(), { code: uniqueCode('WALK-A-'), barcodes: ['', null, null] }),
        makeItem(db(), { barcodes: [uniqueCode('WALK-BC-'), null, null] }),
        makeItem(db(), { barcodes: [null, null, uniqueCode('WALK-BC-')] }),
        makeItem(db()),
        makeItem(db()),
      ]);
      await makeStock(db(), { item: bare, location: bin, onHand: 2.5 });
      await makeStock(db(), { item: bare, location: bin, onHand: 1 });
      await makeStock(db(), { item: blank, location: bin, onHand: 1 });
      await makeStock(db(), { item: labelled, location: bin, onHand: 4 });
      await makeStock(db(), { item: thirdOnly, location: bin, onHand: 4 });
      await makeStock(db(), { item: empty, location: bin, onHand: 0, ledger: false });
      await makeStock(db(), { item: elsewhere, location: other, onHand: 9 });

      const answer = await walk(bin.code.toLowerCase());
      expect(answer.location).toMatchObject({ code: bin.code, visualCode: bin.code });
      expect(answer.truncated).toBe(false);
      // WALK-A-… sorts before WALK-B-…, though made after it.
      expect(answer.items).toEqual([
        { code: blank.code, visualCode: blank.code, name: blank.name, units: null, onHandQty: 1 },
        { code: bare.code, visualCode: bare.code, name: bare.name, units: 'pcs', onHandQty: 3.5 },
      ]);

      const saved = await manager.post(`/api/v1/item/${blank.code}/barcode`, {
        slot: 'BARCODE2',
        barcode: uniqueCode('WALK-NEW-'),
      });
      expect(saved.status).toBe(200);
      expect((await walk(bin.code)).items.map((item) => item.code)).toEqual([bare.code]);
    });

    it('answers 404 unknownLocation, 403 without barcodeSetup and 401 signed out', async () => {
      expect((await manager.get('/api/v1/bin_location/NOWHERE-9/items_without_barcode')).json).toMatchObject({
        status: 404,
        key: 'unknownLocation',
      });
      const bin = await makeBinLocation(db());
      const path = `/api/v1/bin_location/${bin.code}/items_without_barcode`;
      expect((await operator.get(path)).json).toMatchObject({ status: 403, key: 'requestForbidden' });
      expect((await t.client().get(path)).status).toBe(401);
    });
  });

  describe('the default item locations of a warehouse', () => {
    /** A warehouse of its own with two BULK bins and a PICK bin. */
    const site = async () => {
      const warehouse = await makeWarehouse(db());
      const [bulk, bulk2, pick] = await Promise.all([
        makeBinLocation(db(), { warehouse }),
        makeBinLocation(db(), { warehouse }),
        makeBinLocation(db(), { warehouse, locationType: 'PICK' }),
      ]);
      return { warehouse, bulk, bulk2, pick };
    };
    const get = async <T>(path: string, schema: { parse: (value: unknown) => T }) => {
      const answer = await manager.get(path);
      expect(answer.status, answer.text).toBe(200);
      return schema.parse(answer.json);
    };

    it('lists the rows with a bin by item code, with their version and the bin stock, a page at a time', async () => {
      const { warehouse, bulk, pick } = await site();
      const [first, second, cleared] = await Promise.all([
        makeItem(db(), { code: uniqueCode('DEF-A-') }),
        makeItem(db(), { code: uniqueCode('DEF-B-') }),
        makeItem(db()),
      ]);
      await makeStock(db(), { item: first, location: pick, onHand: 7.25 });
      await setDefault(first.code, warehouse.code, {
        locationCode: pick.code,
        enforced: true,
        minStock: 1,
        maxStock: 9,
      });
      await setDefault(second.code, warehouse.code, { locationCode: bulk.code });
      await setDefault(second.code, warehouse.code, { locationCode: bulk.code, minStock: 3 });
      await setDefault(cleared.code, warehouse.code, { locationCode: null, minStock: 2 });

      const path = `/api/v1/default_item_location/${warehouse.code.toLowerCase()}`;
      const all = await get(path, warehouseDefaultLocationsAnswerSchema.strict());
      expect(all).toMatchObject({
        warehouse: { code: warehouse.code, name: warehouse.name },
        offset: 0,
        hasMore: false,
      });
      expect(all.rows).toEqual([
        {
          item: { code: first.code, visualCode: first.code, name: first.name, units: null },
          binLocation: { code: pick.code, visualCode: pick.code, stockMovementRestricted: false },
          enforced: true,
          minStock: 1,
          maxStock: 9,
          version: 1,
          onHandQty: 7.25,
        },
        expect.objectContaining({
          item: expect.objectContaining({ code: second.code }),
          minStock: 3,
          version: 2,
          onHandQty: 0,
        }),
      ]);
      const firstPage = await get(`${path}?limit=1`, warehouseDefaultLocationsAnswerSchema);
      expect([firstPage.rows.map((row) => row.item.code), firstPage.hasMore]).toEqual([[first.code], true]);
      const secondPage = await get(`${path}?offset=1&limit=1`, warehouseDefaultLocationsAnswerSchema);
      expect([secondPage.rows.map((row) => row.item.code), secondPage.hasMore]).toEqual([[second.code], false]);
    });

    it('locations without a default: storage locations holding stock that no item defaults to', async () => {
      const { warehouse, bulk, bulk2, pick } = await site();
      const [receive, emptyBulk] = await Promise.all([
        makeBinLocation(db(), { warehouse, locationType: 'RECEIVE' }),
        makeBinLocation(db(), { warehouse }),
      ]);
      const items = await Promise.all([1, 2, 3, 4, 5, 6].map(() => makeItem(db())));
      for (const item of items) await makeStock(db(), { item, location: bulk2, onHand: 1.5 });
      await makeStock(db(), { item: items[0]!, location: bulk, onHand: 4 });
      await makeStock(db(), { item: items[0]!, location: pick, onHand: 4 });
      await makeStock(db(), { item: items[1]!, location: receive, onHand: 4 });
      await makeStock(db(), { item: items[2]!, location: emptyBulk, onHand: 0, ledger: false });
      // pick is a default of an item it does not even hold: it still counts as someone's default.
      await setDefault(items[5]!.code, warehouse.code, { locationCode: pick.code });

      const answer = await get(
        `/api/v1/default_item_location/${warehouse.code}/locations_without_default`,
        locationsWithoutDefaultAnswerSchema.strict(),
      );
      expect(answer.rows).toEqual([
        {
          location: { code: bulk.code, visualCode: bulk.code, locationType: 'BULK' },
          itemCount: 1,
          onHandQty: 4,
          items: [items[0]!.code],
        },
        {
          location: { code: bulk2.code, visualCode: bulk2.code, locationType: 'BULK' },
          itemCount: 6,
          onHandQty: 9,
          items: items.slice(0, 5).map((item) => item.code),
        },
      ]);
      await setDefault(items[0]!.code, warehouse.code, { locationCode: bulk.code });
      const after = await get(
        `/api/v1/default_item_location/${warehouse.code}/locations_without_default`,
        locationsWithoutDefaultAnswerSchema,
      );
      expect(after.rows.map((row) => row.location.code)).toEqual([bulk2.code]);
    });

    it('items without a default: the ones the warehouse holds first, then the other active stock items', async () => {
      const { warehouse, bulk, bulk2, pick } = await site();
      const [held, heldToo, defaulted, clearedDefault, notHeld, inactive, service] = await Promise.all([
        makeItem(db(), { code: uniqueCode('NODEF-B-') }),
        makeItem(db(), { code: uniqueCode('NODEF-A-') }),
        makeItem(db()),
        makeItem(db()),
        makeItem(db(), { code: uniqueCode('NODEF-C-') }),
        makeItem(db(), { active: false }),
        makeItem(db(), { isStockItem: false }),
      ]);
      await makeStock(db(), { item: held, location: bulk, onHand: 2 });
      await makeStock(db(), { item: held, location: bulk2, onHand: 3 });
      await makeStock(db(), { item: heldToo, location: pick, onHand: 1 });
      await makeStock(db(), { item: defaulted, location: bulk, onHand: 1 });
      await makeStock(db(), { item: inactive, location: bulk, onHand: 1 });
      await setDefault(defaulted.code, warehouse.code, { locationCode: bulk.code });
      await setDefault(clearedDefault.code, warehouse.code, { locationCode: null });

      const answer = await get(
        `/api/v1/default_item_location/${warehouse.code}/items_without_default?limit=500`,
        itemsWithoutDefaultAnswerSchema.strict(),
      );
      const codes = answer.rows.map((row) => row.item.code);
      expect(answer.rows.slice(0, 2)).toEqual([
        {
          item: { code: heldToo.code, visualCode: heldToo.code, name: heldToo.name, units: null },
          onHandQty: 1,
          locationCount: 1,
        },
        { item: expect.objectContaining({ code: held.code }), onHandQty: 5, locationCount: 2 },
      ]);
      expect(codes).toContain(notHeld.code);
      expect(codes).toContain(clearedDefault.code);
      expect(answer.rows.find((row) => row.item.code === notHeld.code)).toMatchObject({
        onHandQty: 0,
        locationCount: 0,
      });
      for (const absent of [defaulted, inactive, service]) expect(codes).not.toContain(absent.code);
    });

    it('answers 404 unknownWarehouse, 400 for a bad page, 403 without defaultItemBinLocationEdit', async () => {
      for (const suffix of ['', '/locations_without_default', '/items_without_default']) {
        expect((await manager.get(`/api/v1/default_item_location/NO-WHS${suffix}`)).json).toMatchObject({
          status: 404,
          key: 'unknownWarehouse',
          args: { code: 'NO-WHS' },
        });
        for (const query of ['?limit=0', '?limit=501', '?offset=-1']) {
          expect((await manager.get(`/api/v1/default_item_location/01${suffix}${query}`)).status).toBe(400);
        }
        expect((await operator.get(`/api/v1/default_item_location/01${suffix}`)).json).toMatchObject({
          status: 403,
          key: 'requestForbidden',
        });
        expect((await t.client().get(`/api/v1/default_item_location/01${suffix}`)).status).toBe(401);
      }
    });
  });
});
