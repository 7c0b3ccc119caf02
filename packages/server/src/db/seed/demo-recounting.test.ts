import type { RecountFlushAnswer, RecountRequestsAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { expectCountInvariants } from '../../features/counting/counting.test-helper.js';

describe('demo recounting data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('has one open recount the manager counted first and the operator recounts, the counter showing it', async () => {
    const operator = await t.signedIn('operator');
    const list = (await operator.get('/api/v1/recounting/requests')).json as RecountRequestsAnswer;
    const request = list.requests.find((r) => r.locations.some((l) => l.code === '01-RCT-01'));
    expect(request).toMatchObject({
      status: 'OPEN',
      source: 'THRESHOLD',
      firstCounter: 'manager',
      locations: [{ code: '01-RCT-01', items: [{ code: 'RECOUNT-DEMO-01' }] }],
    });
    const code = request!.code;
    const counter = await t.app.ctx.db
      .selectFrom('notification_counter')
      .select('count')
      .where('path', '=', '/recounting')
      .where('user_id', '=', 0)
      .executeTakeFirst();
    expect(counter?.count).toBe(1);

    const manager = await t.signedIn('manager');
    expect((await manager.post(`/api/v1/recounting/claim/${code}`, {})).json).toMatchObject({
      key: 'recountMustBeOtherUser',
    });
    expect((await operator.post(`/api/v1/recounting/claim/${code}`, {})).status).toBe(200);
    const saved = await operator.post('/api/v1/recounting/save', {
      idempotencyKey: 'demo-recount-save-1',
      document: code,
      location: 'LOC01RC1',
      lines: [{ item: 'RECOUNT-DEMO-01', quantity: 24 }],
    });
    expect(saved.status, saved.text).toBe(200);
    const flushed = await operator.post('/api/v1/recounting/flush', {
      idempotencyKey: 'demo-recount-flush-1',
      document: code,
    });
    expect(flushed.json as RecountFlushAnswer).toMatchObject({
      status: 'FLUSHED',
      outcome: 'POSTED',
      adjustedLines: 1,
    });
    const item = await t.app.ctx.db
      .selectFrom('item')
      .select('id')
      .where('code', '=', 'RECOUNT-DEMO-01')
      .executeTakeFirstOrThrow();
    await expectCountInvariants(t.app.ctx.db, [item.id]);
  });
});
