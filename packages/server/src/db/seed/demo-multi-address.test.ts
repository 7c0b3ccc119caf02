import type { PutWallView, SystemSettings } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { assertPickInvariants } from '../../features/pick-lists/pick-lists.test-helper.js';

describe('demo multi-address data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('lets the demo operator open the put wall of PUTWALL-CART-1: three stores, balanced stock', async () => {
    const admin = await t.signedIn('admin');
    const settings = (await admin.get('/api/v1/admin/settings')).json as { settings: SystemSettings };
    expect(settings.settings.enabledExtensions).toContain('batchDelivery');

    const operator = await t.signedIn('operator');
    const started = await operator.post('/api/v1/multi_address_delivery/start', { scan: 'PUTWALL-CART-1' });
    expect(started.status, started.text).toBe(200);
    const wall = started.json as PutWallView;
    expect(wall.pickList.status).toBe('PICKED');
    expect(wall.done).toBe(false);
    expect(
      wall.slots.map((slot) => [slot.slot, slot.name, slot.address.city, slot.container, slot.lines.map((l) => l.due)]),
    ).toEqual([
      ['A', 'Store 12', 'Utrecht', null, [2]],
      ['B', 'Store 14', 'Groningen', null, [3]],
      ['C', 'Store 17', 'Eindhoven', null, [1]],
    ]);
    expect(wall.slots.flatMap((slot) => slot.lines.map((line) => [line.item, line.put]))).toEqual([
      ['PUTWALL-DEMO-01', 0],
      ['PUTWALL-DEMO-01', 0],
      ['PUTWALL-DEMO-01', 0],
    ]);
    const located = await operator.post(`/api/v1/multi_address_delivery/${wall.pickList.code}/locate`, {
      item: 'PUTWALL-DEMO-01',
    });
    expect(located.json).toMatchObject({ slot: 'A', name: 'Store 12', put: 0, due: 2 });
    await assertPickInvariants(t.app.ctx.db);
  });
});
