import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeBatch, makeBinLocation, makeItem, makeStock } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  allocationsOf,
  assertPickInvariants,
  isoDay,
  makeSalesOrder,
  pickClients,
  pickListAt,
  pickListPath,
  pickScene,
  releasedOfOrder,
  type PickScene,
} from './pick-lists.test-helper.js';

/** Creation, allocation order, the creation lock, broken lines and the planning area (pick-lists.test-helper.ts). */
describe('pick list creation', () => {
  let t: TestApp;
  let db: Db;
  let cast: Awaited<ReturnType<typeof pickClients>>;
  let generator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    cast = await pickClients(t);
    generator = cast.generator.client;
  });
  afterAll(async () => t.close());

  const setLocking = async (creationLocking: 'GLOBAL' | 'PER_KEY' | 'NONE') => {
    const { version, settings } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { picking: { ...settings.picking, creationLocking } });
  };
  beforeEach(async () => setLocking('PER_KEY'));

  const create = (client: HttpClient, body: Record<string, unknown>) => client.post(`${pickListPath}/create`, body);

  describe('allocation order', () => {
    let s: PickScene;
    beforeEach(async () => {
      s = await pickScene(db);
    });

    it('takes pick faces first, then bulk by sorting code; never QC, receive, mobile, blocked, restricted or inactive locations', async () => {
      const order = await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 30 }]);
      const answer = await create(generator, { warehouse: s.warehouse.code });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.backorders).toEqual([]);
      const [code] = answer.json.created as string[];
      expect(await allocationsOf(db, code!)).toEqual([
        { line: 0, location: s.face.code, batch: null, serial: null, quantity: 5000 },
        { line: 0, location: s.bulk.code, batch: null, serial: null, quantity: 20000 },
        { line: 0, location: s.bulk2.code, batch: null, serial: null, quantity: 5000 },
      ]);
      expect(await releasedOfOrder(db, order.id)).toEqual([30000]);
      await assertPickInvariants(db);
    });

    it('takes batches FEFO after the pick face, never expired or QC-pending ones; serials whole and QC-approved', async () => {
      await makeSalesOrder(db, s, [
        { item: s.batchItem, quantity: 12 },
        { item: s.serialItem, quantity: 3 },
      ]);
      const answer = await create(generator, { warehouse: s.warehouse.code });
      expect(answer.status, answer.text).toBe(200);
      const allocations = await allocationsOf(db, answer.json.created[0]);
      expect(allocations.filter((a) => a.line === 0)).toEqual([
        { line: 0, location: s.face.code, batch: s.batches.late.code, serial: null, quantity: 10000 },
        { line: 0, location: s.bulk.code, batch: s.batches.early.code, serial: null, quantity: 2000 },
      ]);
      const serials = allocations.filter((a) => a.line === 1);
      expect(serials.map((a) => a.serial).sort()).toEqual(s.serials.map((x) => x.code).sort());
      expect(serials.every((a) => a.quantity === 1000)).toBe(true);
      await assertPickInvariants(db);
    });

    it('orders by earliest expiry within bulk, whatever the admission; a location pickingStrategy FIFO overrides', async () => {
      const item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const newer = await makeBatch(db, { item, expirationDate: isoDay(20), admissionDate: isoDay(-1) });
      const older = await makeBatch(db, { item, expirationDate: isoDay(200), admissionDate: isoDay(-100) });
      await makeStock(db, { item, location: s.bulk2, batch: newer, onHand: 3 });
      await makeStock(db, { item, location: s.bulk, batch: older, onHand: 3 });
      await makeSalesOrder(db, s, [{ item, quantity: 4 }]);
      const answer = await create(generator, { warehouse: s.warehouse.code });
      expect(answer.status, answer.text).toBe(200);
      expect((await allocationsOf(db, answer.json.created[0])).map((a) => [a.batch, a.quantity])).toEqual([
        [newer.code, 3000],
        [older.code, 1000],
      ]);

      const fifoItem = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const fifo1 = await makeBinLocation(db, { warehouse: s.warehouse, pickingStrategy: 'FIFO', sortingCode: 'D' });
      const fifo2 = await makeBinLocation(db, { warehouse: s.warehouse, pickingStrategy: 'FIFO', sortingCode: 'E' });
      const young = await makeBatch(db, { item: fifoItem, expirationDate: isoDay(20), admissionDate: isoDay(-1) });
      const old = await makeBatch(db, { item: fifoItem, expirationDate: isoDay(200), admissionDate: isoDay(-100) });
      await makeStock(db, { item: fifoItem, location: fifo1, batch: young, onHand: 3 });
      await makeStock(db, { item: fifoItem, location: fifo2, batch: old, onHand: 3 });
      await makeSalesOrder(db, s, [{ item: fifoItem, quantity: 4 }]);
      const second = await create(generator, { warehouse: s.warehouse.code });
      expect(second.status, second.text).toBe(200);
      expect((await allocationsOf(db, second.json.created[0])).map((a) => [a.batch, a.quantity])).toEqual([
        [old.code, 3000],
        [young.code, 1000],
      ]);
      await assertPickInvariants(db);
    });

    it('allocates what is free and leaves the rest as a backorder; a line without stock gets no list line', async () => {
      const empty = await makeItem(db);
      const order = await makeSalesOrder(db, s, [
        { item: s.normalItem, quantity: 40 },
        { item: empty, quantity: 2 },
      ]);
      const answer = await create(generator, {
        warehouse: s.warehouse.code,
        lines: [
          { salesOrder: order.code, lineNumber: 0 },
          { salesOrder: order.code, lineNumber: 1 },
        ],
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.backorders).toEqual([
        { salesOrder: order.code, lineNumber: 0, item: s.normalItem.code, quantity: 5 },
        { salesOrder: order.code, lineNumber: 1, item: empty.code, quantity: 2 },
      ]);
      const allocations = await allocationsOf(db, answer.json.created[0]);
      expect(allocations.reduce((sum, a) => sum + a.quantity, 0)).toBe(35000);
      expect(allocations.every((a) => a.line === 0)).toBe(true);
      expect(await releasedOfOrder(db, order.id)).toEqual([35000, 0]);
      await assertPickInvariants(db);

      const again = await create(generator, { warehouse: s.warehouse.code });
      expect(again.status).toBe(422);
      expect(errorOf(again).key).toBe('nothingToCreate');
      await assertPickInvariants(db);
    });

    it('groups per order by default and per customer and ship-to when asked, with head data from the order', async () => {
      const a = await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 1, extras: { route: 'R1' } }], {
        shipDate: isoDay(1),
        priority: 7,
      });
      const b = await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 2 }], { shipDate: isoDay(3) });
      const byRoute = await create(generator, { warehouse: s.warehouse.code, route: 'r1' });
      expect(byRoute.status, byRoute.text).toBe(200);
      expect(byRoute.json.created).toHaveLength(1);
      const head = await db
        .selectFrom('document as d')
        .innerJoin('pick_list as p', 'p.document_id', 'd.id')
        .select(['d.code', 'd.status', 'd.ship_date', 'd.priority', 'd.business_partner_id', 'p.route', 'p.origin'])
        .where('d.code', '=', byRoute.json.created[0])
        .executeTakeFirstOrThrow();
      expect(head).toMatchObject({
        status: 'RELEASED',
        ship_date: isoDay(1),
        priority: 7,
        route: 'R1',
        origin: 'SALES_ORDER',
      });
      expect(head.code).toMatch(/^PL-\d{6,}$/);
      expect(await releasedOfOrder(db, b.id)).toEqual([0]);
      expect(await releasedOfOrder(db, a.id)).toEqual([1000]);

      await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 3 }], { shipDate: isoDay(3) });
      const grouped = await create(generator, { warehouse: s.warehouse.code, groupBy: 'CUSTOMER_SHIP_TO' });
      expect(grouped.status, grouped.text).toBe(200);
      expect(grouped.json.created).toHaveLength(1);
      await assertPickInvariants(db);
    });
  });

  describe('the creation lock', () => {
    it('answers 409 picklistCreationLocked {username, since} while another run holds the lock', async () => {
      const s = await pickScene(db);
      await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 1 }]);
      await db
        .insertInto('picklist_creation_lock')
        .values({
          lock_key: s.warehouse.code,
          user_id: cast.generator2.user.id,
          username: cast.generator2.user.username,
          session_id: null,
          since: new Date().toISOString(),
        })
        .execute();
      const refused = await create(generator, { warehouse: s.warehouse.code });
      expect(refused.status).toBe(409);
      expect(errorOf(refused)).toMatchObject({
        key: 'picklistCreationLocked',
        args: { username: cast.generator2.user.username },
      });
      await db.deleteFrom('picklist_creation_lock').where('lock_key', '=', s.warehouse.code).execute();
      expect((await create(generator, { warehouse: s.warehouse.code })).status).toBe(200);
      expect(await db.selectFrom('picklist_creation_lock').selectAll().execute()).toEqual([]);
      await assertPickInvariants(db);
    });

    it('lets one of two concurrent runs create; the other is locked out or finds nothing left', async () => {
      const s = await pickScene(db);
      for (let i = 0; i < 15; i += 1)
        await makeSalesOrder(db, s, [
          { item: s.normalItem, quantity: 1 },
          { item: s.batchItem, quantity: 1 },
        ]);
      const answers = await Promise.all([
        create(generator, { warehouse: s.warehouse.code }),
        create(cast.generator2.client, { warehouse: s.warehouse.code }),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      const other = answers.find((a) => a.status !== 200) ?? answers[1];
      if (other.status === 409) {
        expect(errorOf(other).key).toBe('picklistCreationLocked');
        expect([cast.generator.user.username, cast.generator2.user.username]).toContain(
          (errorOf(other).args as { username?: string }).username,
        );
      } else {
        expect(errorOf(other).key).toBe('nothingToCreate');
      }
      await assertPickInvariants(db);
    });

    it('with locking NONE two concurrent runs never plan one order line twice', async () => {
      await setLocking('NONE');
      const s = await pickScene(db);
      const orders = [];
      for (let i = 0; i < 10; i += 1) orders.push(await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 2 }]));
      const answers = await Promise.all([
        create(generator, { warehouse: s.warehouse.code }),
        create(cast.generator2.client, { warehouse: s.warehouse.code }),
      ]);
      for (const a of answers) expect([200, 422], a.text).toContain(a.status);
      const created = answers.flatMap((a) => (a.status === 200 ? (a.json.created as string[]) : []));
      expect(created).toHaveLength(10);
      for (const order of orders) expect(await releasedOfOrder(db, order.id)).toEqual([2000]);
      await assertPickInvariants(db);
    });

    it('is locked and unlocked by its holder or an admin, and ends with the holder session', async () => {
      const s = await pickScene(db);
      await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 1 }]);
      const body = { warehouse: s.warehouse.code };
      const state = () =>
        cast.viewer.client.get(`${pickListPath}/lock?warehouse=${encodeURIComponent(s.warehouse.code)}`);
      expect((await state()).json).toMatchObject({ locking: 'PER_KEY', locked: false, username: null });

      const locked = await generator.post(`${pickListPath}/lock`, body);
      expect(locked.status, locked.text).toBe(200);
      expect(locked.json).toMatchObject({ locked: true, username: cast.generator.user.username });
      const other = await create(cast.generator2.client, body);
      expect(other.status).toBe(409);
      expect(errorOf(other).args).toMatchObject({ username: cast.generator.user.username });
      expect((await cast.generator2.client.post(`${pickListPath}/lock`, body)).status).toBe(409);
      expect((await cast.generator2.client.post(`${pickListPath}/unlock`, body)).status).toBe(409);
      // The holder's own run passes its lock, which stays.
      expect((await create(generator, body)).status).toBe(200);
      expect((await state()).json.locked).toBe(true);

      const unlocked = await cast.admin.client.post(`${pickListPath}/unlock`, body);
      expect(unlocked.status, unlocked.text).toBe(200);
      expect(unlocked.json.locked).toBe(false);

      expect((await generator.post(`${pickListPath}/lock`, body)).status).toBe(200);
      expect((await generator.post(`${pickListPath}/unlock`, body)).json.locked).toBe(false);

      // A lock whose holder's session ended is gone.
      const session = await pickClients(t);
      expect((await session.generator.client.post(`${pickListPath}/lock`, body)).status).toBe(200);
      await db.deleteFrom('user_session').where('user_id', '=', session.generator.user.id).execute();
      expect((await state()).json.locked).toBe(false);

      await setLocking('GLOBAL');
      expect((await generator.post(`${pickListPath}/lock`, body)).json).toMatchObject({
        locking: 'GLOBAL',
        locked: true,
      });
      const elsewhere = await pickScene(db);
      expect((await create(cast.generator2.client, { warehouse: elsewhere.warehouse.code })).status).toBe(409);
      expect((await generator.post(`${pickListPath}/unlock`, body)).json.locked).toBe(false);
    });
  });

  describe('broken lines and re-allocation', () => {
    it('lists a line whose location was blocked, and re-allocates it elsewhere', async () => {
      const s = await pickScene(db);
      await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 6 }]);
      const code = (await create(generator, { warehouse: s.warehouse.code })).json.created[0] as string;
      await db.updateTable('bin_location').set({ block_stock_movements: 1 }).where('id', '=', s.face.id).execute();
      const broken = await cast.viewer.client.get(`${pickListPath}/broken`);
      expect(broken.status, broken.text).toBe(200);
      expect(broken.json.find((b: { code: string }) => b.code === code)).toEqual({
        code,
        lineNumber: 0,
        item: s.normalItem.code,
        openQuantity: 6,
        allocatedQuantity: 6,
        uncovered: [{ location: s.face.code, batch: null, missing: 5 }],
      });
      const answer = await generator.post(`${pickListAt(code)}/reallocate`);
      expect(answer.status, answer.text).toBe(200);
      expect(await allocationsOf(db, code)).toEqual([
        { line: 0, location: s.bulk.code, batch: null, serial: null, quantity: 6000 },
      ]);
      const after = await cast.viewer.client.get(`${pickListPath}/broken`);
      expect(after.json.find((b: { code: string }) => b.code === code)).toBeUndefined();
      await assertPickInvariants(db);
    });

    it('lists an allocation its stock row no longer holds and re-allocates it', async () => {
      const s = await pickScene(db);
      await makeSalesOrder(db, s, [{ item: s.batchItem, quantity: 3 }]);
      const code = (await create(generator, { warehouse: s.warehouse.code })).json.created[0] as string;
      // A correction outside pick lists took 2 of the row's released stock.
      await db
        .updateTable('stock')
        .set({ released_qty: 1000 })
        .where('item_id', '=', s.batchItem.id)
        .where('batch_id', '=', s.batches.late.id)
        .execute();
      const broken = (await cast.viewer.client.get(`${pickListPath}/broken`)).json.find(
        (b: { code: string }) => b.code === code,
      );
      expect(broken.uncovered).toEqual([{ location: s.face.code, batch: s.batches.late.code, missing: 2 }]);
      expect((await generator.post(`${pickListAt(code)}/reallocate`)).status).toBe(200);
      const allocations = await allocationsOf(db, code);
      expect(allocations.reduce((sum, a) => sum + a.quantity, 0)).toBe(3000);
      await assertPickInvariants(db);
    });

    it('refuses re-allocation of an unknown list', async () => {
      const answer = await generator.post(`${pickListAt('PL-NOPE')}/reallocate`);
      expect(answer.status).toBe(404);
      expect(errorOf(answer).key).toBe('unknownDocument');
    });
  });

  describe('planning area', () => {
    it('lists open order lines with released quantity and free stock', async () => {
      const s = await pickScene(db);
      const order = await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 4 }]);
      await create(generator, { warehouse: s.warehouse.code });
      const answer = await generator.get(`/api/v1/ppm/lines?warehouse=${encodeURIComponent(s.warehouse.code)}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.lines.find((l: { salesOrder: string }) => l.salesOrder === order.code)).toMatchObject({
        lineNumber: 0,
        customer: { code: s.customer.code },
        item: s.normalItem.code,
        openQuantity: 4,
        releasedQuantity: 4,
        freeStock: 31,
      });
      expect(answer.json.truncated).toBe(false);
    });
  });

  it('refuses every route to a user without picklistGenerator (viewers may read the lock and broken lines)', async () => {
    const s = await pickScene(db);
    const body = { warehouse: s.warehouse.code };
    for (const client of [cast.outsider.client, cast.picker.client]) {
      expect((await create(client, body)).status).toBe(403);
      expect((await client.post(`${pickListPath}/lock`, body)).status).toBe(403);
      expect((await client.post(`${pickListPath}/unlock`, body)).status).toBe(403);
      expect((await client.post(`${pickListAt('PL-000001')}/reallocate`)).status).toBe(403);
      expect((await client.get('/api/v1/ppm/lines')).status).toBe(403);
    }
    expect((await cast.outsider.client.get(`${pickListPath}/broken`)).status).toBe(403);
    expect((await cast.outsider.client.get(`${pickListPath}/lock`)).status).toBe(403);
    expect((await cast.viewer.client.post(`${pickListPath}/create`, body)).status).toBe(403);
  });
});
