import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import {
  deliveredList,
  deliveryAt,
  deliveryCast,
  ok,
  type DeliveryCast,
} from '../deliveries/deliveries.test-helper.js';
import { deliveredUnits } from './goods-returns-deliveries.repository.js';
import { claim, createReturn } from './goods-returns.test-helper.js';

/** A delivery made by features/deliveries (decision 0185) is what the customer received. */
describe('goods returns of a delivery made by the delivery service', () => {
  let t: TestApp;
  let db: Db;
  let cast: DeliveryCast;
  let clerk: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    cast = await deliveryCast(t);
    const user = await makeUser(db, { roles: ['salesReturns'] });
    clerk = await signIn(t, user.username, user.password);
  });
  afterAll(async () => t.close());

  it('feeds allowedBatchesSerials, counts each unit once, and a cancel takes the units back', async () => {
    const delivered = await deliveredList(t, cast);
    const { scene } = delivered;
    const returns = await makeBinLocation(db, { warehouse: scene.warehouse, locationType: 'RECEIVE' });
    await db
      .updateTable('warehouse')
      .set({ allow_create_return: 1, return_location_id: returns.id })
      .where('id', '=', scene.warehouse.id)
      .execute();
    const order = await db
      .selectFrom('document')
      .select('code')
      .where('id', '=', delivered.orderId)
      .executeTakeFirstOrThrow();
    const created = ok(await createReturn(clerk, order.code));
    const code = (created.json as { code: string }).code;
    const claimed = ok(await claim(clerk, code)).json as {
      lines: { item: string; allowedBatchesSerials: { batches: { batch: string }[] } }[];
    };
    const batchLine = claimed.lines.find((l) => l.item === scene.batchItem.code);
    expect(batchLine?.allowedBatchesSerials.batches).toEqual([
      expect.objectContaining({ batch: scene.batches.late.code }),
    ]);

    const sum = async () =>
      (await deliveredUnits(db, scene.customer.id, [scene.normalItem.id, scene.batchItem.id])).reduce(
        (total, row) => total + row.quantity,
        0,
      );
    expect(await sum()).toBe(5000);
    ok(await cast.manager.post(`${deliveryAt(delivered.delivery)}/cancel`, { version: delivered.deliveryVersion }));
    expect(await sum()).toBe(0);
  });
});
