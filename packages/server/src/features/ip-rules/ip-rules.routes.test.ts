import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('IP rules', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    admin = await t.signedIn('admin');
    operator = await t.signedIn('operator');
  });
  afterAll(async () => t.close());

  const rules = async () => (await admin.get('/api/v1/admin/ip_rules')).json as { id: number; cidr: string }[];
  const policyOf = async (ip: string) => (await t.client().get('/api/v1/config/ipRules', from(ip))).json;

  it('answers the caller its own policy when no rule matches (the default ALLOW)', async () => {
    const answer = await t.client().get('/api/v1/config/ipRules');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ip: '127.0.0.1', policy: 'ALLOW', twoFactorRequired: false, blocked: false });
  });

  it('creates, lists, updates and deletes rules in evaluation order', async () => {
    const block = await admin.post('/api/v1/admin/ip_rules', {
      cidr: '10.66.0.0/16',
      policy: 'BLOCK',
      description: 'guest wifi',
    });
    expect(block.status).toBe(200);
    expect(block.json).toMatchObject({ cidr: '10.66.0.0/16', policy: 'BLOCK', description: 'guest wifi', version: 1 });
    const allow = await admin.post('/api/v1/admin/ip_rules', {
      cidr: '10.66.1.7/24',
      policy: 'ALLOW',
      sortOrder: 1,
    });
    expect(allow.json).toMatchObject({ cidr: '10.66.1.0/24', sortOrder: 1, description: null });
    expect((await rules()).map((r) => r.cidr)).toEqual(['10.66.1.0/24', '10.66.0.0/16']);

    // First match wins.
    expect(await policyOf('10.66.1.20')).toMatchObject({ policy: 'ALLOW', blocked: false });
    expect(await policyOf('10.66.2.20')).toMatchObject({ policy: 'BLOCK', blocked: true });
    const refused = await t
      .client()
      .post('/api/v1/auth/signin', { username: 'admin', password: 'admin' }, from('10.66.2.20'));
    expect(refused.status).toBe(403);
    expect(refused.json.key).toBe('ipAddressBlocked');

    const updated = await admin.post(`/api/v1/admin/ip_rules/${allow.json.id}`, {
      version: 1,
      policy: 'ALLOW_2FA',
      sortOrder: 100,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ cidr: '10.66.1.0/24', policy: 'ALLOW_2FA', sortOrder: 100, version: 2 });
    expect((await rules()).map((r) => r.cidr)).toEqual(['10.66.0.0/16', '10.66.1.0/24']);
    expect(await policyOf('10.66.1.20')).toMatchObject({ policy: 'BLOCK' });

    const stale = await admin.post(`/api/v1/admin/ip_rules/${allow.json.id}`, { version: 1, policy: 'ALLOW' });
    expect(stale.status).toBe(412);
    expect(stale.json.key).toBe('optimisticLockConflict');

    const deleted = await admin.delete(`/api/v1/admin/ip_rules/${block.json.id}`);
    expect(deleted.status).toBe(200);
    expect(await policyOf('10.66.1.20')).toMatchObject({ policy: 'ALLOW_2FA', twoFactorRequired: true });
    expect(await policyOf('10.66.2.20')).toMatchObject({ policy: 'ALLOW', blocked: false });
    expect((await admin.delete(`/api/v1/admin/ip_rules/${block.json.id}`)).status).toBe(404);
    expect((await admin.post(`/api/v1/admin/ip_rules/${block.json.id}`, { version: 1 })).status).toBe(404);
    await admin.delete(`/api/v1/admin/ip_rules/${allow.json.id}`);
  });

  it('matches IPv6 ranges and IPv4-mapped IPv6 callers against IPv4 rules', async () => {
    const v4 = await admin.post('/api/v1/admin/ip_rules', { cidr: '10.77.0.0/16', policy: 'BLOCK' });
    const v6 = await admin.post('/api/v1/admin/ip_rules', { cidr: '2001:db8::/32', policy: 'ALLOW_2FA' });
    expect(v6.json.cidr).toBe('2001:db8::/32');
    expect(await policyOf('::ffff:10.77.3.4')).toEqual({
      ip: '10.77.3.4',
      policy: 'BLOCK',
      twoFactorRequired: false,
      blocked: true,
    });
    expect(await policyOf('2001:db8:1::5')).toMatchObject({ ip: '2001:db8:1::5', policy: 'ALLOW_2FA' });
    expect(await policyOf('2001:db9::5')).toMatchObject({ policy: 'ALLOW' });
    const tested = await admin.post('/api/v1/auth/test_ip', { ip: '::ffff:10.77.0.1' });
    expect(tested.status).toBe(200);
    expect(tested.json).toMatchObject({ ip: '10.77.0.1', policy: 'BLOCK', blocked: true, blockedByFailures: false });
    expect(tested.json.rule).toMatchObject({ id: v4.json.id, cidr: '10.77.0.0/16' });
    const unmatched = await admin.post('/api/v1/auth/test_ip', { ip: '8.8.8.8' });
    expect(unmatched.json).toMatchObject({ policy: 'ALLOW', rule: null, blocked: false, failures: 0 });
    await admin.delete(`/api/v1/admin/ip_rules/${v4.json.id}`);
    await admin.delete(`/api/v1/admin/ip_rules/${v6.json.id}`);
  });

  it('refuses an invalid CIDR or policy with 400 and stores nothing', async () => {
    const before = await rules();
    for (const cidr of ['10.0.0.0/33', 'banana', '10.0.0/8', '::1/129', '127.1']) {
      const answer = await admin.post('/api/v1/admin/ip_rules', { cidr, policy: 'BLOCK' });
      expect(answer.status, cidr).toBe(400);
      expect(answer.json.key).toBe('invalidInput');
      expect(answer.json.args.fields).toEqual([expect.objectContaining({ field: 'body.cidr' })]);
    }
    const badPolicy = await admin.post('/api/v1/admin/ip_rules', { cidr: '10.0.0.0/8', policy: 'MAYBE' });
    expect(badPolicy.status).toBe(400);
    expect(badPolicy.json.args.fields[0].field).toBe('body.policy');
    const malformed = await admin.post('/api/v1/admin/ip_rules', '{"cidr":');
    expect(malformed.json.key).toBe('malformedJson');

    const rule = await admin.post('/api/v1/admin/ip_rules', { cidr: '10.88.0.0/16', policy: 'ALLOW' });
    const badUpdate = await admin.post(`/api/v1/admin/ip_rules/${rule.json.id}`, { version: 1, cidr: 'nope' });
    expect(badUpdate.status).toBe(400);
    const noVersion = await admin.post(`/api/v1/admin/ip_rules/${rule.json.id}`, { cidr: '10.0.0.0/8' });
    expect(noVersion.status).toBe(400);
    const badId = await admin.post('/api/v1/admin/ip_rules/abc', { version: 1 });
    expect(badId.status).toBe(400);
    await admin.delete(`/api/v1/admin/ip_rules/${rule.json.id}`);
    expect(await rules()).toEqual(before);

    const badIp = await admin.post('/api/v1/auth/test_ip', { ip: '300.1.1.1' });
    expect(badIp.status).toBe(400);
    expect(badIp.json.args.fields).toEqual([expect.objectContaining({ field: 'body.ip' })]);
  });

  it('keeps the admin routes from other users (403) and from callers without a session (401)', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/ip_rules'],
      ['POST', '/api/v1/admin/ip_rules', { cidr: '10.0.0.0/8', policy: 'BLOCK' }],
      ['POST', '/api/v1/admin/ip_rules/1', { version: 1 }],
      ['DELETE', '/api/v1/admin/ip_rules/1'],
      ['GET', '/api/v1/auth/admin/blocked-ip-list'],
      ['POST', '/api/v1/auth/admin/blocked-ip-list/unblock', { ip: '10.0.0.1' }],
      ['POST', '/api/v1/auth/test_ip', { ip: '10.0.0.1' }],
      ['POST', '/api/v1/auth/test_ldap', {}],
    ];
    for (const [method, path, body] of calls) {
      const forbidden = await operator.request(method, path, body);
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.json.key).toBe('requestForbidden');
      const anonymous = await t.client().request(method, path, body);
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.json.key).toBe('notSignedIn');
    }
    expect(await t.app.ctx.db.selectFrom('ip_rule').selectAll().execute()).toEqual([]);
  });

  it('answers test_ldap with 422 ldapNotConfigured: there is no LDAP in this product', async () => {
    const answer = await admin.post('/api/v1/auth/test_ldap', { url: 'ldap://example' });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ status: 422, key: 'ldapNotConfigured' });
    const withoutBody = await admin.request('POST', '/api/v1/auth/test_ldap');
    expect(withoutBody.status).toBe(422);
  });
});
