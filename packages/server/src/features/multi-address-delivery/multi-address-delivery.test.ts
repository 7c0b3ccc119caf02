import type { Delivery, PackOpenAnswer, PutWallPutAnswer, PutWallTarget, PutWallView } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { deliveryAt, deliveryCast, newKey, ok, type DeliveryCast } from '../deliveries/deliveries.test-helper.js';
import { claimList, detailOf, listOf, pickCall } from '../pick-lists/pick-list-pick.test-helper.js';
import { assertPickInvariants, pickClient, pickScene, type PickScene } from '../pick-lists/pick-lists.test-helper.js';

const path = '/api/v1/multi_address_delivery';
const at = (code: string) => `${path}/${encodeURIComponent(code)}`;
const store = (n: number, postcode: string) => ({
  name: `Store ${n}`,
  street: `Market ${n}`,
  postcode,
  city: 'Utrecht',
  countryCode: 'NL',
});
const stores = [store(12, '3511 AB'), store(14, '3512 CD'), store(17, '3513 EF')];

/** The put wall (PROCESSES.md 3.10; decision 0188). */
describe('multi-address delivery', () => {
  let t: TestApp;
  let db: Db;
  let cast: DeliveryCast;
  let putter: HttpClient;
  let scene: PickScene;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    cast = await deliveryCast(t);
    putter = (await pickClient(t, ['multiAddressDeliveries'])).client;
    scene = await pickScene(db);
  });
  afterAll(async () => t.close());

  async function onHandTotal(itemId: number): Promise<number> {
    const rows = await db.selectFrom('stock').select('on_hand_qty').where('item_id', '=', itemId).execute();
    return rows.reduce((sum, r) => sum + Number(r.on_hand_qty), 0);
  }

  /** A sales order of the normal item with lines of 2, 3 and 1 to three stores, listed and picked into one cart. */
  async function pickedMultiAddressList(quantities = [2, 3, 1]) {
    const made = await listOf(
      db,
      cast.generator,
      scene,
      quantities.map((quantity, index) => ({
        item: scene.normalItem,
        quantity,
        extras: { shipTo: stores[index] },
      })),
    );
    await claimList(cast.picker, made.code);
    const cart = uniqueCode('CART-');
    for (const line of (await detailOf(cast.picker, made.code)).lines) {
      for (const allocation of line.allocations) {
        ok(
          await pickCall(cast.picker, made.code, {
            lineNumber: line.lineNumber,
            fromLocation: allocation.location,
            batch: allocation.batch,
            quantity: allocation.quantity,
            containerCode: cart,
          }),
        );
      }
    }
    return { code: made.code, cart };
  }

  const locate = async (code: string) =>
    ok(await putter.post(`${at(code)}/locate`, { item: scene.normalItem.code })).json as PutWallTarget;
  const put = (code: string, container: string, idempotencyKey = newKey()) =>
    putter.post(`${at(code)}/put`, { idempotencyKey, item: scene.normalItem.code, container });

  it('splits the units of one item over three addresses into three deliveries', async () => {
    const list = await pickedMultiAddressList();
    let total = await onHandTotal(scene.normalItem.id);
    const view = ok(await putter.post(`${path}/start`, { scan: list.cart })).json as PutWallView;
    expect(view.slots.map((s) => [s.slot, s.name, s.lines[0]?.due])).toEqual([
      ['A', 'Store 12', 2],
      ['B', 'Store 14', 3],
      ['C', 'Store 17', 1],
    ]);
    const boxes: Record<string, string> = { A: uniqueCode('PW-A-'), B: uniqueCode('PW-B-'), C: uniqueCode('PW-C-') };
    const deliveries: string[] = [];
    for (let unit = 0; unit < 6; unit += 1) {
      const target = await locate(list.code);
      const answer = ok(await put(list.code, boxes[target.slot]!)).json as PutWallPutAnswer;
      expect(answer.target).toMatchObject({ slot: target.slot, put: target.put + 1, due: target.due });
      if (answer.delivery !== null) {
        deliveries.push(answer.delivery);
        total -= answer.target.due * 1000;
      }
      await expectStockInvariants(db, [scene.normalItem.id], total);
      await assertPickInvariants(db);
    }
    expect(deliveries).toHaveLength(3);
    const made = await Promise.all(
      deliveries.map(async (code) => ok(await cast.packer.get(deliveryAt(code))).json as Delivery),
    );
    const byStore = made
      .map((d) => [(d.shipTo as { name: string }).name, d.lines.reduce((sum, l) => sum + l.quantity, 0)])
      .sort();
    expect(byStore).toEqual([
      ['Store 12', 2],
      ['Store 14', 3],
      ['Store 17', 1],
    ]);
    const final = ok(await putter.get(at(list.code))).json as PutWallView;
    expect(final.done).toBe(true);
    expect(final.pickList.status).toBe('CLOSED');
    const salesLines = await db
      .selectFrom('document_line as l')
      .innerJoin('pick_list_line as p', 'p.source_line_id', 'l.id')
      .innerJoin('document as d', 'd.id', 'p.document_id')
      .select(['l.open_quantity', 'l.released_quantity'])
      .where('d.code', '=', list.code)
      .execute();
    expect(salesLines.map((l) => [Number(l.open_quantity), Number(l.released_quantity)])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses a unit no open address needs, a wrong slot container, and moves a replayed put once', async () => {
    const list = await pickedMultiAddressList([1, 1]);
    const openCodes = async () =>
      (ok(await cast.packer.get('/api/v1/pack/open?limit=500')).json as PackOpenAnswer).rows.map((r) => r.code);
    expect(await openCodes()).toContain(list.code);
    ok(await putter.post(`${path}/start`, { scan: list.code }));
    // Sorted on the put wall: no list to pack any more.
    expect(await openCodes()).not.toContain(list.code);
    expect(errorOf(await cast.packer.post('/api/v1/pack/start', { scan: list.code }))).toMatchObject({
      status: 422,
      key: 'picklistOnPutWall',
      args: { picklist: list.code },
    });
    expect(errorOf(await putter.post(`${at(list.code)}/locate`, { item: scene.batchItem.code }))).toMatchObject({
      status: 422,
      key: 'itemNotForAnyOpenAddress',
    });
    const first = await locate(list.code);
    expect(first).toMatchObject({ slot: 'A', name: 'Store 12', put: 0, due: 1 });
    const boxA = uniqueCode('PW-A-');
    // A is due one unit: the cart's code is no container for a slot.
    expect(errorOf(await put(list.code, list.cart))).toMatchObject({
      status: 422,
      key: 'wrongSlotScanned',
      args: { expected: 'A' },
    });
    const key = newKey();
    const total = await onHandTotal(scene.normalItem.id);
    const ledger = async () =>
      Number(
        (
          await db
            .selectFrom('stock_ledger')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const answer = ok(await put(list.code, boxA, key)).json as PutWallPutAnswer;
    expect(answer.delivery).not.toBeNull();
    const rows = await ledger();
    const replay = ok(await put(list.code, boxA, key)).json as PutWallPutAnswer;
    expect(replay).toMatchObject({ replayed: true, delivery: null });
    expect(await ledger()).toBe(rows);
    await expectStockInvariants(db, [scene.normalItem.id], total - 1000);
    // B's unit into A's (delivered) container: wrong slot.
    expect(errorOf(await put(list.code, boxA))).toMatchObject({
      status: 422,
      key: 'wrongSlotScanned',
      args: { expected: 'B' },
    });
  });

  it('reads a unit scanned by its batch label, its barcode or GS1 data', async () => {
    const gtin = '4006381333931';
    await db
      .updateTable('item')
      .set({ barcode: gtin, barcode_lower: gtin })
      .where('id', '=', scene.batchItem.id)
      .execute();
    const made = await listOf(db, cast.generator, scene, [
      { item: scene.batchItem, quantity: 1, extras: { shipTo: stores[0] } },
      { item: scene.batchItem, quantity: 2, extras: { shipTo: stores[1] } },
    ]);
    await claimList(cast.picker, made.code);
    const cart = uniqueCode('CART-');
    const batches = new Set<string>();
    for (const line of (await detailOf(cast.picker, made.code)).lines) {
      for (const allocation of line.allocations) {
        if (allocation.batch) batches.add(allocation.batch);
        ok(
          await pickCall(cast.picker, made.code, {
            lineNumber: line.lineNumber,
            fromLocation: allocation.location,
            batch: allocation.batch,
            quantity: allocation.quantity,
            containerCode: cart,
          }),
        );
      }
    }
    const [batch] = [...batches];
    expect(batches.size).toBe(1);
    ok(await putter.post(`${path}/start`, { scan: cart }));
    // GS1 naming another batch of the item names no unit in the cart; broken GS1 is refused with its key.
    expect(
      errorOf(await putter.post(`${at(made.code)}/locate`, { item: `(01)0${gtin}(10)NOT-IN-CART` })),
    ).toMatchObject({ status: 422, key: 'itemNotForAnyOpenAddress' });
    expect(errorOf(await putter.post(`${at(made.code)}/locate`, { item: `(01)0${gtin}(37)5` }))).toMatchObject({
      status: 422,
      key: expect.stringMatching(/^gs1/),
    });
    const boxes: Record<string, string> = { A: uniqueCode('PW-A-'), B: uniqueCode('PW-B-') };
    const deliveries: string[] = [];
    for (const scan of [batch!.toLowerCase(), gtin, `(01)0${gtin}(10)${batch!}`]) {
      const target = ok(await putter.post(`${at(made.code)}/locate`, { item: scan })).json as PutWallTarget;
      expect(target.item).toBe(scene.batchItem.code);
      const answer = ok(
        await putter.post(`${at(made.code)}/put`, {
          idempotencyKey: newKey(),
          item: scan,
          container: boxes[target.slot]!,
        }),
      ).json as PutWallPutAnswer;
      if (answer.delivery !== null) deliveries.push(answer.delivery);
      await assertPickInvariants(db);
    }
    expect(deliveries).toHaveLength(2);
  });

  it('refuses a single-address list and callers without the role', async () => {
    const made = await listOf(db, cast.generator, scene, [
      { item: scene.normalItem, quantity: 1, extras: { shipTo: stores[0] } },
    ]);
    await claimList(cast.picker, made.code);
    const [line] = (await detailOf(cast.picker, made.code)).lines;
    for (const allocation of line!.allocations) {
      ok(
        await pickCall(cast.picker, made.code, {
          lineNumber: line!.lineNumber,
          fromLocation: allocation.location,
          batch: allocation.batch,
          quantity: allocation.quantity,
          containerCode: uniqueCode('CART-'),
        }),
      );
    }
    expect(errorOf(await putter.post(`${path}/start`, { scan: made.code }))).toMatchObject({
      status: 422,
      key: 'pickListNotMultiAddress',
    });
    expect(errorOf(await putter.post(`${path}/start`, { scan: 'NO-SUCH-THING' }))).toMatchObject({
      status: 422,
      key: 'unknownPicklistOrContainer',
    });
    expect(errorOf(await putter.get(at('NO-SUCH-LIST')))).toMatchObject({ status: 404, key: 'unknownDocument' });
    expect((await cast.outsider.post(`${path}/start`, { scan: made.code })).status).toBe(403);
    expect((await cast.packer.get(at(made.code))).status).toBe(403);
  });

  it('the demo cart opens a put wall of three stores', async () => {
    const view = ok(await putter.post(`${path}/start`, { scan: 'PUTWALL-CART-1' })).json as PutWallView;
    expect(view.slots.map((s) => [s.slot, s.name, s.lines[0]?.due])).toEqual([
      ['A', 'Store 12', 2],
      ['B', 'Store 14', 3],
      ['C', 'Store 17', 1],
    ]);
    // The demo item's 20 units: 14 in 01-BK-02, 6 picked in the cart; ledger and balances agree.
    const item = await db
      .selectFrom('item')
      .select('id')
      .where('code', '=', 'PUTWALL-DEMO-01')
      .executeTakeFirstOrThrow();
    await expectStockInvariants(db, [item.id], 20_000);
  });
});
