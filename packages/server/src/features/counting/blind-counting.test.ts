import { expandRoles, roles, type Role } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBatch, makeItem, makeSerial, makeStock } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import {
  getRoutesFor,
  notWalked,
  stockQuantitiesIn,
  walk,
  walkData,
  type WalkData,
} from './blind-counting.test-helper.js';
import { clientWith, flaggedLocation, ok, saveCall, setRecountThreshold } from './counting.test-helper.js';

/**
 * Blind counting in WALL_TO_WALL_BATCHING_MODE (PROCESSES.md 4.1, 4.3; issue 20; decision 0189):
 * no non-admin answer anywhere carries a stock quantity, checked by walking every GET route the
 * user can call, while admin's walk (and the user's in NORMAL mode) still shows them.
 */

/** The routes whose answers carry stock quantities with the walk's data (admin sees them all). */
const quantityRoutes = [
  '/api/v1/item/:code/bin_locations',
  '/api/v1/default_item_location/:whsCode',
  '/api/v1/ppm/lines',
  '/api/v1/bin_location/:code/contents',
  '/api/v1/bin_location/:code/items_without_barcode',
  '/api/v1/default_item_location/:whsCode/locations_without_default',
  '/api/v1/default_item_location/:whsCode/items_without_default',
  '/api/v1/goods_sorting/staging/:location',
  '/api/v1/custom_grid/:objectType/:index/:code',
  '/api/v1/counting/history',
];

/**
 * Calls that do not answer 200 with the walk's data, and why (each still must not leak stock).
 * Every other walked call answers 200, so the walk really reads what the routes show.
 */
const notOk: Readonly<Record<string, string>> = {
  '/api/v1/goods_receipt/:receipt': 'no goods receipt is open in the demo data (404)',
  '/api/v1/order/import/:kind/sessions/:id': 'no import session exists (an upload makes one)',
  '/api/v1/order/import/:kind/sessions/:id/rows': 'no import session exists (an upload makes one)',
  '/api/v1/delivery_dispatch/load/:id': 'no dock load exists in the demo data',
  '/api/v1/wall_to_wall/batch/progress': 'no counting list exists in the test data (404)',
  '/api/v1/counting_lists/:list/variance': 'no counting list exists in the test data (404)',
};

describe('blind counting in batching mode', () => {
  let t: TestApp;
  let data: WalkData;
  let counter: HttpClient;
  let admin: HttpClient;
  const counterRoles = roles.filter((role) => role !== 'admin') as Role[];

  async function setMode(operationMode: 'NORMAL' | 'WALL_TO_WALL_BATCHING_MODE') {
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { operationMode });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.app.ctx.db;
    const item = await makeItem(db, { code: 'BLIND-ITEM' });
    const batched = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const batch = await makeBatch(db, { item: batched });
    const serial = await makeSerial(db, { item: serialItem });
    // A counted location: its count history holds an onHand and a difference.
    const location = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location, onHand: 7 });
    await makeStock(db, { item: batched, location, batch, onHand: 3 });
    await makeStock(db, { item: serialItem, location, serial, onHand: 1 });
    const staging = await db
      .selectFrom('bin_location')
      .select('id')
      .where('code', '=', '01-RECEIVE')
      .executeTakeFirstOrThrow();
    await makeStock(db, { item, location: staging.id, onHand: 2 });
    counter = await clientWith(t, counterRoles);
    ok(
      await saveCall(counter, {
        location: location.code,
        lines: [
          { item: item.code, quantity: 6 },
          { item: batched.code, batch: batch.code, quantity: 3 },
          { item: serialItem.code, serial: serial.code },
        ],
      }),
    );
    // A count over the threshold: a recount request (its document is walked too).
    const recounted = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location: recounted, onHand: 10 });
    await setRecountThreshold(t, { mode: 'ABSOLUTE', value: 1 });
    ok(await saveCall(counter, { location: recounted.code, lines: [{ item: item.code, quantity: 4 }] }));
    await setRecountThreshold(t, { mode: 'NONE', value: 0 });
    const user = await db.selectFrom('app_user').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    data = await walkData(db, {
      item: item.code,
      location: location.code,
      batch: batch.code,
      serial: serial.code,
      userId: user.id,
    });
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await setMode('NORMAL');
    await t.close();
  });

  it('counts with a user holding every role but admin', () => {
    expect(expandRoles(counterRoles)).not.toContain('admin');
    expect(expandRoles(counterRoles)).toContain('counting');
  });

  it('leaves every stock quantity out of every GET answer to a non-admin caller', async () => {
    await setMode('WALL_TO_WALL_BATCHING_MODE');
    const routes = getRoutesFor(t, new Set(expandRoles(counterRoles)));
    expect(routes.length).toBeGreaterThan(100);
    const calls = await walk(counter, routes, data);
    expect(calls.filter((c) => c.status === 403)).toEqual([]);
    const failed = calls.filter((c) => c.status !== 200 && !notOk[c.route]).map((c) => `${c.status} ${c.url}`);
    expect(failed).toEqual([]);
    const leaks = calls.filter((c) => c.quantities.length > 0).map((c) => `${c.url}: ${c.quantities.join(', ')}`);
    expect(leaks).toEqual([]);
    // The walk reached the routes that carry stock (their rows are there, the quantities null).
    const walked = new Set(calls.filter((c) => c.status === 200).map((c) => c.route));
    for (const route of quantityRoutes) expect(walked, route).toContain(route);
    const contents = await counter.get(`/api/v1/bin_location/${data.location}/contents`);
    expect(contents.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: expect.objectContaining({ code: data.item }), onHandQty: null }),
      ]),
    );
  });

  it('shows admin the quantities on the same walk, so the scan can fail', async () => {
    await setMode('WALL_TO_WALL_BATCHING_MODE');
    const calls = await walk(admin, getRoutesFor(t, new Set(expandRoles(['admin']))), data);
    const withQuantities = new Set(calls.filter((c) => c.quantities.length > 0).map((c) => c.route));
    expect([...withQuantities].sort()).toEqual(expect.arrayContaining(quantityRoutes));
    const stock = await admin.get(`/api/v1/item/${data.item}/bin_locations`);
    expect(stock.json).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ binLocation: expect.objectContaining({ code: data.location }), onHandQty: 6 }),
      ]),
    );
  });

  it('shows the non-admin caller the quantities in NORMAL mode', async () => {
    await setMode('NORMAL');
    const stock = await counter.get(`/api/v1/item/${data.item}/bin_locations`);
    expect(stockQuantitiesIn(stock.json)).toEqual(expect.arrayContaining(['[].onHandQty', '[].freeToMoveQty']));
    const history = await counter.get(`/api/v1/counting/history?item=${data.item}`);
    expect(history.json.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: data.location, counted: 6, onHand: 7, difference: -1 }),
      ]),
    );
  });

  it('skips only routes that answer files or static assets', () => {
    const walkable = getRoutesFor(t, new Set(expandRoles(['admin'])));
    const skipped = walkable.filter((route) => notWalked[route.url]).map((route) => route.url);
    expect(skipped.length).toBe(Object.keys(notWalked).length);
  });
});
