import type { DeliveryPage, PackOpenAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { assertPickInvariants } from '../../features/pick-lists/pick-lists.test-helper.js';

describe('demo pack and delivery data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('has a list to pack, a packed list to deliver and a delivery, with balanced stock', async () => {
    const admin = await t.signedIn('admin');
    const open = await admin.get('/api/v1/pack/open');
    expect(open.status, open.text).toBe(200);
    const toPack = (open.json as PackOpenAnswer).rows.map((r) => r.status);
    expect(toPack).toContain('PICKED');
    const packed = await admin.get('/api/v1/delivery/packed');
    expect((packed.json as { rows: unknown[] }).rows).toHaveLength(1);
    const deliveries = (await admin.get('/api/v1/delivery/all')).json as DeliveryPage;
    expect(deliveries.rows).toEqual([expect.objectContaining({ status: 'CREATED', route: 'NORTH', containers: 1 })]);
    const view = await admin.post('/api/v1/pack/start', { scan: 'PACK-DEMO-C1' });
    expect(view.status, view.text).toBe(200);
    await assertPickInvariants(t.app.ctx.db);
  });
});
