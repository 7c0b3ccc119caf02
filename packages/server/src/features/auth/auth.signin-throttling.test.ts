import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { pruneStaleSigninCounters } from '../ip-rules/ip-access.service.js';

/** Behind TRUST_PROXY=true (one hop) each test picks its caller's address with X-Forwarded-For. */
const from = (forwardedFor: string) => ({ 'x-forwarded-for': forwardedFor });

describe('sign-in throttling: counted before the check, per address and per account', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', SIGNIN_MAX_FAILURES: '10' });
    admin = await t.signedIn('admin');
  });
  afterAll(async () => t.close());

  const signin = (forwardedFor: string, username: string, password: string) =>
    t.client().post('/api/v1/auth/signin', { username, password }, from(forwardedFor));
  const createUser = async (username: string, password: string) => {
    const created = await admin.post('/api/v1/users/new', { username, password, roles: ['information'] });
    expect(created.status).toBe(201);
    return created.json.id as number;
  };
  const addressFailures = async (ip: string) =>
    (await t.app.ctx.db.selectFrom('failed_signin').select('failures').where('ip', '=', ip).executeTakeFirst())
      ?.failures ?? 0;

  it('checks at most the limit of a parallel burst and refuses the right password inside and after it', async () => {
    const ip = '10.70.0.1';
    await createUser('burster', 'burster-secret');
    const burst = Array.from({ length: 60 }, () => signin(ip, 'burster', 'wrong-password'));
    // The right password while the burst is being checked (once the limit is taken).
    while ((await addressFailures(ip)) < 10) await new Promise((resolve) => setTimeout(resolve, 2));
    const inside = await signin(ip, 'burster', 'burster-secret');
    const answers = await Promise.all(burst);

    const checked = answers.filter((answer) => answer.status === 401);
    expect(checked).toHaveLength(10);
    expect(checked.every((answer) => answer.json.key === 'invalidLoginDetails')).toBe(true);
    const refused = answers.filter((answer) => answer.status !== 401);
    expect(refused.every((answer) => ['ipAddressBlocked', 'tooManyRequests'].includes(answer.json.key))).toBe(true);
    expect([403, 429]).toContain(inside.status);
    expect(inside.headers.getSetCookie()).toEqual([]);

    const after = await signin(ip, 'burster', 'burster-secret');
    expect(after.json).toMatchObject({ status: 403, key: 'ipAddressBlocked', args: { ip } });
    expect(await addressFailures(ip)).toBe(10);
    // The account took the same ten failures: it is blocked from every address.
    const elsewhere = await signin('10.70.0.2', 'burster', 'burster-secret');
    expect(elsewhere.json).toMatchObject({ status: 403, key: 'accountSigninBlocked' });
  });

  it('does not let a success at one account reset the guesses at another', async () => {
    const ip = '10.71.0.1';
    await createUser('insider', 'insider-secret');
    // The attacker's own account signs in between the guesses at admin.
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let guess = 0; guess < 3; guess++)
        statuses.push((await signin(ip, 'admin', `guess-${round}-${guess}`)).status);
      expect((await signin(ip, 'insider', 'insider-secret')).status).toBe(round < 3 ? 200 : 403);
    }
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
    expect(statuses.slice(10)).toEqual([403, 403]);
    expect(await addressFailures(ip)).toBe(10);
    await admin.post('/api/v1/auth/admin/blocked-ip-list/unblock', { ip });
  });

  it('does not let a success reset guesses spread over other accounts', async () => {
    const ip = '10.72.0.1';
    await createUser('sprayer', 'sprayer-secret');
    for (let i = 0; i < 9; i++) expect((await signin(ip, `someone${i}`, 'Summer2024!')).status).toBe(401);
    expect((await signin(ip, 'sprayer', 'sprayer-secret')).status).toBe(200);
    expect((await signin(ip, 'someone9', 'Summer2024!')).status).toBe(401);
    expect((await signin(ip, 'sprayer', 'sprayer-secret')).json.key).toBe('ipAddressBlocked');
  });

  it('forgives a user their own typos when they get it right', async () => {
    const ip = '10.73.0.1';
    await createUser('typist', 'typist-secret');
    for (let round = 0; round < 3; round++) {
      for (let typo = 0; typo < 4; typo++) expect((await signin(ip, 'typist', 'typist-secrte')).status).toBe(401);
      expect((await signin(ip, 'typist', 'typist-secret')).status).toBe(200);
    }
    expect(await addressFailures(ip)).toBe(0);
  });

  it('blocks an account guessed at from many addresses, until a manager sets a new password', async () => {
    const id = await createUser('target', 'target-secret');
    for (let i = 0; i < 10; i++)
      expect((await signin(`10.74.0.${i + 1}`, 'target', 'wrong-password')).status).toBe(401);
    const blocked = await signin('10.74.1.1', 'target', 'target-secret');
    expect(blocked.json).toMatchObject({ status: 403, key: 'accountSigninBlocked' });
    expect(Date.parse(blocked.json.args.blockedUntil)).toBeGreaterThan(Date.now());
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // Upper case is the same account.
    expect((await signin('10.74.1.2', 'TARGET', 'target-secret')).json.key).toBe('accountSigninBlocked');
    // The block outlives the failure window (SIGNIN_BLOCK_MINUTES, not the window, ends it).
    await t.app.ctx.db
      .updateTable('failed_signin_account')
      .set({ window_started_at: new Date(Date.now() - 20 * 60_000).toISOString() })
      .where('username_lower', '=', 'target')
      .execute();
    expect((await signin('10.74.1.4', 'target', 'target-secret')).json.key).toBe('accountSigninBlocked');

    expect((await admin.post(`/api/v1/users/${id}/password`, { password: 'target-secret-2' })).status).toBe(200);
    expect((await signin('10.74.1.3', 'target', 'target-secret-2')).status).toBe(200);
  });

  it('counts manager verification like sign-in', async () => {
    const ip = '10.75.0.1';
    const caller = await t.signedIn('operator');
    for (let i = 0; i < 10; i++) {
      const answer = await caller.post(
        '/api/v1/auth/verify',
        { username: 'manager', password: `guess-${i}`, requiredRoles: [] },
        from(ip),
      );
      expect(answer.status).toBe(401);
    }
    const verified = await caller.post(
      '/api/v1/auth/verify',
      { username: 'manager', password: 'manager', requiredRoles: [] },
      from(ip),
    );
    expect(verified.json.key).toBe('ipAddressBlocked');
  });
});

describe('stale sign-in counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SIGNIN_FAILURE_WINDOW_MINUTES: '15' });
  });
  afterAll(async () => t.close());

  it('are pruned once their window and block are over; running ones stay', async () => {
    const db = t.app.ctx.db;
    const old = new Date(Date.now() - 20 * 60_000).toISOString();
    const recent = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    await db
      .insertInto('failed_signin_account')
      .values([
        { username_lower: 'guessed-once', failures: 1, window_started_at: old, blocked_until: null },
        { username_lower: 'guessed-now', failures: 2, window_started_at: recent, blocked_until: null },
        { username_lower: 'still-blocked', failures: 10, window_started_at: old, blocked_until: future },
      ])
      .execute();
    await db
      .insertInto('failed_signin')
      .values({ ip: '10.80.0.1', failures: 3, window_started_at: old, blocked_until: null })
      .execute();
    await pruneStaleSigninCounters(t.app.ctx);
    const accounts = await db.selectFrom('failed_signin_account').select('username_lower').execute();
    expect(accounts.map((row) => row.username_lower).sort()).toEqual(['guessed-now', 'still-blocked']);
    expect(await db.selectFrom('failed_signin').selectAll().where('ip', '=', '10.80.0.1').execute()).toEqual([]);
  });
});

describe('TRUST_PROXY: whose X-Forwarded-For entries are believed', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', SIGNIN_MAX_FAILURES: '3' });
    admin = await t.signedIn('admin');
  });
  afterAll(async () => t.close());

  const signin = (forwardedFor: string, username: string, password: string) =>
    t.client().post('/api/v1/auth/signin', { username, password }, from(forwardedFor));
  const callerIpOf = async (headers: Record<string, string>) =>
    (await t.client().get('/api/v1/config/ipRules', headers)).json.ip as string;

  it('true trusts one hop: the address the proxy saw, never a first hop the client wrote', async () => {
    expect(await callerIpOf(from('10.90.0.1'))).toBe('10.90.0.1');
    expect(await callerIpOf(from('203.0.113.7, 10.90.0.1'))).toBe('10.90.0.1');
    expect(await callerIpOf({})).toBe('127.0.0.1');
  });

  it('a forged first hop does not escape a block from failed sign-ins', async () => {
    const ip = '10.91.0.1';
    for (let i = 0; i < 3; i++) expect((await signin(ip, 'ghost', 'wrong-password')).status).toBe(401);
    const forged = await signin(`198.51.100.${Math.floor(Math.random() * 200)}, ${ip}`, 'operator', 'operator');
    expect(forged.json).toMatchObject({ status: 403, key: 'ipAddressBlocked', args: { ip } });
  });

  it('a forged first hop does not escape a BLOCK rule', async () => {
    const rule = await admin.post('/api/v1/admin/ip_rules', { cidr: '10.92.0.0/16', policy: 'BLOCK' });
    expect(rule.status).toBe(200);
    const forged = await signin('192.0.2.1, 10.92.0.1', 'operator', 'operator');
    expect(forged.json).toMatchObject({ status: 403, key: 'ipAddressBlocked' });
    expect((await t.client().get('/api/v1/config/ipRules', from('192.0.2.1, 10.92.0.1'))).json).toMatchObject({
      ip: '10.92.0.1',
      blocked: true,
    });
  });

  it('a forged first hop can not get another address blocked', async () => {
    const victim = '10.93.0.1';
    const attacker = '10.93.0.2';
    for (let i = 0; i < 5; i++) await signin(`${victim}, ${attacker}`, 'ghost2', 'wrong-password');
    const victimState = await admin.post('/api/v1/auth/test_ip', { ip: victim });
    expect(victimState.json).toMatchObject({ blocked: false, failures: 0 });
    expect((await admin.post('/api/v1/auth/test_ip', { ip: attacker })).json).toMatchObject({ blocked: true });
    expect((await signin(victim, 'operator', 'operator')).status).toBe(200);
  });
});

describe('TRUST_PROXY as a number of hops or a list of proxies', () => {
  const ipWith = async (trustProxy: string, headers: Record<string, string>) => {
    const t = await buildTestApp({ TRUST_PROXY: trustProxy, DEMO_DATA: 'false' });
    try {
      return (await t.client().get('/api/v1/config/ipRules', headers)).json.ip as string;
    } finally {
      await t.close();
    }
  };

  it('takes the address the outermost of N proxies saw', async () => {
    expect(await ipWith('2', from('203.0.113.7, 10.94.0.1, 10.0.0.2'))).toBe('10.94.0.1');
  });

  it('walks back through listed proxies only: the first address that is not one is the caller', async () => {
    // The socket (127.0.0.1) is a listed proxy; 10.95.0.1 is not: it is the caller.
    expect(await ipWith('127.0.0.1', from('203.0.113.7, 10.95.0.1'))).toBe('10.95.0.1');
  });

  it('walks back through several listed proxies and ranges', async () => {
    expect(await ipWith('127.0.0.1, 10.95.0.0/24', from('203.0.113.7, 10.95.0.1'))).toBe('203.0.113.7');
  });

  it('ignores the header from a socket that is not a listed proxy', async () => {
    expect(await ipWith('10.96.0.1', from('203.0.113.7'))).toBe('127.0.0.1');
  });

  it('ignores the header when false', async () => {
    expect(await ipWith('false', from('203.0.113.7'))).toBe('127.0.0.1');
  });
});
