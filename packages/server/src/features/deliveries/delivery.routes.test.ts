import type { Delivery, DeliveryCreateAnswer, DeliveryPage, PickList } from '@wms/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { detailOf } from '../pick-lists/pick-list-pick.test-helper.js';
import { assertPickInvariants } from '../pick-lists/pick-lists.test-helper.js';
import {
  deliveredList,
  deliveryAt,
  deliveryCast,
  deliveryPath,
  newKey,
  ok,
  packedList,
  pickedList,
  setPackVerification,
  type DeliveryCast,
} from './deliveries.test-helper.js';

/** Delivery creation and cancel (PROCESSES.md 3.7 "Delivery", "States"; decision 0185). */
describe('delivery routes', () => {
  let t: TestApp;
  let db: Db;
  let cast: DeliveryCast;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    cast = await deliveryCast(t);
  });
  afterAll(async () => t.close());
  beforeEach(async () => setPackVerification(t, 'NONE'));

  const create = (pickList: string, idempotencyKey = newKey()) =>
    cast.packer.post(`${deliveryPath}/create`, { idempotencyKey, pickList });

  async function containerRows(codes: readonly string[]) {
    return db
      .selectFrom('shipping_container')
      .select(['code', 'status', 'delivery_id', 'bin_location_id', 'pick_list_id'])
      .where('code', 'in', [...codes])
      .orderBy('code')
      .execute();
  }
  async function stockIn(binIds: readonly number[]) {
    const rows = await db
      .selectFrom('stock')
      .select(['on_hand_qty', 'pick_qty'])
      .where('bin_location_id', 'in', [...binIds])
      .execute();
    return rows.reduce(
      (sum, r) => ({ onHand: sum.onHand + Number(r.on_hand_qty), pick: sum.pick + Number(r.pick_qty) }),
      { onHand: 0, pick: 0 },
    );
  }
  async function onHandTotal(itemIds: readonly number[]) {
    const rows = await db
      .selectFrom('stock')
      .select('on_hand_qty')
      .where('item_id', 'in', [...itemIds])
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.on_hand_qty), 0);
  }
  async function salesOrderOpen(orderId: number) {
    const rows = await db
      .selectFrom('document_line')
      .select(['open_quantity', 'released_quantity'])
      .where('document_id', '=', orderId)
      .orderBy('line_number')
      .execute();
    return rows.map((r) => [Number(r.open_quantity), Number(r.released_quantity)]);
  }

  it('issues exactly the picked stock: containers empty, order down, list CLOSED, containers DELIVERED, outbox', async () => {
    const packed = await packedList(t, cast);
    const items = [packed.scene.normalItem.id, packed.scene.batchItem.id];
    const before = await onHandTotal(items);
    const bins = (await containerRows(packed.containers)).map((c) => c.bin_location_id);
    expect(await stockIn(bins)).toEqual({ onHand: 5000, pick: 5000 });
    const listed = ok(await cast.packer.get(`${deliveryPath}/packed?limit=500`)).json as { rows: { code: string }[] };
    expect(listed.rows.map((r) => r.code)).toContain(packed.code);

    const answer = ok(await create(packed.code)).json as DeliveryCreateAnswer;
    expect(answer.replayed).toBe(false);
    const [delivery] = answer.deliveries as [Delivery];
    expect(delivery).toMatchObject({ status: 'CREATED', pickList: packed.code });
    expect([delivery.containers.length, delivery.lines.length]).toEqual([2, 2]);
    expect(delivery.code).toMatch(/^DL-/);
    expect(delivery.lines.map((l) => [l.item, l.quantity, l.salesOrderLine])).toEqual([
      [packed.scene.normalItem.code, 3, 0],
      [packed.scene.batchItem.code, 2, 1],
    ]);
    expect(delivery.containers.flatMap((c) => c.contents.map((x) => x.quantity)).sort()).toEqual([2, 3]);

    expect(await stockIn(bins)).toEqual({ onHand: 0, pick: 0 });
    expect(await onHandTotal(items)).toBe(before - 5000);
    await expectStockInvariants(db, items, before - 5000);
    const ledger = await db
      .selectFrom('stock_ledger')
      .select(['quantity', 'document_type', 'bin_location_id'])
      .where('transaction_type', '=', 'DELIVERY')
      .where('document_code', '=', delivery.code)
      .execute();
    expect(ledger.every((r) => r.document_type === 'DELIVERY' && bins.includes(r.bin_location_id))).toBe(true);
    expect(ledger.reduce((sum, r) => sum + Number(r.quantity), 0)).toBe(-5000);
    expect(await salesOrderOpen(packed.orderId)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const list: PickList = await detailOf(cast.picker, packed.code);
    expect(list.status).toBe('CLOSED');
    const containers = await containerRows(packed.containers);
    expect(containers.map((c) => c.status)).toEqual(['DELIVERED', 'DELIVERED']);
    const deliveryRow = await db
      .selectFrom('document')
      .select('id')
      .where('type', '=', 'DELIVERY')
      .where('code', '=', delivery.code)
      .executeTakeFirstOrThrow();
    expect(containers.every((c) => c.delivery_id === deliveryRow.id)).toBe(true);
    const outbox = await db
      .selectFrom('erp_outbox')
      .select(['kind'])
      .where('document_type', '=', 'DELIVERY')
      .where('document_code', '=', delivery.code)
      .execute();
    expect(outbox).toEqual([{ kind: 'DELIVERY_CREATED' }]);

    const detail = ok(await cast.packer.get(deliveryAt(delivery.code))).json as Delivery;
    expect(detail).toMatchObject({ code: delivery.code, createdBy: expect.any(String), dispatchedAt: null });
    const page = ok(await cast.packer.get(`${deliveryPath}/all?pickList=${packed.code}`)).json as DeliveryPage;
    expect(page.rows.map((r) => [r.code, r.containers, r.lines])).toEqual([[delivery.code, 2, 2]]);
    await assertPickInvariants(db);
  });

  it('a replayed delivery creates one document; a second key for a delivered list is refused', async () => {
    const packed = await packedList(t, cast);
    const key = newKey();
    const first = ok(await create(packed.code, key)).json as DeliveryCreateAnswer;
    const again = ok(await create(packed.code, key)).json as DeliveryCreateAnswer;
    expect(again.replayed).toBe(true);
    expect(again.deliveries.map((d) => d.code)).toEqual(first.deliveries.map((d) => d.code));
    expect(errorOf(await create(packed.code))).toEqual({
      status: 422,
      key: 'picklistNotInStatus',
      args: { status: 'CLOSED' },
    });
    expect(await deliveriesOf(packed.code)).toBe(1);
  });

  async function deliveriesOf(pickList: string): Promise<number> {
    const page = ok(await cast.packer.get(`${deliveryPath}/all?pickList=${pickList}`)).json as DeliveryPage;
    return page.total;
  }

  it('two concurrent deliveries of one list make one document', async () => {
    const packed = await packedList(t, cast);
    const answers = await Promise.all([create(packed.code), create(packed.code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await deliveriesOf(packed.code)).toBe(1);
    await assertPickInvariants(db);
  });

  it('refuses a list that is not packed', async () => {
    const picked = await pickedList(db, cast, { close: true });
    expect(errorOf(await create(picked.code))).toMatchObject({ status: 422, key: 'picklistNotPacked' });
  });

  it('cancel puts the stock back into its containers under a new PICKED list and raises the order again', async () => {
    const delivered = await deliveredList(t, cast);
    const items = [delivered.scene.normalItem.id, delivered.scene.batchItem.id];
    const total = await onHandTotal(items);
    const path = `${deliveryAt(delivered.delivery)}/cancel`;
    expect((await cast.packer.post(path, { version: delivered.deliveryVersion })).status).toBe(403);
    expect(errorOf(await cast.manager.post(path, { version: delivered.deliveryVersion - 1 })).status).toBe(412);
    const answer = ok(await cast.manager.post(path, { version: delivered.deliveryVersion, comment: 'wrong truck' }))
      .json as { delivery: Delivery; pickList: string };
    expect(answer.delivery).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: expect.any(String),
      comment: 'wrong truck',
    });
    expect(answer.pickList).not.toBe(delivered.code);
    const reopened = await detailOf(cast.picker, answer.pickList);
    expect(reopened).toMatchObject({ status: 'PICKED', packed: true });
    expect(reopened.lines.map((l) => [l.pickedQuantity, l.openQuantity])).toEqual([
      [3, 0],
      [2, 0],
    ]);
    expect((await detailOf(cast.picker, delivered.code)).status).toBe('CLOSED');
    const containers = await containerRows(delivered.containers);
    expect(containers.map((c) => c.status)).toEqual(['CLOSED', 'CLOSED']);
    expect(await stockIn(containers.map((c) => c.bin_location_id))).toEqual({ onHand: 5000, pick: 5000 });
    expect(await onHandTotal(items)).toBe(total + 5000);
    await expectStockInvariants(db, items, total + 5000);
    expect(await salesOrderOpen(delivered.orderId)).toEqual([
      [3000, 3000],
      [2000, 2000],
    ]);
    const again = await cast.manager.post(path, { version: answer.delivery.version });
    expect(errorOf(again)).toMatchObject({ status: 422, key: 'invalidStatusTransition' });
    await assertPickInvariants(db);
    // The reopened list can be delivered again.
    const redelivered = ok(await create(answer.pickList)).json as DeliveryCreateAnswer;
    expect(redelivered.deliveries[0]!.lines.map((l) => l.quantity)).toEqual([3, 2]);
    await assertPickInvariants(db);
  });

  it('refuses to cancel a dispatched delivery', async () => {
    const delivered = await deliveredList(t, cast);
    await db.updateTable('document').set({ status: 'DISPATCHED' }).where('code', '=', delivered.delivery).execute();
    const answer = await cast.manager.post(`${deliveryAt(delivered.delivery)}/cancel`, {
      version: delivered.deliveryVersion,
    });
    expect(errorOf(answer)).toMatchObject({ status: 422, key: 'deliveryAlreadyDispatched' });
  });

  it('keeps the /pack, /pack_and_delivery and /delivery counters on the lists to pack and to deliver', async () => {
    const counter = async (path: string) =>
      Number(
        (
          await db
            .selectFrom('notification_counter')
            .select('count')
            .where('path', '=', path)
            .where('user_id', '=', 0)
            .executeTakeFirst()
        )?.count ?? -1,
      );
    const lists = async (packed: number) =>
      Number(
        (
          await db
            .selectFrom('document as d')
            .innerJoin('pick_list as p', 'p.document_id', 'd.id')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('d.status', '=', 'PICKED')
            .where('p.packed', '=', packed)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const picked = await pickedList(db, cast, { close: true });
    expect(await counter('/pack')).toBe(await lists(0));
    expect(await counter('/pack_and_delivery')).toBe(await lists(0));
    const before = await counter('/delivery');
    const packed = await packedList(t, cast);
    expect(await counter('/delivery')).toBe(before + 1);
    expect(await counter('/delivery')).toBe(await lists(1));
    ok(await create(packed.code));
    expect(await counter('/delivery')).toBe(before);
    expect(picked.code).toBeTruthy();
  });

  it('answers 403 to a user without the delivery role on each route', async () => {
    const calls = [
      cast.outsider.get(`${deliveryPath}/packed`),
      cast.outsider.post(`${deliveryPath}/create`, { idempotencyKey: newKey(), pickList: 'PL-1' }),
      cast.outsider.get(`${deliveryPath}/all`),
      cast.outsider.get(deliveryAt('DL-000001')),
      cast.outsider.post(`${deliveryAt('DL-000001')}/cancel`, { version: 1 }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status, answer.text).toBe(403);
  });
});
