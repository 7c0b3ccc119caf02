import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

describe('request rate limits of the public routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SIGNIN_RATE_LIMIT: '3/1m', ANALYTICS_RATE_LIMIT: '2/30s' });
  });
  afterAll(async () => t.close());

  it('refuses the sign-in over SIGNIN_RATE_LIMIT per address with 429, even with the right password', async () => {
    const client = t.client();
    expect((await client.post('/api/v1/auth/signin', { username: 'operator', password: 'wrong' })).status).toBe(401);
    expect((await client.post('/api/v1/auth/signin', { username: 'operator', password: 'operator' })).status).toBe(200);
    expect((await t.client().post('/api/v1/auth/signin', { username: 'admin', password: 'admin' })).status).toBe(200);
    const refused = await t.client().post('/api/v1/auth/signin', { username: 'admin', password: 'admin' });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      status: 429,
      key: 'tooManyRequests',
      args: { max: 3, windowSeconds: 60, retryAfterSeconds: expect.any(Number) },
      message: expect.stringContaining('Too many requests'),
    });
    expect(refused.headers.get('set-cookie')).toBeNull();
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json.args.retryAfterSeconds).toBe(retryAfter);
  });

  it('limits analytics beacons per address with ANALYTICS_RATE_LIMIT', async () => {
    const beacon = () => t.client().post('/api/v1/analytics/action', { action: 'open', app: 'item_info' });
    expect((await beacon()).status).toBe(204);
    expect((await beacon()).status).toBe(204);
    const refused = await beacon();
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ key: 'tooManyRequests', args: { max: 2, windowSeconds: 30 } });
    const stored = await t.app.ctx.db
      .selectFrom('analytics_event')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2);
  });

  it('leaves routes without a limit alone', async () => {
    for (let n = 0; n < 5; n++) expect((await t.client().get('/api/v1/config/version')).status).toBe(200);
  });
});

describe.runIf(process.env.REDIS_URL)('request rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const prefix = `wms-test-${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL: process.env.REDIS_URL ?? '', BUG_REPORT_RATE_LIMIT: '2/1h' };
    const options = { rateLimitKeyPrefix: prefix, live: { redisChannelPrefix: prefix } };
    [a, b] = await Promise.all([buildTestApp(env, options), buildTestApp(env, options)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('counts the requests of one address on every instance', async () => {
    const submit = (t: TestApp) => t.client().post('/api/v1/system/submitBugReport', { report: 'shared count' });
    expect((await submit(a)).status).toBe(200);
    expect((await submit(b)).status).toBe(200);
    const refused = await submit(a);
    expect(refused.status).toBe(429);
    expect((await submit(b)).status).toBe(429);
    expect(refused.json).toMatchObject({ key: 'tooManyRequests', args: { max: 2 } });
  });
});
