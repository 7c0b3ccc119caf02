import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { counterDestination } from '@wms/contract';
import { makeBinLocation, makeItem, makeStock, makeWarehouse } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import type { Db } from '../../db/database.js';
import { transferLines } from '../stock-transfer/stock-transfer.test-helper.js';
import { goodsSortingCounterPath, syncGoodsSortingCounter } from './goods-sorting-counter.js';
import { move, newKey } from './goods-sorting.test-helper.js';

/**
 * The /goods_sorting counter over a real socket: the stock rows with something on hand in
 * staging locations (work types RECEIVE and MOBILE, and every warehouse's receipt staging location).
 */
describe('the /goods_sorting counter', () => {
  let t: LiveTestApp;
  let db: Db;
  let admin: HttpClient;
  let socket: TestStompClient;
  beforeAll(async () => {
    t = await buildLiveTestApp();
    db = t.app.ctx.db;
    admin = await t.httpClientFor('admin');
  });
  afterAll(async () => {
    await socket?.close();
    await t.close();
  });

  const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 3000, interval: 10 });

  /** The counts the socket received, in order. */
  const counts = () =>
    socket
      .messages(counterDestination)
      .flatMap((m) => (m.what === 'NOTIFICATION_COUNTERS' ? [m.payload.counters[goodsSortingCounterPath]] : []))
      .filter((count) => count !== undefined);

  /** Counted independently of the feature: rows on hand in RECEIVE, MOBILE or receipt staging locations. */
  async function expectedCount(): Promise<number> {
    const rows = await db
      .selectFrom('stock as s')
      .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
      .leftJoin('warehouse as w', 'w.receipt_staging_location_id', 'b.id')
      .select(['s.id', 's.on_hand_qty', 'b.location_type', 'w.id as staging_of'])
      .where('b.id', 'not in', db.selectFrom('shipping_container').select('bin_location_id'))
      .execute();
    const staging = rows.filter(
      (row) =>
        row.on_hand_qty > 0 &&
        (row.location_type === 'RECEIVE' || row.location_type === 'MOBILE' || row.staging_of !== null),
    );
    return new Set(staging.map((row) => row.id)).size;
  }

  it('is sent on subscribe, set after a goods sorting move (not for its replay) and after a transfer out of staging', async () => {
    const warehouse = await makeWarehouse(db);
    const dock = await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' });
    const [shelf, other] = [await makeBinLocation(db, { warehouse }), await makeBinLocation(db, { warehouse })];
    const [first, second] = [await makeItem(db), await makeItem(db)];
    await makeStock(db, { item: first, location: dock, onHand: 10 });
    await makeStock(db, { item: second, location: dock, onHand: 5 });
    await makeStock(db, { item: second, location: shelf, onHand: 5 });
    // The factories write the rows directly: count them as the app would at its start.
    await syncGoodsSortingCounter(t.app.ctx);
    const before = await expectedCount();

    socket = new TestStompClient(t.wsUrl, { cookie: (await t.cookieFor('admin')).cookie, version: t.version });
    await socket.connect();
    await socket.subscribed(counterDestination);
    await waitFor(() => expect(counts().at(-1)).toBe(before));

    const setCounter = vi.spyOn(t.app.ctx.live, 'setCounter');
    const key = newKey();
    const request = { from: dock.code, to: shelf.code, item: first.code, quantity: 10, confirmed: true };
    expect((await move(admin, request, key)).status).toBe(200);
    expect(await expectedCount()).toBe(before - 1);
    await waitFor(() => expect(counts().at(-1)).toBe(before - 1));
    expect(setCounter).toHaveBeenCalledTimes(1);

    const replay = await move(admin, request, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(setCounter).toHaveBeenCalledTimes(1);

    // Between two shelves: no staging location took part, nothing is counted.
    const line = { item: second.code, batch: null, lot: null, serial: null, quantity: 1 };
    expect((await transferLines(admin, [{ ...line, fromLocation: shelf.code }], other.code)).status).toBe(200);
    expect(setCounter).toHaveBeenCalledTimes(1);

    // Out of staging: counted again after the commit, in the background.
    expect((await transferLines(admin, [{ ...line, fromLocation: dock.code, quantity: 5 }], other.code)).status).toBe(
      200,
    );
    await waitFor(() => expect(counts().at(-1)).toBe(before - 2));
    expect(await expectedCount()).toBe(before - 2);
    setCounter.mockRestore();
  });

  it('counts again only the locations a transfer touched, so its cost does not grow with all the stock in staging', async () => {
    const warehouse = await makeWarehouse(db);
    const [dock, otherDock] = [
      await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' }),
      await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' }),
    ];
    const shelf = await makeBinLocation(db, { warehouse });
    const item = await makeItem(db);
    await makeStock(db, { item, location: shelf, onHand: 4 });
    const before = await syncGoodsSortingCounter(t.app.ctx);
    // Written behind the app's back: no move touched otherDock, so it waits for the next full count.
    await makeStock(db, { item, location: otherDock, onHand: 1 });
    const setCounter = vi.spyOn(t.app.ctx.live, 'setCounter');
    const line = { item: item.code, batch: null, lot: null, serial: null, quantity: 1, fromLocation: shelf.code };
    expect((await transferLines(admin, [line], dock.code)).status).toBe(200);
    await waitFor(() => expect(setCounter).toHaveBeenLastCalledWith(goodsSortingCounterPath, null, before + 1));
    setCounter.mockRestore();
    expect(await expectedCount()).toBe(before + 2);
    expect(await syncGoodsSortingCounter(t.app.ctx)).toBe(before + 2);
  });

  it("counts a warehouse's receipt staging location whatever its work type, and MOBILE carts", async () => {
    const warehouse = await makeWarehouse(db);
    const gate = await makeBinLocation(db, { warehouse, locationType: 'BULK' });
    const cart = await makeBinLocation(db, { warehouse, locationType: 'MOBILE' });
    const item = await makeItem(db);
    await makeStock(db, { item, location: gate, onHand: 3 });
    await makeStock(db, { item, location: cart, onHand: 1 });
    const without = await syncGoodsSortingCounter(t.app.ctx);
    await db
      .updateTable('warehouse')
      .set({ receipt_staging_location_id: gate.id })
      .where('id', '=', warehouse.id)
      .execute();
    const withGate = await syncGoodsSortingCounter(t.app.ctx);
    expect(withGate).toBe(without + 1);
    expect(withGate).toBe(await expectedCount());
    await waitFor(() => expect(counts().at(-1)).toBe(withGate));
  });

  it('leaves out shipping containers: picked goods wait for their order, not to be put away', async () => {
    const warehouse = await makeWarehouse(db);
    const [cart, box] = [
      await makeBinLocation(db, { warehouse, locationType: 'MOBILE' }),
      await makeBinLocation(db, { warehouse, locationType: 'MOBILE' }),
    ];
    const item = await makeItem(db);
    const before = await syncGoodsSortingCounter(t.app.ctx);
    await db
      .insertInto('shipping_container')
      .values({
        code: box.code,
        code_lower: box.code.toLowerCase(),
        bin_location_id: box.id,
        sscc: 0,
        type: 'BOX',
        box_type: null,
        status: 'OPEN',
        pick_list_id: null,
        delivery_id: null,
        weight_mg: null,
        length_mm: null,
        width_mm: null,
        height_mm: null,
        closed_at: null,
        created_by: 'test',
        created_at: new Date().toISOString(),
      })
      .execute();
    await makeStock(db, { item, location: box, onHand: 2 });
    expect(await syncGoodsSortingCounter(t.app.ctx)).toBe(before);
    await makeStock(db, { item, location: cart, onHand: 1 });
    expect(await syncGoodsSortingCounter(t.app.ctx)).toBe(before + 1);
  });
});
