import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeStock, makeUser } from '../../../test/factories.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { applyStockMovement, type StockMovement } from './stock.service.js';

/** DELIVERY_CANCEL (decision 0185): the reverse of DELIVERY, + onHand and pickQty in the container. */
describe('stock service: DELIVERY_CANCEL', () => {
  let t: TestApp;
  let db: Db;
  let user: { userId: number; username: string };
  beforeAll(async () => {
    t = await buildTestApp({ DEMO_DATA: 'false' });
    db = t.app.ctx.db;
    const made = await makeUser(db, { roles: ['delivery'] });
    user = { userId: made.id, username: made.username };
  });
  afterAll(async () => t.close());

  const apply = (movement: Omit<StockMovement, 'user'>) =>
    db.transaction().execute((tx) => applyStockMovement(tx, t.app.ctx, { user, ...movement }));

  it('puts delivered goods back as picked stock, balanced with the ledger, once per key', async () => {
    const item = await makeItem(db);
    const container = await makeBinLocation(db, { locationType: 'MOBILE' });
    await makeStock(db, { item, location: container, onHand: 4, pick: 4 });
    const key = { itemId: item.id, batchId: null, serialId: null, binLocationId: container.id };
    await apply({
      type: 'DELIVERY',
      documentRef: { type: 'DELIVERY', code: 'DL-T1' },
      lines: [{ ...key, onHandDelta: -4000, pickDelta: -4000 }],
    });
    await expectStockInvariants(db, [item.id], 0);
    const cancel = {
      type: 'DELIVERY_CANCEL' as const,
      idempotencyKey: 'delivery-cancel:DL-T1',
      documentRef: { type: 'DELIVERY', code: 'DL-T1' },
      lines: [{ ...key, onHandDelta: 4000, pickDelta: 4000 }],
    };
    expect((await apply(cancel)).replayed).toBe(false);
    expect((await apply(cancel)).replayed).toBe(true);
    const row = await db
      .selectFrom('stock')
      .select(['on_hand_qty', 'pick_qty'])
      .where('bin_location_id', '=', container.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.on_hand_qty), Number(row.pick_qty)]).toEqual([4000, 4000]);
    await expectStockInvariants(db, [item.id], 4000);
  });

  it('never leaves more picked than on hand', async () => {
    const item = await makeItem(db);
    const container = await makeBinLocation(db, { locationType: 'MOBILE' });
    const key = { itemId: item.id, batchId: null, serialId: null, binLocationId: container.id };
    await expect(
      apply({ type: 'DELIVERY_CANCEL', lines: [{ ...key, onHandDelta: 1000, pickDelta: 2000 }] }),
    ).rejects.toBeInstanceOf(AppError);
    await expectStockInvariants(db, [item.id], 0);
  });
});
