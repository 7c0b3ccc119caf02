import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeBinLocation, type BinLocation } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  assertPickInvariants,
  makeSalesOrder,
  newPickKey,
  pickClient,
  pickListAt,
  pickListPath,
  pickScene,
  type PickScene,
} from '../pick-lists/pick-lists.test-helper.js';

/** Pick and collect (decision 0184): the cart session over several lists, slots, the merged walk. */
describe('pick and collect', () => {
  let t: TestApp;
  let db: Db;
  let generator: HttpClient;
  let collector: HttpClient;
  let collector2: HttpClient;
  let picker: HttpClient;
  let s: PickScene;
  let cart: BinLocation;
  let lists: string[];

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    generator = (await pickClient(t, ['picklistGenerator'])).client;
    collector = (await pickClient(t, ['pickAndCollect'])).client;
    collector2 = (await pickClient(t, ['pickAndCollect'])).client;
    picker = (await pickClient(t, ['picking'])).client;
  });
  afterAll(async () => t.close());

  beforeEach(async () => {
    // Each test walks its own warehouse; claims (and with them cart slots) of the last test go.
    await db.deleteFrom('claim').execute();
    s = await pickScene(db);
    cart = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'MOBILE' });
    // Two orders of the normal item: the face holds 5, so the second list also walks to bulk.
    await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 3 }], { priority: 5 });
    await makeSalesOrder(db, s, [{ item: s.normalItem, quantity: 3 }], { priority: 1 });
    const created = await generator.post(`${pickListPath}/create`, { warehouse: s.warehouse.code });
    expect(created.status, created.text).toBe(200);
    lists = created.json.created as string[];
    expect(lists).toHaveLength(2);
  });

  const start = (client: HttpClient, body: Record<string, unknown>) =>
    client.post('/api/v1/pick_and_collect/start', body);
  const slot = (client: HttpClient, body: Record<string, unknown>) =>
    client.post('/api/v1/pick_and_collect/slot', body);
  const pickInto = (client: HttpClient, list: string, location: string, quantity: number, containerCode: string) =>
    client.post(`${pickListAt(list)}/pick`, {
      idempotencyKey: newPickKey(),
      lineNumber: 0,
      fromLocation: location,
      quantity,
      containerCode,
    });

  it('claims the next lists into slots by priority, with one walk merged by location', async () => {
    const answer = await start(collector, { cart: cart.code, count: 6 });
    expect(answer.status, answer.text).toBe(200);
    const byPriority = (
      await db.selectFrom('document').select(['code']).where('code', 'in', lists).orderBy('priority', 'desc').execute()
    ).map((r) => r.code);
    expect(answer.json.cart).toBe(cart.code);
    expect(answer.json.slots.map((x: { slot: string; pickList: string }) => [x.slot, x.pickList])).toEqual([
      ['A', byPriority[0]],
      ['B', byPriority[1]],
    ]);
    // The face (sorting code A) first for both lists, then bulk (B) for the rest of slot B.
    expect(
      answer.json.walk.map((w: { slot: string; location: string; quantity: number }) => [
        w.slot,
        w.location,
        w.quantity,
      ]),
    ).toEqual([
      ['A', s.face.code, 3],
      ['B', s.face.code, 2],
      ['B', s.bulk.code, 1],
    ]);
    const claims = await db.selectFrom('claim').select(['kind']).where('kind', '=', 'PICK_AND_COLLECT').execute();
    expect(claims).toHaveLength(1);

    // Resumed as it was.
    const current = await collector.get('/api/v1/pick_and_collect/current');
    expect(current.json.session).toEqual(answer.json);
    // Starting again on the same cart answers the running session.
    expect((await start(collector, { cart: cart.code })).json).toEqual(answer.json);
  });

  it('keeps one cart to one picker and one list to one claim', async () => {
    expect((await start(collector, { cart: cart.code, pickLists: [lists[0]] })).status).toBe(200);
    const inUse = await start(collector2, { cart: cart.code, pickLists: [lists[1]] });
    expect(errorOf(inUse)).toMatchObject({ status: 409, key: 'cartInUse', args: { cart: cart.code } });
    const otherCart = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'MOBILE' });
    const taken = await start(collector2, { cart: otherCart.code, pickLists: [lists[0]] });
    expect(errorOf(taken)).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
    const running = await start(collector, { cart: otherCart.code });
    expect(errorOf(running)).toMatchObject({ status: 409, key: 'cartSessionRunning', args: { cart: cart.code } });
    // Nothing of the refused starts stayed behind.
    expect(await db.selectFrom('pick_cart_slot').select('slot').execute()).toHaveLength(1);
  });

  it('refuses what is no cart, no list to collect, and callers without pickAndCollect', async () => {
    expect(errorOf(await start(collector, { cart: 'NO-SUCH-CART' }))).toMatchObject({
      status: 404,
      key: 'unknownLocation',
    });
    expect(errorOf(await start(collector, { cart: s.bulk.code }))).toMatchObject({
      status: 422,
      key: 'locationIsNotMobile',
    });
    expect((await start(picker, { cart: cart.code })).status).toBe(403);
    expect((await picker.get('/api/v1/pick_and_collect/current')).status).toBe(403);
    const emptyWarehouse = await pickScene(db);
    const otherCart = await makeBinLocation(db, { warehouse: emptyWarehouse.warehouse, locationType: 'MOBILE' });
    expect(errorOf(await start(collector, { cart: otherCart.code }))).toMatchObject({
      status: 422,
      key: 'noPicklistsToCollect',
    });
    expect(errorOf(await start(collector, { cart: otherCart.code, pickLists: [lists[0]] }))).toMatchObject({
      status: 422,
      key: 'picklistOtherWarehouse',
    });
  });

  it('puts each list into its own slot container; a wrong slot changes nothing', async () => {
    const session = (await start(collector, { cart: cart.code, count: 2 })).json;
    const [a, b] = session.slots as { slot: string; pickList: string }[];
    expect((await slot(collector, { slot: 'A', container: 'TOTE-A1' })).status).toBe(200);
    const twice = await slot(collector, { slot: 'B', container: 'TOTE-A1' });
    expect(errorOf(twice)).toMatchObject({ status: 422 });
    expect(['slotAlreadyUsedByOtherPicklist', 'containerBelongsToOtherPicklist']).toContain(twice.json.key);
    expect(errorOf(await slot(collector, { slot: 'C', container: 'TOTE-C1' }))).toMatchObject({
      status: 422,
      key: 'unknownSlot',
    });
    const withB = await slot(collector, { slot: 'B', container: 'TOTE-B1' });
    expect(withB.json.slots.map((x: { container: string | null }) => x.container)).toEqual(['TOTE-A1', 'TOTE-B1']);

    // B's goods into A's tote: refused, nothing moved.
    const wrong = await pickInto(collector, b!.pickList, s.face.code, 2, 'TOTE-A1');
    expect(errorOf(wrong)).toMatchObject({ status: 422, key: 'wrongSlotScanned', args: { expected: 'B' } });
    await assertPickInvariants(db);
    expect((await pickInto(collector, a!.pickList, s.face.code, 3, 'TOTE-A1')).status).toBe(200);
    expect((await pickInto(collector, b!.pickList, s.face.code, 2, 'TOTE-B1')).status).toBe(200);
    await assertPickInvariants(db);
    const walk = (await collector.get('/api/v1/pick_and_collect/current')).json.session.walk;
    expect(walk.map((w: { slot: string; location: string }) => [w.slot, w.location])).toEqual([['B', s.bulk.code]]);
  });

  it('detaches one list and finishes the walk, leaving open lists unclaimed', async () => {
    const session = (await start(collector, { cart: cart.code, count: 2 })).json;
    const [a, b] = session.slots as { pickList: string }[];
    const detached = await collector.post('/api/v1/pick_and_collect/detach', { pickList: a!.pickList });
    expect(detached.status, detached.text).toBe(200);
    expect(detached.json.session.slots.map((x: { pickList: string }) => x.pickList)).toEqual([b!.pickList]);
    const holders = await db.selectFrom('claim_object').select('object_id').execute();
    expect(holders).toHaveLength(1);

    const finished = await collector.post('/api/v1/pick_and_collect/finish', { cartFull: true });
    expect(finished.status, finished.text).toBe(200);
    expect(finished.json.pickLists).toEqual([{ code: b!.pickList, status: 'RELEASED' }]);
    expect(await db.selectFrom('claim_object').select('object_id').execute()).toHaveLength(0);
    expect(await db.selectFrom('pick_cart_slot').select('slot').execute()).toHaveLength(0);
    expect((await collector.get('/api/v1/pick_and_collect/current')).json.session).toBeNull();
    // The cart is free for someone else.
    expect((await start(collector2, { cart: cart.code, count: 1 })).status).toBe(200);
  });
});
