import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

/**
 * The hot lookups (item find and autocomplete, location find) answer from kept answers on SQLite
 * (db/master-data-cache.ts): whatever changes the master data, through the API or straight in the
 * database, the next answer shows it. The same assertions hold on PostgreSQL, where nothing is kept.
 */
describe('kept lookup answers follow every master-data change', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  it('item find and autocomplete show a barcode set through the API, and answer JSON each time', async () => {
    const first = await operator.get('/api/v1/item/find/PROD-001');
    expect(first.status).toBe(200);
    const again = await operator.get('/api/v1/item/find/prod-001');
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    const suggestionsBefore = (await operator.get('/api/v1/item/autocomplete/cache-probe')).json;
    expect(suggestionsBefore).toEqual([]);

    const set = await manager.post('/api/v1/item/PROD-001/barcode', { slot: 'BARCODE3', barcode: 'CACHE-PROBE-3' });
    expect(set.status).toBe(200);
    expect((await operator.get('/api/v1/item/find/PROD-001')).json).toMatchObject({
      item: { code: 'PROD-001', barcode3: 'CACHE-PROBE-3', version: first.json.item.version + 1 },
    });
    expect((await operator.get('/api/v1/item/autocomplete/cache-probe')).json).toEqual([
      expect.objectContaining({ code: 'PROD-001', barcode3: 'CACHE-PROBE-3' }),
    ]);
  });

  it('item find shows a change written straight into the database (an import, another process)', async () => {
    const before = await operator.get('/api/v1/item/find/ITEM-001');
    expect(before.status).toBe(200);
    await sql`update item set name = 'Renamed by an import' where code = 'ITEM-001'`.execute(t.app.ctx.db);
    expect((await operator.get('/api/v1/item/find/ITEM-001')).json).toMatchObject({
      item: { code: 'ITEM-001', name: 'Renamed by an import' },
    });
    await sql`update item set name = ${before.json.item.name} where code = 'ITEM-001'`.execute(t.app.ctx.db);
    expect((await operator.get('/api/v1/item/find/ITEM-001')).json).toEqual(before.json);
  });

  it('location find shows a type change, an attribute and a renamed warehouse', async () => {
    const first = await operator.get('/api/v1/bin_location/find/01-A01-02');
    expect(first.status).toBe(200);
    expect((await operator.get('/api/v1/bin_location/find/01-a01-02')).json).toEqual(first.json);
    const nextType = first.json.locationType === 'MOBILE' ? 'BULK' : 'MOBILE';
    expect((await manager.post(`/api/v1/bin_location/01-A01-02/type/${nextType}`)).status).toBe(200);
    expect((await operator.get('/api/v1/bin_location/find/01-A01-02')).json).toMatchObject({ locationType: nextType });

    const id = (
      await t.app.ctx.db
        .selectFrom('bin_location')
        .select('id')
        .where('code', '=', '01-A01-02')
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.ctx.db
      .insertInto('bin_location_attribute')
      .values({ bin_location_id: id, name: 'cacheProbe', value: 'yes' })
      .execute();
    const withAttribute = (await operator.get('/api/v1/bin_location/find/01-A01-02')).json;
    expect(JSON.stringify(withAttribute)).toContain('cacheProbe');

    await sql`update warehouse set name = 'Main (renamed)' where code = '01'`.execute(t.app.ctx.db);
    expect((await operator.get('/api/v1/bin_location/find/01-A01-02')).json).toMatchObject({
      warehouseName: 'Main (renamed)',
    });
  });
});
