import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { assertPickInvariants } from '../../features/pick-lists/pick-lists.test-helper.js';

describe('demo picking data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('has two RELEASED pick lists with allocations, open orders to plan, carts, box types and a second picker', async () => {
    const db = t.app.ctx.db;
    const lists = await db
      .selectFrom('document')
      .select(['code', 'status'])
      .where('type', '=', 'PICK_LIST')
      // demo-deliveries.ts adds picked, packed and delivered lists of its own SO-PACK orders.
      .where('status', '=', 'RELEASED')
      .orderBy('code')
      .execute();
    expect(lists).toHaveLength(2);
    expect(lists.every((l) => l.status === 'RELEASED')).toBe(true);
    const allocations = await db.selectFrom('stock_allocation').select('id').execute();
    expect(allocations.length).toBeGreaterThan(3);
    const carts = await db
      .selectFrom('bin_location')
      .select(['code', 'location_type'])
      .where('code', 'in', ['CART-1', 'CART-2'])
      .execute();
    expect(carts.map((c) => c.location_type)).toEqual(['MOBILE', 'MOBILE']);
    expect(await db.selectFrom('shipping_box_type').select('code').execute()).toHaveLength(3);
    const manager = await t.signedIn('manager');
    const planning = await manager.get('/api/v1/ppm/lines?warehouse=01');
    expect(planning.status, planning.text).toBe(200);
    expect(planning.json.lines.some((l: { salesOrder: string }) => l.salesOrder === 'SO-PICK-3')).toBe(true);
    const created = await manager.post('/api/v1/pick_list/create', {
      warehouse: '01',
      lines: [{ salesOrder: 'SO-PICK-3', lineNumber: 0 }],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.json.backorders).toEqual([
      { salesOrder: 'SO-PICK-3', lineNumber: 0, item: 'PICK-SHORT-01', quantity: 3 },
    ]);
    expect((await t.signedIn('picker2')).cookies.has('wms_session')).toBe(true);
    await assertPickInvariants(db);
  });
});
