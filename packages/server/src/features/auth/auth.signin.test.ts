import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { meAnswerSchema } from '@wms/contract';
import { hashPassword } from './secrets.js';
import { touchIntervalFor } from './session.service.js';

/** Each test that fails sign-ins uses its own caller address, so blocks never leak between tests. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('POST /api/v1/auth/signin, logout and me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  const sessionRows = () => t.app.ctx.db.selectFrom('user_session').selectAll().execute();

  it('signs in, sets an httpOnly SameSite=Lax session cookie and answers the user', async () => {
    const client = t.client();
    const answer = await client.post('/api/v1/auth/signin', { username: 'admin', password: 'admin' });
    expect(answer.status).toBe(200);
    expect(answer.json.user).toMatchObject({ username: 'admin', roles: ['admin'], active: true });
    expect(answer.json.user).not.toHaveProperty('passwordHash');
    expect(answer.json.expandedRoles).toEqual(expect.arrayContaining(['admin', 'userManager', 'picking']));
    expect(answer.json.settings).toMatchObject({ preferredLanguage: 'en' });
    expect(typeof answer.json.sessionId).toBe('number');

    const [cookie] = answer.headers.getSetCookie();
    expect(cookie).toMatch(/^wms_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie ?? '')?.[1]);
    expect(Math.abs(maxAge - t.config.sessionMaxHours * 3600)).toBeLessThanOrEqual(2);

    // The token is stored hashed, with the client's metadata.
    const token = client.cookies.get('wms_session') ?? '';
    const row = (await sessionRows()).find((s) => s.id === answer.json.sessionId);
    expect(row?.token_hash).not.toContain(token);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.unique_session).toBe(client.headers.UniqueSession);
    expect(row?.ip).toBe('127.0.0.1');

    const me = await client.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.json).toEqual(answer.json);
    // /auth/me is sent pre-serialized: it must still be exactly the documented shape.
    expect(meAnswerSchema.strict().parse(me.json)).toEqual(me.json);
    expect(me.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('matches the username without regard to case and records the device name', async () => {
    const client = t.client();
    const answer = await client.post('/api/v1/auth/signin', {
      username: '  ADMIN ',
      password: 'admin',
      deviceName: 'scanner-12',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.user.username).toBe('admin');
    const row = (await sessionRows()).find((s) => s.id === answer.json.sessionId);
    expect(row?.device_name).toBe('scanner-12');
  });

  it('sets the Secure flag when COOKIE_SECURE is on', async () => {
    const secure = await buildTestApp({ COOKIE_SECURE: 'true' });
    try {
      const answer = await secure.client().post('/api/v1/auth/signin', { username: 'admin', password: 'admin' });
      expect(answer.status).toBe(200);
      expect(answer.headers.getSetCookie()[0]).toMatch(/; Secure/i);
    } finally {
      await secure.close();
    }
  });

  it('answers a wrong password and an unknown user alike, and sets no cookie', async () => {
    const wrongPassword = t.client();
    const unknownUser = t.client();
    const a = await wrongPassword.post(
      '/api/v1/auth/signin',
      { username: 'admin', password: 'nope' },
      from('10.1.0.1'),
    );
    const b = await unknownUser.post('/api/v1/auth/signin', { username: 'nobody', password: 'nope' }, from('10.1.0.2'));
    expect(a.status).toBe(401);
    expect(a.json).toEqual(b.json);
    expect(a.json).toMatchObject({ status: 401, key: 'invalidLoginDetails', args: {} });
    expect(a.headers.getSetCookie()).toEqual([]);
    expect(wrongPassword.cookies.size).toBe(0);
  });

  it('refuses inactive users with the same 401', async () => {
    await t.app.ctx.db.updateTable('app_user').set({ active: 0 }).where('username_lower', '=', 'translator').execute();
    const answer = await t
      .client()
      .post('/api/v1/auth/signin', { username: 'translator', password: 'translator' }, from('10.1.1.1'));
    expect(answer.status).toBe(401);
    expect(answer.json.key).toBe('invalidLoginDetails');
    await t.app.ctx.db.updateTable('app_user').set({ active: 1 }).where('username_lower', '=', 'translator').execute();
  });

  it('refuses an empty password with 400 listing the field unless allowEmptyPassword is on', async () => {
    const answer = await t.client().post('/api/v1/auth/signin', { username: 'admin', password: '' }, from('10.1.2.1'));
    expect(answer.status).toBe(400);
    expect(answer.json.key).toBe('invalidInput');
    expect(answer.json.args.fields).toEqual([expect.objectContaining({ field: 'body.password' })]);

    // A user whose password is empty signs in with an empty password only when the setting is on.
    const now = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('app_user')
      .values({
        username: 'kiosk',
        username_lower: 'kiosk',
        password_hash: await hashPassword(''),
        roles: '["information"]',
        settings: '{}',
        totp_enabled: 0,
        active: 1,
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const refused = await t.client().post('/api/v1/auth/signin', { username: 'kiosk', password: '' }, from('10.1.2.2'));
    expect(refused.status).toBe(400);

    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { allowEmptyPassword: true });
    try {
      const kiosk = await t.client().post('/api/v1/auth/signin', { username: 'kiosk', password: '' }, from('10.1.2.3'));
      expect(kiosk.status).toBe(200);
      expect(kiosk.json.user.username).toBe('kiosk');
      // Users with a password still need it.
      const admin = await t.client().post('/api/v1/auth/signin', { username: 'admin', password: '' }, from('10.1.2.4'));
      expect(admin.status).toBe(401);
      expect(admin.json.key).toBe('invalidLoginDetails');
    } finally {
      const current = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(current.version, { allowEmptyPassword: false });
    }
  });

  it('answers malformed JSON and wrong types with 400 and signs nobody in', async () => {
    const client = t.client();
    const malformed = await client.post('/api/v1/auth/signin', '{"username": "admin", ');
    expect(malformed.status).toBe(400);
    expect(malformed.json.key).toBe('malformedJson');

    const wrongTypes = await client.post('/api/v1/auth/signin', { username: 5, password: ['admin'], mfaToken: 7 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.json.key).toBe('invalidInput');
    const fields = (wrongTypes.json.args.fields as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.username', 'body.password', 'body.mfaToken']));

    const missing = await client.post('/api/v1/auth/signin', { password: 'admin' });
    expect(missing.status).toBe(400);
    expect(missing.json.args.fields).toEqual([expect.objectContaining({ field: 'body.username' })]);

    const blankUsername = await client.post('/api/v1/auth/signin', { username: '   ', password: 'admin' });
    expect(blankUsername.status).toBe(400);
    expect(client.cookies.size).toBe(0);
  });

  it('rotates the session at sign-in: the cookie the request carried stops working', async () => {
    const client = await t.signedIn('operator');
    const oldToken = client.cookies.get('wms_session') ?? '';
    const first = await client.get('/api/v1/auth/me');
    expect(first.status).toBe(200);

    const again = await client.post('/api/v1/auth/signin', { username: 'manager', password: 'manager' });
    expect(again.status).toBe(200);
    const newToken = client.cookies.get('wms_session');
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(oldToken);
    expect(again.json.sessionId).not.toBe(first.json.sessionId);

    const stale = t.client();
    stale.cookies.set('wms_session', oldToken);
    expect((await stale.get('/api/v1/auth/me')).status).toBe(401);
    const ids = (await sessionRows()).map((s) => s.id);
    expect(ids).not.toContain(first.json.sessionId);
    expect((await client.get('/api/v1/auth/me')).json.user.username).toBe('manager');
  });

  it('logs out: closes the session, clears the cookie, and answers 200 without a cookie too', async () => {
    const client = await t.signedIn('manager');
    const token = client.cookies.get('wms_session') ?? '';
    const { sessionId } = (await client.get('/api/v1/auth/me')).json;

    const answer = await client.post('/api/v1/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()[0]).toMatch(/^wms_session=;/);
    expect(client.cookies.has('wms_session')).toBe(false);
    expect((await sessionRows()).map((s) => s.id)).not.toContain(sessionId);

    const stale = t.client();
    stale.cookies.set('wms_session', token);
    expect((await stale.get('/api/v1/auth/me')).status).toBe(401);

    expect((await t.client().post('/api/v1/auth/logout')).status).toBe(200);
    const garbage = t.client();
    garbage.cookies.set('wms_session', 'not-a-token');
    expect((await garbage.post('/api/v1/auth/logout')).status).toBe(200);
  });

  it('shows a change of the user on /auth/me once the user is forgotten by the session service', async () => {
    const client = await t.signedIn('taskmanager');
    const before = (await client.get('/api/v1/auth/me')).json;
    expect(before.settings.preferredLanguage).toBe('en');
    await t.app.ctx.db
      .updateTable('app_user')
      .set({ settings: JSON.stringify({ preferredLanguage: 'nl' }), roles: '["userTaskManager","picking"]' })
      .where('id', '=', before.user.id)
      .execute();
    t.app.ctx.sessions.forgetUser(before.user.id);
    const after = (await client.get('/api/v1/auth/me')).json;
    expect(after.settings.preferredLanguage).toBe('nl');
    expect(after.expandedRoles).toEqual(expect.arrayContaining(['userTaskManager', 'picking']));
    expect(after.sessionId).toBe(before.sessionId);
  });

  it('answers /auth/me with 401 without a cookie or with an unknown one', async () => {
    const answer = await t.client().get('/api/v1/auth/me');
    expect(answer.status).toBe(401);
    expect(answer.json.key).toBe('notSignedIn');
    const unknown = t.client();
    unknown.cookies.set('wms_session', 'x'.repeat(43));
    expect((await unknown.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const client = await t.signedIn('taskmanager');
    const me = (await client.get('/api/v1/auth/me')).json;
    const idleSince = new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000).toISOString();
    await t.app.ctx.db
      .updateTable('user_session')
      .set({ last_seen_at: idleSince })
      .where('id', '=', me.sessionId)
      .execute();
    t.app.ctx.sessions.forgetUser(me.user.id); // drop the 5 s cache entry so the row is read again
    const answer = await client.get('/api/v1/auth/me');
    expect(answer.status).toBe(401);
    expect((await sessionRows()).map((s) => s.id)).not.toContain(me.sessionId);
  });

  it('ends a session at its absolute expiry, however active', async () => {
    const client = await t.signedIn('usermanager');
    const me = (await client.get('/api/v1/auth/me')).json;
    await t.app.ctx.db
      .updateTable('user_session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString(), last_seen_at: new Date().toISOString() })
      .where('id', '=', me.sessionId)
      .execute();
    t.app.ctx.sessions.forgetUser(me.user.id);
    expect((await client.get('/api/v1/auth/me')).status).toBe(401);
  });
});

describe('session lifetimes from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SESSION_IDLE_MINUTES: '1', SESSION_MAX_HOURS: '1' });
  });
  afterAll(async () => t.close());

  it('gives the cookie a Max-Age of SESSION_MAX_HOURS and the row matching expiries', async () => {
    const client = t.client();
    const answer = await client.post('/api/v1/auth/signin', { username: 'admin', password: 'admin' });
    expect(answer.status).toBe(200);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(answer.headers.getSetCookie()[0] ?? '')?.[1]);
    expect(Math.abs(maxAge - 3600)).toBeLessThanOrEqual(2);
    const row = await t.app.ctx.db
      .selectFrom('user_session')
      .selectAll()
      .where('id', '=', answer.json.sessionId)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Date.parse(row.expires_at) - Date.now() - 3_600_000)).toBeLessThan(5_000);

    // One idle minute later (as the row says, plus the slack of its throttled writes) the session is gone.
    await t.app.ctx.db
      .updateTable('user_session')
      .set({ last_seen_at: new Date(Date.now() - 61_000 - touchIntervalFor(60_000)).toISOString() })
      .where('id', '=', row.id)
      .execute();
    t.app.ctx.sessions.forgetUser(row.user_id);
    expect((await client.get('/api/v1/auth/me')).status).toBe(401);
  });
});
