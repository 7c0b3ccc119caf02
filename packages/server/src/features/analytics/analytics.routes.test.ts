import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe('analytics beacons', () => {
  let t: TestApp;
  const events = () => t.app.ctx.db.selectFrom('analytics_event').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores a JSON beacon and answers 204', async () => {
    const answer = await t.client().post('/api/v1/analytics/action', { action: 'openApp', app: 'picking' });
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    const [event] = await events();
    expect(event).toMatchObject({ user_id: null });
    expect(JSON.parse(event!.payload)).toEqual({ action: 'openApp', app: 'picking' });
  });

  it('accepts JSON sent as text/plain (navigator.sendBeacon) and records the user', async () => {
    const operator = await signIn(t, 'operator');
    const answer = await operator.post('/api/v1/analytics/action', JSON.stringify({ action: 'scan', ms: 12 }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(answer.status).toBe(204);
    const last = (await events()).at(-1);
    expect(last?.user_id).toBe(await userIdOf(t, 'operator'));
    expect(JSON.parse(last!.payload)).toEqual({ action: 'scan', ms: 12 });
  });

  it('refuses malformed, non-object and oversized beacons, storing nothing', async () => {
    const before = (await events()).length;
    const malformed = await t.client().post('/api/v1/analytics/action', '{"action":', { 'content-type': 'text/plain' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.key).toBe('malformedJson');
    const malformedJson = await t.client().post('/api/v1/analytics/action', '{"action":');
    expect(malformedJson.status).toBe(400);
    expect(malformedJson.json.key).toBe('malformedJson');

    const notObject = await t.client().post('/api/v1/analytics/action', '[1,2]', { 'content-type': 'text/plain' });
    expect(notObject.status).toBe(400);
    expect(notObject.json.key).toBe('invalidInput');

    const huge = JSON.stringify({ data: 'x'.repeat(70_000) });
    const tooLarge = await t.client().post('/api/v1/analytics/action', huge, { 'content-type': 'text/plain' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.key).toBe('payloadTooLarge');
    expect((await t.client().post('/api/v1/analytics/action', huge)).status).toBe(413);

    expect((await events()).length).toBe(before);
  });

  it('leaves text/plain alone on other routes', async () => {
    const answer = await t.client().post('/api/v1/system/submitBugReport', '{"report":"x"}', {
      'content-type': 'text/plain',
    });
    expect(answer.status).toBe(400);
  });
});
