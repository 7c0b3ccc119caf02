import type { Load, LoadContainerAnswer, NotDispatchedAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { pickClient } from '../pick-lists/pick-lists.test-helper.js';
import { syncDispatchCounter } from './delivery-dispatch-live.js';
import {
  dispatchCounter,
  dispatchPath,
  loadAt,
  makeDispatchableDelivery,
  newDispatchKey,
  type DeliveryFixture,
} from './delivery-dispatch.test-helper.js';

/** Loading at the dock (PROCESSES.md 3.8; decision 0187). Each test makes its own deliveries. */
describe('delivery dispatch routes', () => {
  let t: TestApp;
  let db: Db;
  let loader: HttpClient;
  let outsider: HttpClient;
  let loaderName: string;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const made = await pickClient(t, ['delivery']);
    loader = made.client;
    loaderName = made.user.username;
    outsider = (await pickClient(t, ['picking'])).client;
  });
  afterAll(async () => t.close());

  async function openLoad(route?: string): Promise<Load> {
    const answer = await loader.post(`${dispatchPath}/load`, {
      idempotencyKey: newDispatchKey(),
      dock: 'DOCK-1',
      route,
    });
    expect(answer.status).toBe(200);
    return answer.json as Load;
  }
  const scan = (load: Load, container: string, extra: { idempotencyKey?: string; confirm?: boolean } = {}) =>
    loader.post(`${loadAt(load.id)}/container`, { idempotencyKey: newDispatchKey(), container, ...extra });

  async function statusOf(delivery: DeliveryFixture) {
    const head = await db
      .selectFrom('document as d')
      .innerJoin('delivery as dl', 'dl.document_id', 'd.id')
      .select(['d.status', 'd.version', 'dl.dispatched_at', 'dl.dispatched_by'])
      .where('d.id', '=', delivery.id)
      .executeTakeFirstOrThrow();
    const containers = await db
      .selectFrom('shipping_container')
      .select(['code', 'status'])
      .where('delivery_id', '=', delivery.id)
      .orderBy('code')
      .execute();
    return { ...head, containers: containers.map((c) => `${c.code}:${c.status}`) };
  }

  it('lists CREATED deliveries grouped by route with containers and counts', async () => {
    const a = await makeDispatchableDelivery(db, { containers: 2, route: 'NORTH' });
    const b = await makeDispatchableDelivery(db, { containers: 1, route: null, warehouse: a.warehouse });
    const answer = await loader.get(`/api/v1/delivery/notDispatched?warehouse=${a.warehouse.code}`);
    expect(answer.status).toBe(200);
    const { groups, truncated } = answer.json as NotDispatchedAnswer;
    expect(truncated).toBe(false);
    const north = groups.find((group) => group.route === 'NORTH');
    expect(north?.deliveries.map((d) => [d.code, d.loaded, d.total, d.containers.map((c) => c.code)])).toEqual([
      [a.code, 0, 2, a.containers],
    ]);
    expect(north?.deliveries[0]?.customer).not.toBeNull();
    expect(groups.find((group) => group.route === null)?.deliveries.map((d) => d.code)).toEqual([b.code]);
  });

  it('keeps a partly loaded delivery CREATED and dispatches it with its last container; the counter drops', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 2 });
    const load = await openLoad();
    expect(load).toMatchObject({ dock: 'DOCK-1', status: 'OPEN', route: null, openedBy: loaderName });
    await syncDispatchCounter(t.app.ctx); // as the delivery's creation would
    const before = await dispatchCounter(db);

    const first = await scan(load, delivery.containers[0] ?? '');
    expect(first.status).toBe(200);
    const firstAnswer = first.json as LoadContainerAnswer;
    expect(firstAnswer).toMatchObject({
      dispatched: false,
      replayed: false,
      delivery: { loaded: 1, total: 2, status: 'CREATED' },
    });
    expect(firstAnswer.load.route).toBe('R1');
    expect(firstAnswer.load.missing).toEqual([delivery.containers[1]]);
    const partly = await statusOf(delivery);
    expect(partly).toMatchObject({ status: 'CREATED', dispatched_at: null, dispatched_by: null });
    expect(partly.containers).toEqual([`${delivery.containers[0]}:DISPATCHED`, `${delivery.containers[1]}:DELIVERED`]);
    expect(await dispatchCounter(db)).toBe(before);
    expect(before).toBeGreaterThan(0);
    const outbox = () =>
      db
        .selectFrom('erp_outbox')
        .select(['kind', 'payload'])
        .where('document_type', '=', 'DELIVERY')
        .where('document_code', '=', delivery.code)
        .where('kind', '=', 'DELIVERY_DISPATCHED')
        .execute();
    expect(await outbox()).toEqual([]);

    const startedAt = Date.now();
    const second = await scan(load, delivery.containers[1] ?? '');
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ dispatched: true, delivery: { loaded: 2, total: 2, status: 'DISPATCHED' } });
    const done = await statusOf(delivery);
    expect(done).toMatchObject({ status: 'DISPATCHED', dispatched_by: loaderName, version: partly.version + 1 });
    expect(Date.parse(done.dispatched_at ?? '')).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(await dispatchCounter(db)).toBe((before ?? 0) - 1);
    const queued = await outbox();
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]!.payload)).toMatchObject({
      code: delivery.code,
      route: 'R1',
      dispatchedBy: loaderName,
    });

    const closed = await loader.post(`${loadAt(load.id)}/close`, {});
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ status: 'CLOSED', closedBy: loaderName, missing: [] });
    expect(errorOf(await scan(load, delivery.containers[0] ?? ''))).toMatchObject({ status: 422, key: 'loadClosed' });
  });

  it('refuses a container in no delivery and one of a dispatched delivery; nothing changes', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 1 });
    const load = await openLoad();
    expect(errorOf(await scan(load, 'NO-SUCH-CONTAINER'))).toMatchObject({
      status: 422,
      key: 'containerNotInDelivery',
      args: { container: 'NO-SUCH-CONTAINER' },
    });
    const version = (await statusOf(delivery)).version;
    const marked = await loader.post(`/api/v1/delivery/${delivery.code}/markDispatched`, { version });
    expect(marked.status).toBe(200);
    expect(errorOf(await scan(load, delivery.containers[0] ?? ''))).toMatchObject({
      status: 422,
      key: 'deliveryAlreadyDispatched',
    });
    const view = await loader.get(loadAt(load.id));
    expect(view.json).toMatchObject({ containers: [], deliveries: [], missing: [] });
  });

  it('warns about a container of another route and loads it when confirmed', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 1, route: 'SOUTH' });
    const load = await openLoad('NORTH');
    const container = delivery.containers[0] ?? '';
    expect(errorOf(await scan(load, container))).toMatchObject({
      status: 422,
      key: 'containerOfOtherRoute',
      args: { container, route: 'SOUTH', loadRoute: 'NORTH' },
    });
    expect((await statusOf(delivery)).containers).toEqual([`${container}:DELIVERED`]);
    const confirmed = await scan(load, container, { confirm: true });
    expect(confirmed.json).toMatchObject({ dispatched: true });
    expect((await statusOf(delivery)).status).toBe('DISPATCHED');
  });

  it('closing with containers missing needs a confirmation and leaves the delivery open', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 3 });
    const load = await openLoad();
    await scan(load, delivery.containers[0] ?? '');
    const refused = await loader.post(`${loadAt(load.id)}/close`, {});
    expect(errorOf(refused)).toMatchObject({
      status: 422,
      key: 'loadIncomplete',
      args: { missing: delivery.containers.slice(1) },
    });
    const closed = await loader.post(`${loadAt(load.id)}/close`, { confirmIncomplete: true });
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ status: 'CLOSED', containers: [{ code: delivery.containers[0] }] });
    expect((await statusOf(delivery)).status).toBe('CREATED');

    // A later load finishes it; the container loaded before counts.
    const next = await openLoad();
    expect(errorOf(await scan(next, delivery.containers[0] ?? ''))).toMatchObject({
      status: 422,
      key: 'containerAlreadyLoaded',
    });
    await scan(next, delivery.containers[1] ?? '');
    const last = await scan(next, delivery.containers[2] ?? '');
    expect(last.json).toMatchObject({ dispatched: true, delivery: { loaded: 3, total: 3 } });
  });

  it('a replayed scan changes nothing more', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 2 });
    const load = await openLoad();
    const idempotencyKey = newDispatchKey();
    const first = await scan(load, delivery.containers[0] ?? '', { idempotencyKey });
    const again = await scan(load, delivery.containers[0] ?? '', { idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ replayed: true, dispatched: false, delivery: { loaded: 1, total: 2 } });
    expect((again.json as LoadContainerAnswer).load.containers).toEqual(
      (first.json as LoadContainerAnswer).load.containers,
    );
    const rows = await db.selectFrom('delivery_load_container').select('id').where('load_id', '=', load.id).execute();
    expect(rows).toHaveLength(1);
    // A replayed open answers the same load.
    const key = newDispatchKey();
    const opened = await loader.post(`${dispatchPath}/load`, { idempotencyKey: key, dock: 'DOCK-2' });
    const reopened = await loader.post(`${dispatchPath}/load`, { idempotencyKey: key, dock: 'DOCK-2' });
    expect((reopened.json as Load).id).toBe((opened.json as Load).id);
  });

  it('markDispatched dispatches a whole delivery; a stale version gets 412', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 2 });
    await syncDispatchCounter(t.app.ctx); // as the delivery's creation would
    const before = await dispatchCounter(db);
    const { version } = await statusOf(delivery);
    expect(
      (await loader.post(`/api/v1/delivery/${delivery.code}/markDispatched`, { version: version + 5 })).status,
    ).toBe(412);
    const marked = await loader.post(`/api/v1/delivery/${delivery.code}/markDispatched`, { version });
    expect(marked.status).toBe(200);
    expect(marked.json).toMatchObject({ status: 'DISPATCHED', loaded: 2, total: 2, dispatchedBy: loaderName });
    const after = await statusOf(delivery);
    expect(after.containers.every((c) => c.endsWith(':DISPATCHED'))).toBe(true);
    expect(await dispatchCounter(db)).toBe((before ?? 0) - 1);
    expect(
      errorOf(await loader.post(`/api/v1/delivery/${delivery.code}/markDispatched`, { version: after.version })),
    ).toMatchObject({ status: 422, key: 'deliveryAlreadyDispatched' });
    expect((await loader.post('/api/v1/delivery/NO-SUCH/markDispatched', { version: 1 })).status).toBe(404);
  });

  it('answers 403 without the delivery role and 404 for an unknown load', async () => {
    const delivery = await makeDispatchableDelivery(db, { containers: 1 });
    expect((await outsider.get('/api/v1/delivery/notDispatched')).status).toBe(403);
    expect((await outsider.post(`${dispatchPath}/load`, { idempotencyKey: newDispatchKey(), dock: 'D' })).status).toBe(
      403,
    );
    expect((await outsider.post(`/api/v1/delivery/${delivery.code}/markDispatched`, { version: 1 })).status).toBe(403);
    const load = await openLoad();
    expect(
      (await outsider.post(`${loadAt(load.id)}/container`, { idempotencyKey: newDispatchKey(), container: 'X' }))
        .status,
    ).toBe(403);
    expect((await outsider.post(`${loadAt(load.id)}/close`, {})).status).toBe(403);
    expect(errorOf(await loader.get(loadAt(999999)))).toMatchObject({ status: 404, key: 'unknownLoad' });
    expect(
      (await loader.post(`${dispatchPath}/load`, { idempotencyKey: newDispatchKey(), dock: 'X'.repeat(41) })).status,
    ).toBe(400);
  });
});
