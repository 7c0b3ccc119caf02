import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('POST /api/v1/auth/verify (manager verification)', () => {
  let t: TestApp;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', SIGNIN_MAX_FAILURES: '3' });
    operator = await t.signedIn('operator');
  });
  afterAll(async () => t.close());

  const verify = (client: HttpClient, body: unknown, ip = '10.30.0.1') =>
    client.post('/api/v1/auth/verify', body, { 'x-forwarded-for': ip });

  it('verifies a manager holding every required role (after hierarchy expansion)', async () => {
    const answer = await verify(operator, {
      username: 'Manager',
      password: 'manager',
      requiredRoles: ['stockTransferAuthMoveRestricted', 'stockTransfer', 'production'],
    });
    expect(answer.status).toBe(200);
    const managerId = (
      await t.app.ctx.db
        .selectFrom('app_user')
        .select('id')
        .where('username_lower', '=', 'manager')
        .executeTakeFirstOrThrow()
    ).id;
    expect(answer.json).toEqual({ verified: true, userId: managerId, username: 'manager' });
    // No session is made for the manager, and the caller stays who they were.
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await operator.get('/api/v1/auth/me')).json.user.username).toBe('operator');
  });

  it('answers 401 invalidLoginDetails on wrong credentials without logging the caller out', async () => {
    const before = operator.cookies.get('wms_session');
    const wrong = await verify(operator, { username: 'manager', password: 'nope', requiredRoles: [] }, '10.30.1.1');
    expect(wrong.status).toBe(401);
    expect(wrong.json.key).toBe('invalidLoginDetails');
    const unknown = await verify(operator, { username: 'ghost', password: 'nope', requiredRoles: [] }, '10.30.1.2');
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(operator.cookies.get('wms_session')).toBe(before);
    const me = await operator.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user.username).toBe('operator');
  });

  it('answers 422 noManagerLoggedIn without a username or a password, and counts no failure', async () => {
    for (const body of [
      { username: '', password: 'manager', requiredRoles: [] },
      { username: '  ', password: 'manager', requiredRoles: [] },
      { username: 'manager', password: '', requiredRoles: [] },
    ]) {
      const answer = await verify(operator, body, '10.30.0.9');
      expect(answer.status).toBe(422);
      expect(answer.json.key).toBe('noManagerLoggedIn');
    }
    // Three empty attempts at SIGNIN_MAX_FAILURES 3 did not block the address.
    const ok = await verify(operator, { username: 'manager', password: 'manager', requiredRoles: [] }, '10.30.0.9');
    expect(ok.status).toBe(200);
  });

  it('answers 403 insufficientRoles naming the missing roles', async () => {
    const answer = await verify(operator, {
      username: 'manager',
      password: 'manager',
      requiredRoles: ['stockCorrections', 'admin', 'userManager'],
    });
    expect(answer.status).toBe(403);
    expect(answer.json.key).toBe('insufficientRoles');
    expect(answer.json.args.missingRoles).toEqual(['admin', 'userManager']);
    expect((await operator.get('/api/v1/auth/me')).status).toBe(200);
  });

  it('counts failures towards blocking the address', async () => {
    const ip = '10.30.2.1';
    for (let i = 0; i < 3; i++) {
      const answer = await verify(operator, { username: 'manager', password: 'wrong', requiredRoles: [] }, ip);
      expect(answer.status).toBe(401);
    }
    const blocked = await verify(operator, { username: 'manager', password: 'manager', requiredRoles: [] }, ip);
    expect(blocked.status).toBe(403);
    expect(blocked.json.key).toBe('ipAddressBlocked');
    expect((await operator.get('/api/v1/auth/me')).status).toBe(200);
  });

  it('needs a signed-in caller and valid input', async () => {
    const anonymous = await verify(t.client(), { username: 'manager', password: 'manager', requiredRoles: [] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.key).toBe('notSignedIn');

    const badRole = await verify(operator, { username: 'manager', password: 'manager', requiredRoles: ['wizard'] });
    expect(badRole.status).toBe(400);
    expect(badRole.json.args.fields[0].field).toMatch(/^body\.requiredRoles/);
    const missing = await verify(operator, { username: 'manager', password: 'manager' });
    expect(missing.status).toBe(400);
    expect(missing.json.args.fields).toEqual([expect.objectContaining({ field: 'body.requiredRoles' })]);
    const malformed = await verify(operator, '{"username":');
    expect(malformed.status).toBe(400);
    expect(malformed.json.key).toBe('malformedJson');
  });
});
