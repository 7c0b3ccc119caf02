import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('blocking an address after repeated failed sign-ins', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp({
      TRUST_PROXY: 'true',
      SIGNIN_MAX_FAILURES: '3',
      SIGNIN_FAILURE_WINDOW_MINUTES: '10',
      SIGNIN_BLOCK_MINUTES: '30',
    });
    admin = await t.signedIn('admin');
  });
  afterAll(async () => t.close());

  const signin = (ip: string, password: string, username = 'operator') =>
    t.client().post('/api/v1/auth/signin', { username, password }, from(ip));
  const blockedList = async () => (await admin.get('/api/v1/auth/admin/blocked-ip-list')).json as unknown[];

  it('blocks after the limit within the window, even with the right password, until unblocked', async () => {
    const ip = '10.50.0.1';
    for (let i = 0; i < 3; i++) {
      const answer = await signin(ip, 'wrong', i === 1 ? 'nobody' : 'operator');
      expect(answer.status).toBe(401);
      expect(answer.json.key).toBe('invalidLoginDetails');
    }
    const blocked = await signin(ip, 'operator');
    expect(blocked.status).toBe(403);
    expect(blocked.json.key).toBe('ipAddressBlocked');
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // The IPv4-mapped form of the address is the same caller.
    expect((await signin(`::ffff:${ip}`, 'operator')).status).toBe(403);
    expect(
      await t
        .client()
        .get('/api/v1/config/ipRules', from(ip))
        .then((a) => a.json),
    ).toMatchObject({
      ip,
      policy: 'ALLOW',
      blocked: true,
    });

    const list = await blockedList();
    expect(list).toEqual([{ ip, failures: 3, blockedUntil: expect.any(String) }]);
    const until = Date.parse((list[0] as { blockedUntil: string }).blockedUntil);
    expect(Math.abs(until - Date.now() - 30 * 60_000)).toBeLessThan(10_000);

    const tested = await admin.post('/api/v1/auth/test_ip', { ip });
    expect(tested.json).toMatchObject({ ip, policy: 'ALLOW', blocked: true, blockedByFailures: true, failures: 3 });

    // Other addresses are not affected.
    expect((await signin('10.50.0.2', 'operator')).status).toBe(200);

    const unblocked = await admin.post('/api/v1/auth/admin/blocked-ip-list/unblock', { ip: `::ffff:${ip}` });
    expect(unblocked.status).toBe(200);
    expect(await blockedList()).toEqual([]);
    expect((await signin(ip, 'operator')).status).toBe(200);

    const again = await admin.post('/api/v1/auth/admin/blocked-ip-list/unblock', { ip });
    expect(again.status).toBe(404);
    expect(again.json.key).toBe('ipAddressNotBlocked');
    const invalid = await admin.post('/api/v1/auth/admin/blocked-ip-list/unblock', { ip: 'localhost' });
    expect(invalid.status).toBe(400);
  });

  it('starts counting over after a successful sign-in', async () => {
    const ip = '10.50.1.1';
    await signin(ip, 'wrong');
    await signin(ip, 'wrong');
    expect((await signin(ip, 'operator')).status).toBe(200);
    await signin(ip, 'wrong');
    await signin(ip, 'wrong');
    expect((await signin(ip, 'operator')).status).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const ip = '10.50.2.1';
    // Wrong guesses at an account of their own, so that account's count stays out of the way.
    await signin(ip, 'wrong', 'ghost2');
    await signin(ip, 'wrong', 'ghost2');
    await t.app.ctx.db
      .updateTable('failed_signin')
      .set({ window_started_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('ip', '=', ip)
      .execute();
    await signin(ip, 'wrong', 'ghost2');
    const tested = await admin.post('/api/v1/auth/test_ip', { ip });
    expect(tested.json).toMatchObject({ failures: 1, blocked: false });
    expect((await signin(ip, 'operator')).status).toBe(200);
  });

  it('lifts the block when it ends', async () => {
    const ip = '10.50.3.1';
    for (let i = 0; i < 3; i++) await signin(ip, 'wrong', 'ghost3');
    expect((await signin(ip, 'operator')).status).toBe(403);
    await t.app.ctx.db
      .updateTable('failed_signin')
      .set({
        blocked_until: new Date(Date.now() - 1000).toISOString(),
        window_started_at: new Date(Date.now() - 31 * 60_000).toISOString(),
      })
      .where('ip', '=', ip)
      .execute();
    expect(await blockedList()).toEqual([]);
    expect((await signin(ip, 'operator')).status).toBe(200);
  });

  it('counts concurrent failures exactly', async () => {
    const ip = '10.50.4.1';
    const answers = await Promise.all(Array.from({ length: 6 }, () => signin(ip, 'wrong', 'ghost4')));
    // Attempts are counted before the password is checked: only the limit is checked (401); the
    // others are refused unchecked (429 while checks are in flight, 403 once blocked).
    const counted = answers.filter((a) => a.status === 401).length;
    expect(counted).toBe(3);
    expect(answers.every((a) => [401, 403, 429].includes(a.status))).toBe(true);
    const tested = await admin.post('/api/v1/auth/test_ip', { ip });
    expect(tested.json).toMatchObject({ failures: counted, blockedByFailures: true });
  });
});
