import type { LoadContainerAnswer, Load, NotDispatchedAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { deliveredList, deliveryCast, ok, type DeliveryCast } from '../deliveries/deliveries.test-helper.js';
import { dispatchCounter, dispatchPath, loadAt, newDispatchKey } from './delivery-dispatch.test-helper.js';

/** Dispatch of a delivery made through the real pick, pack and delivery routes (features/deliveries). */
describe('delivery dispatch after a real delivery', () => {
  let t: TestApp;
  let cast: DeliveryCast;
  beforeAll(async () => {
    t = await buildTestApp();
    cast = await deliveryCast(t);
  });
  afterAll(async () => t.close());

  it('the demo turns the app on and its delivered order waits for dispatch on route NORTH', async () => {
    const { settings } = await t.app.ctx.settings.get();
    expect(settings.delivery.enableDeliveryDispatchApplication).toBe(true);
    const list = ok(await cast.packer.get('/api/v1/delivery/notDispatched')).json as NotDispatchedAnswer;
    const north = list.groups.find((group) => group.route === 'NORTH');
    expect(north?.deliveries.length).toBeGreaterThan(0);
    expect(north?.deliveries[0]?.total).toBeGreaterThan(0);
  });

  it('lists the delivery, keeps it open after one container, dispatches it with the second', async () => {
    const db = t.app.ctx.db;
    const delivered = await deliveredList(t, cast);
    const counted = await dispatchCounter(db);
    expect(counted).toBeGreaterThan(0);

    const list = ok(await cast.packer.get('/api/v1/delivery/notDispatched')).json as NotDispatchedAnswer;
    const listed = list.groups.flatMap((group) => group.deliveries).find((d) => d.code === delivered.delivery);
    expect(listed).toMatchObject({ loaded: 0, total: delivered.containers.length, status: 'CREATED' });

    const load = ok(
      await cast.packer.post(`${dispatchPath}/load`, { idempotencyKey: newDispatchKey(), dock: 'DOCK-9' }),
    ).json as Load;
    const [first, second] = delivered.containers;
    const one = ok(
      await cast.packer.post(`${loadAt(load.id)}/container`, { idempotencyKey: newDispatchKey(), container: first }),
    ).json as LoadContainerAnswer;
    expect(one).toMatchObject({ dispatched: false, delivery: { status: 'CREATED', loaded: 1, total: 2 } });
    const two = ok(
      await cast.packer.post(`${loadAt(load.id)}/container`, { idempotencyKey: newDispatchKey(), container: second }),
    ).json as LoadContainerAnswer;
    expect(two).toMatchObject({ dispatched: true, delivery: { status: 'DISPATCHED', loaded: 2, total: 2 } });
    expect(await dispatchCounter(db)).toBe((counted ?? 0) - 1);

    // The delivery's own detail (features/deliveries) shows who dispatched it.
    const detail = ok(await cast.packer.get(`/api/v1/delivery/${delivered.delivery}`)).json as {
      status: string;
      dispatchedBy: string | null;
    };
    expect(detail.status).toBe('DISPATCHED');
    expect(detail.dispatchedBy).not.toBeNull();
  });
});
