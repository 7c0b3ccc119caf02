import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultItemLocationSchema, defaultItemLocationsAnswerSchema, topics } from '@wms/contract';
import { makeBinLocation, makeItem } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('item default locations API', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator, translator] = await Promise.all([
      signIn(t, 'manager'),
      signIn(t, 'operator'),
      signIn(t, 'translator'),
    ]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const list = async (code: string, filter = 'all') => {
    const answer = await operator.get(`/api/v1/item/${code}/default_bin_locations?filter=${filter}`);
    expect(answer.status).toBe(200);
    return defaultItemLocationsAnswerSchema.parse(answer.json);
  };
  const set = (code: string, whs: string, body: Record<string, unknown>, client = manager) =>
    client.post(`/api/v1/item/${code}/default_bin_locations/${whs}`, body);

  describe('GET /api/v1/item/{code}/default_bin_locations', () => {
    it('present (the default): only warehouses whose row has a bin', async () => {
      const answer = await operator.get('/api/v1/item/item-001/default_bin_locations');
      expect(answer.status).toBe(200);
      expect(defaultItemLocationsAnswerSchema.parse(answer.json)).toEqual([
        {
          whs: { code: '01', name: 'Main warehouse', active: true },
          binLocation: { code: '01-P01-01', visualCode: '01-P01-01' },
          enforced: true,
          minStock: 10,
          maxStock: 100,
          version: 1,
        },
        {
          whs: { code: '02', name: 'Overflow warehouse', active: true },
          binLocation: { code: '02-P01-01', visualCode: '02-P01-01' },
          enforced: false,
          minStock: null,
          maxStock: null,
          version: 1,
        },
      ]);
    });

    it('active: every active warehouse; all: every warehouse, version 0 where the item has no row', async () => {
      expect(
        (await list('ITEM-002', 'active')).map((r) => [r.whs.code, r.binLocation?.code ?? null, r.version]),
      ).toEqual([
        ['01', '01-P01-02', 1],
        ['02', null, 0],
      ]);
      const all = await list('ITEM-002', 'all');
      expect(all.map((r) => r.whs.code)).toEqual(['01', '02', '99']);
      expect(all[0]).toMatchObject({ minStock: 100, maxStock: 2000.5 });
      expect(all[2]).toEqual({
        whs: { code: '99', name: 'Old warehouse (closed)', active: false },
        binLocation: null,
        enforced: false,
        minStock: null,
        maxStock: null,
        version: 0,
      });
      // ITEM-001 has a row without a bin in the closed warehouse: it keeps its version.
      expect((await list('ITEM-001', 'all'))[2]).toMatchObject({ whs: { code: '99' }, binLocation: null, version: 1 });
    });

    it('answers 404 for an unknown item, 400 for an unknown filter, 401 and 403 without access', async () => {
      expect((await operator.get('/api/v1/item/NOPE/default_bin_locations')).json).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
        args: { code: 'NOPE' },
      });
      expect((await operator.get('/api/v1/item/ITEM-001/default_bin_locations?filter=some')).status).toBe(400);
      expect((await t.client().get('/api/v1/item/ITEM-001/default_bin_locations')).status).toBe(401);
      expect((await translator.get('/api/v1/item/ITEM-001/default_bin_locations')).json).toMatchObject({
        status: 403,
        key: 'requestForbidden',
      });
    });
  });

  describe('POST /api/v1/item/{code}/default_bin_locations/{whsCode}', () => {
    // Each test edits an item of its own (test/factories.ts) in the demo warehouses, so the GET
    // tests above and every test here run alone and in any order.
    const warehouse = async (code: string) =>
      t.app.ctx.db.selectFrom('warehouse').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const binIn = async (whs: string, locationType: 'BULK' | 'PICK' = 'BULK') =>
      makeBinLocation(t.app.ctx.db, { warehouse: await warehouse(whs), locationType });
    const rowOf = async (code: string, whs: string, filter = 'all') =>
      (await list(code, filter)).find((r) => r.whs.code === whs);

    it('creates the first row with version 0, answers it and publishes item and location changes', async () => {
      const [item, bin] = [await makeItem(t.app.ctx.db), await binIn('02')];
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const answer = await set(item.code.toLowerCase(), '02', {
        locationCode: bin.code.toLowerCase(),
        enforced: true,
        minStock: 1.5,
        maxStock: 20.125,
        version: 0,
      });
      expect(answer.status).toBe(200);
      expect(defaultItemLocationSchema.strict().parse(answer.json)).toEqual({
        whs: { code: '02', name: 'Overflow warehouse', active: true },
        binLocation: { code: bin.code, visualCode: bin.code },
        enforced: true,
        minStock: 1.5,
        maxStock: 20.125,
        version: 1,
      });
      expect(await rowOf(item.code, '02')).toEqual(answer.json);
      expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [item.code] });
      expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: [bin.code] });
    });

    it('updates with the current version and refuses a stale one with 412, changing nothing', async () => {
      const [item, first, second] = [await makeItem(t.app.ctx.db), await binIn('02'), await binIn('02', 'PICK')];
      const created = await set(item.code, '02', {
        locationCode: first.code,
        enforced: true,
        minStock: 1.5,
        version: 0,
      });
      expect(created.json).toMatchObject({ version: 1 });
      const updated = await set(item.code, '02', { locationCode: second.code, version: 1 });
      expect(updated.json).toMatchObject({
        binLocation: { code: second.code },
        enforced: false,
        minStock: null,
        maxStock: null,
        version: 2,
      });
      const before = await list(item.code);
      for (const version of [1, 0, 7]) {
        const stale = await set(item.code, '02', { locationCode: first.code, version });
        expect(stale.status).toBe(412);
        expect(stale.json).toMatchObject({ key: 'optimisticLockConflict' });
      }
      expect(await list(item.code)).toEqual(before);
    });

    it('refuses a version for a warehouse without a row (412); without a version it overwrites', async () => {
      const item = await makeItem(t.app.ctx.db);
      expect((await set(item.code, '99', { locationCode: null, version: 3 })).status).toBe(412);
      expect(await rowOf(item.code, '99')).toMatchObject({ version: 0 });
      const written = await set(item.code, '99', { locationCode: null, minStock: 5 });
      expect(written.json).toMatchObject({ whs: { code: '99' }, binLocation: null, minStock: 5, version: 1 });
      const again = await set(item.code, '99', { locationCode: null, maxStock: 9 });
      expect(again.json).toMatchObject({ minStock: null, maxStock: 9, version: 2 });
    });

    it('clears the bin with locationCode null: the present filter leaves the warehouse out', async () => {
      const [item, main, overflow] = [await makeItem(t.app.ctx.db), await binIn('01'), await binIn('02')];
      expect((await set(item.code, '01', { locationCode: main.code, version: 0 })).status).toBe(200);
      expect((await set(item.code, '02', { locationCode: overflow.code, version: 0 })).status).toBe(200);
      expect((await list(item.code, 'present')).map((r) => r.whs.code)).toEqual(['01', '02']);
      const publish = vi.spyOn(t.app.ctx.live, 'publish');
      const cleared = await set(item.code, '02', { locationCode: null, version: 1 });
      expect(cleared.json).toMatchObject({ binLocation: null, version: 2 });
      expect((await list(item.code, 'present')).map((r) => r.whs.code)).toEqual(['01']);
      expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: [overflow.code] });
    });

    it('refuses a bin of another warehouse with 422 locationNotInWarehouse, changing nothing', async () => {
      const [item, main, overflow] = [await makeItem(t.app.ctx.db), await binIn('01'), await binIn('02')];
      expect((await set(item.code, '02', { locationCode: overflow.code, version: 0 })).status).toBe(200);
      const before = await list(item.code);
      const answer = await set(item.code, '02', { locationCode: main.code, version: 1 });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({
        key: 'locationNotInWarehouse',
        args: { location: main.code, warehouse: '02' },
      });
      expect(await list(item.code)).toEqual(before);
    });

    it('refuses a location with stockMovementRestricted with 422 restrictedLocationAsDefault, changing nothing', async () => {
      const item = await makeItem(t.app.ctx.db);
      const restricted = await makeBinLocation(t.app.ctx.db, { warehouse: await warehouse('01'), restricted: true });
      const before = await list(item.code);
      for (const version of [0, undefined]) {
        const answer = await set(item.code, '01', { locationCode: restricted.code.toLowerCase(), version });
        expect(answer.status).toBe(422);
        expect(answer.json).toMatchObject({ key: 'restrictedLocationAsDefault', args: { location: restricted.code } });
      }
      expect(await list(item.code)).toEqual(before);
    });

    it('refuses minStock above maxStock with 422 minStockGreaterThanMaxStock; equal levels are fine', async () => {
      const [item, bin] = [await makeItem(t.app.ctx.db), await binIn('01')];
      const before = await list(item.code);
      const answer = await set(item.code, '01', { locationCode: bin.code, minStock: 10, maxStock: 5, version: 0 });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ key: 'minStockGreaterThanMaxStock', args: { minStock: 10, maxStock: 5 } });
      expect(await list(item.code)).toEqual(before);
      const equal = await set(item.code, '01', { locationCode: bin.code, minStock: 5, maxStock: 5, version: 0 });
      expect(equal.json).toMatchObject({ minStock: 5, maxStock: 5, version: 1 });
    });

    it('replaces the bin of an existing default only with the version read: a stale replacement is 412', async () => {
      const [item, first, second] = [await makeItem(t.app.ctx.db), await binIn('01'), await binIn('01', 'PICK')];
      expect((await set(item.code, '01', { locationCode: first.code, minStock: 2, version: 0 })).status).toBe(200);
      // Another device replaced it meanwhile (version 2): the replacement read at version 1 is stale.
      expect((await set(item.code, '01', { locationCode: second.code, version: 1 })).status).toBe(200);
      const stale = await set(item.code, '01', { locationCode: first.code, enforced: true, version: 1 });
      expect(stale.status).toBe(412);
      expect(await rowOf(item.code, '01')).toMatchObject({ binLocation: { code: second.code }, version: 2 });
    });

    it('answers 404 for an unknown item, warehouse or location, changing nothing', async () => {
      const item = await makeItem(t.app.ctx.db);
      const before = await list(item.code);
      expect((await set('NOPE', '01', { locationCode: null })).json).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
        args: { code: 'NOPE' },
      });
      expect((await set(item.code, '77', { locationCode: null })).json).toMatchObject({
        status: 404,
        key: 'unknownWarehouse',
        args: { code: '77' },
      });
      expect((await set(item.code, '01', { locationCode: 'NOWHERE' })).json).toMatchObject({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOWHERE' },
      });
      expect(await list(item.code)).toEqual(before);
    });

    it('answers 400 for bad input: missing locationCode, a negative min or max, a fractional version', async () => {
      const [item, bin] = [await makeItem(t.app.ctx.db), await binIn('01')];
      const bodies = [
        {},
        { locationCode: bin.code, minStock: -1 },
        { locationCode: bin.code, maxStock: -5 },
        { locationCode: bin.code, version: 1.5 },
        { locationCode: bin.code, enforced: 'yes' },
      ];
      const before = await list(item.code);
      for (const body of bodies) {
        const answer = await set(item.code, '01', body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.json).toMatchObject({ key: 'invalidInput' });
      }
      expect(await list(item.code)).toEqual(before);
    });

    it('is forbidden without defaultItemBinLocationEdit (403) and for anonymous callers (401)', async () => {
      const [item, bin] = [await makeItem(t.app.ctx.db), await binIn('01')];
      const before = await list(item.code);
      const body = { locationCode: bin.code };
      expect((await set(item.code, '01', body, operator)).json).toMatchObject({
        status: 403,
        key: 'requestForbidden',
      });
      expect((await set(item.code, '01', body, t.client())).status).toBe(401);
      expect(await list(item.code)).toEqual(before);
    });
  });
});
