import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { binLocationSchema, businessPartnerMasterSchema, topics, warehouseMasterSchema } from '@wms/contract';
import { makeBinLocation, makeItem, makeStock, makeWarehouse, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

/** Warehouses, bin locations and business partners of the standalone master data; each test makes its own codes. */
describe('master data: warehouses, bin locations, business partners', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const base = '/api/v1/master_data';
  const patch = (path: string, body: Record<string, unknown>, client = admin) =>
    client.request('PATCH', `${base}/${path}`, body);

  describe('warehouses', () => {
    it('creates, edits with the version read (412 when stale) and refuses a taken code without regard to case', async () => {
      const code = uniqueCode('WH');
      const created = await admin.post(`${base}/warehouses`, { code, name: 'North' });
      expect(created.status).toBe(201);
      expect(warehouseMasterSchema.strict().parse(created.json)).toEqual({
        code,
        visualCode: code,
        name: 'North',
        active: true,
        version: 1,
      });
      expect(errorOf(await admin.post(`${base}/warehouses`, { code: code.toLowerCase(), name: 'x' }))).toMatchObject({
        status: 409,
        key: 'codeAlreadyExists',
        args: { code },
      });
      expect((await patch(`warehouses/${code.toLowerCase()}`, { version: 1, name: 'North 2' })).json).toMatchObject({
        name: 'North 2',
        version: 2,
      });
      expect((await patch(`warehouses/${code}`, { version: 1, name: 'Lost' })).status).toBe(412);
      expect((await admin.get(`/api/v1/master_data/warehouses/${code}`)).json).toMatchObject({ name: 'North 2' });
    });

    it('keeps a warehouse whose locations hold stock active (masterDataHoldsStock)', async () => {
      const warehouse = await makeWarehouse(t.app.ctx.db);
      const bin = await makeBinLocation(t.app.ctx.db, { warehouse });
      await makeStock(t.app.ctx.db, { item: await makeItem(t.app.ctx.db), location: bin, onHand: 1 });
      expect(errorOf(await patch(`warehouses/${warehouse.code}`, { version: 1, active: false }))).toMatchObject({
        status: 422,
        key: 'masterDataHoldsStock',
      });
    });
  });

  describe('bin locations', () => {
    it('creates a location in an active warehouse with attributes; edits replace them and publish BIN_LOCATION_CHANGED', async () => {
      const warehouse = await makeWarehouse(t.app.ctx.db);
      const code = uniqueCode('MD-BIN-');
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const created = await admin.post(`${base}/bin_locations`, {
        code,
        warehouseCode: warehouse.code.toLowerCase(),
        barcode: `LOC-${code}`,
        locationType: 'PICK',
        physicalLocationType: 'KARDEX',
        pickingStrategy: 'FIFO',
        minimalStockLevel: 2,
        maximalStockLevel: 20,
        sortingCode: 'A-01',
        attributes: [{ name: 'zone', value: 'cold' }],
      });
      expect(created.status, created.text).toBe(201);
      expect(binLocationSchema.strict().parse(created.json)).toMatchObject({
        code,
        warehouseCode: warehouse.code,
        locationType: 'PICK',
        physicalLocationType: 'KARDEX',
        minimalStockLevel: 2,
        attributes: [{ name: 'zone', value: 'cold' }],
        version: 1,
      });
      expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: [code] });
      // The cached location find (SQLite) answers the edit below at once.
      expect((await operator.get(`/api/v1/bin_location/find/loc-${code.toLowerCase()}`)).json).toMatchObject({
        code,
        stockMovementRestricted: false,
      });

      const edited = await patch(`bin_locations/${code}`, {
        version: 1,
        stockMovementRestricted: true,
        attributes: [
          { name: 'aisle', value: '3' },
          { name: 'zone', value: 'dry' },
        ],
      });
      expect(edited.json).toMatchObject({
        stockMovementRestricted: true,
        sortingCode: 'A-01',
        attributes: [
          { name: 'aisle', value: '3' },
          { name: 'zone', value: 'dry' },
        ],
        version: 2,
      });
      expect((await operator.get(`/api/v1/bin_location/find/LOC-${code}`)).json).toMatchObject({
        stockMovementRestricted: true,
        version: 2,
      });
      expect((await patch(`bin_locations/${code}`, { version: 1, sortingCode: 'B' })).status).toBe(412);
      expect((await operator.get(`/api/v1/bin_location/${code}`)).json).toMatchObject({
        stockMovementRestricted: true,
        version: 2,
      });
    });

    it('refuses an unknown or inactive warehouse, min above max, a taken code or barcode', async () => {
      const [inactive, warehouse] = [
        await makeWarehouse(t.app.ctx.db, { active: false }),
        await makeWarehouse(t.app.ctx.db),
      ];
      const existing = await makeBinLocation(t.app.ctx.db, { warehouse });
      const item = await makeItem(t.app.ctx.db, { barcodes: [uniqueCode('IBC-'), null, null] });
      const itemBarcode = (
        await t.app.ctx.db.selectFrom('item').select('barcode').where('id', '=', item.id).executeTakeFirstOrThrow()
      ).barcode!;
      const create = (body: Record<string, unknown>) =>
        admin.post(`${base}/bin_locations`, { code: uniqueCode('MD-BIN-'), warehouseCode: warehouse.code, ...body });
      expect(errorOf(await create({ warehouseCode: 'NOPE' }))).toMatchObject({ status: 404, key: 'unknownWarehouse' });
      expect(errorOf(await create({ warehouseCode: inactive.code }))).toMatchObject({
        status: 422,
        key: 'warehouseInactive',
      });
      expect(errorOf(await create({ minimalStockLevel: 5, maximalStockLevel: 4 }))).toMatchObject({
        status: 422,
        key: 'minStockGreaterThanMaxStock',
        args: { minStock: 5, maxStock: 4 },
      });
      expect(errorOf(await create({ code: existing.code.toLowerCase() }))).toMatchObject({
        status: 409,
        key: 'codeAlreadyExists',
      });
      expect(errorOf(await create({ barcode: existing.code }))).toMatchObject({
        status: 422,
        key: 'barcodeInUse',
        args: { owner: existing.code },
      });
      expect(errorOf(await create({ barcode: itemBarcode }))).toMatchObject({
        status: 422,
        key: 'barcodeAlreadyAssigned',
        args: { itemCode: item.code },
      });
      // A level changed alone is checked against the stored other one.
      const bin = await makeBinLocation(t.app.ctx.db, { warehouse, maximalStockLevel: 10 });
      expect(errorOf(await patch(`bin_locations/${bin.code}`, { version: 1, minimalStockLevel: 11 }))).toMatchObject({
        key: 'minStockGreaterThanMaxStock',
      });
    });

    it('keeps a location holding stock active, and 400 for enums outside the contract', async () => {
      const bin = await makeBinLocation(t.app.ctx.db);
      await makeStock(t.app.ctx.db, { item: await makeItem(t.app.ctx.db), location: bin, onHand: 1 });
      expect(errorOf(await patch(`bin_locations/${bin.code}`, { version: 1, active: false }))).toMatchObject({
        status: 422,
        key: 'masterDataHoldsStock',
        args: { code: bin.code },
      });
      for (const body of [
        { locationType: 'SHELF' },
        { pickingStrategy: 'RANDOM' },
        {
          attributes: [
            { name: 'a', value: '1' },
            { name: 'A', value: '2' },
          ],
        },
      ]) {
        expect((await patch(`bin_locations/${bin.code}`, { version: 1, ...body })).status).toBe(400);
      }
    });
  });

  describe('business partners', () => {
    it('creates a partner with addresses, one default ship-to; codes match zero-padded', async () => {
      const code = `0${uniqueCode('7')}`;
      const created = await admin.post(`${base}/business_partners`, {
        code,
        name: 'Bakker Retail',
        type: 'CUSTOMER',
        addresses: [
          {
            code: 'MAIN',
            street: 'Dorpsstraat 1',
            postcode: '3511 AA',
            city: 'Utrecht',
            countryCode: 'nl',
            isDefaultShipTo: true,
          },
          { code: 'DEPOT', city: 'Rotterdam' },
        ],
      });
      expect(created.status, created.text).toBe(201);
      expect(businessPartnerMasterSchema.strict().parse(created.json)).toMatchObject({
        code,
        type: 'CUSTOMER',
        version: 1,
        addresses: [
          { code: 'DEPOT', isDefaultShipTo: false, active: true, version: 1 },
          { code: 'MAIN', countryCode: 'NL', isDefaultShipTo: true },
        ],
      });
      expect(
        errorOf(await admin.post(`${base}/business_partners`, { code: code.slice(1), name: 'x', type: 'SUPPLIER' })),
      ).toMatchObject({
        status: 409,
        key: 'codeAlreadyExists',
      });

      // A new default ship-to replaces the old one.
      const added = await admin.post(`${base}/business_partners/${code}/addresses`, {
        code: 'SHOP',
        isDefaultShipTo: true,
      });
      expect(added.status).toBe(201);
      expect(
        added.json.addresses.map((a: { code: string; isDefaultShipTo: boolean }) => [a.code, a.isDefaultShipTo]),
      ).toEqual([
        ['DEPOT', false],
        ['MAIN', false],
        ['SHOP', true],
      ]);
      expect(errorOf(await admin.post(`${base}/business_partners/${code}/addresses`, { code: 'main' }))).toMatchObject({
        status: 409,
        key: 'codeAlreadyExists',
      });

      const depot = added.json.addresses[0];
      const edited = await patch(`business_partners/${code}/addresses/depot`, {
        version: depot.version,
        street: 'Haven 2',
      });
      expect(edited.json.addresses[0]).toMatchObject({ code: 'DEPOT', street: 'Haven 2', version: depot.version + 1 });
      expect(
        (await patch(`business_partners/${code}/addresses/DEPOT`, { version: depot.version, street: 'x' })).status,
      ).toBe(412);
      expect(
        errorOf(await patch(`business_partners/${code}/addresses/NONE`, { version: 1, street: 'x' })),
      ).toMatchObject({
        status: 404,
        key: 'unknownBusinessPartnerAddress',
      });

      const partner = (await admin.get(`${base}/business_partners/${code}`)).json;
      expect(
        (await patch(`business_partners/${code}`, { version: partner.version, active: false })).json,
      ).toMatchObject({ active: false });
      expect((await patch(`business_partners/${code}`, { version: partner.version, name: 'stale' })).status).toBe(412);
      const page = (await admin.get(`${base}/business_partners?active=false&type=CUSTOMER&text=${code}`)).json;
      expect(page.rows.map((p: { code: string }) => p.code)).toEqual([code]);
    });

    it('refuses without the role (403) and while an ERP owns master data (409)', async () => {
      expect(
        (await operator.post(`${base}/business_partners`, { code: 'X', name: 'x', type: 'CUSTOMER' })).status,
      ).toBe(403);
      expect((await operator.post(`${base}/warehouses`, { code: 'X', name: 'x' })).status).toBe(403);
      expect((await operator.post(`${base}/bin_locations`, { code: 'X', warehouseCode: 'x' })).status).toBe(403);
      const { version } = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(version, { erpType: 'EXACT_GLOBE' });
      try {
        for (const [path, body] of [
          ['business_partners', { code: uniqueCode('P'), name: 'x', type: 'CUSTOMER' }],
          ['warehouses', { code: uniqueCode('W'), name: 'x' }],
          ['bin_locations', { code: uniqueCode('B'), warehouseCode: 'x' }],
        ] as const) {
          expect(errorOf(await admin.post(`${base}/${path}`, body))).toEqual({
            status: 409,
            key: 'masterDataOwnedByErp',
            args: { erpType: 'EXACT_GLOBE' },
          });
        }
      } finally {
        const current = await t.app.ctx.settings.get();
        await t.app.ctx.settings.update(current.version, { erpType: 'NONE' });
      }
    });
  });
});
