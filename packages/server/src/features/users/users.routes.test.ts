import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@wms/contract';
import { hashRequest } from '../../http/idempotency.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('user administration: list, read, create, ERP and simple users', () => {
  let t: TestApp;
  let admin: HttpClient;
  let usermanager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, usermanager, operator] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'usermanager'),
      signIn(t, 'operator'),
    ]);
  });
  afterAll(async () => t.close());

  const countUsers = async () => (await t.app.ctx.db.selectFrom('app_user').select('id').execute()).length;

  describe('GET /api/v1/admin/users', () => {
    it('lists every user for a userManager, without secrets', async () => {
      const answer = await usermanager.get('/api/v1/admin/users');
      expect(answer.status).toBe(200);
      const names = answer.json.map((u: { username: string }) => u.username);
      expect(names).toEqual(expect.arrayContaining(['admin', 'operator', 'manager', 'usermanager']));
      for (const user of answer.json) expect(() => userSchema.strict().parse(user)).not.toThrow();
      expect(answer.text).not.toMatch(/password|totp_secret|scrypt/i);
    });
    it('refuses an operator (403) and a caller without a session (401)', async () => {
      expect((await operator.get('/api/v1/admin/users')).json).toMatchObject({ status: 403, key: 'requestForbidden' });
      expect((await t.client().get('/api/v1/admin/users')).status).toBe(401);
    });
  });

  describe('GET /api/v1/admin/users/{id}', () => {
    it('answers any user to a userManager and the user themself to the user', async () => {
      const operatorId = await userIdOf(t, 'operator');
      const byManager = await usermanager.get(`/api/v1/admin/users/${operatorId}`);
      expect(byManager.status).toBe(200);
      expect(byManager.json).toMatchObject({ id: operatorId, username: 'operator', totpEnabled: false, active: true });
      const bySelf = await operator.get(`/api/v1/admin/users/${operatorId}`);
      expect(bySelf.status).toBe(200);
      expect(bySelf.json.roles).toContain('picking');
    });
    it("refuses another user's record to an operator, and answers 404 for an unknown id", async () => {
      const adminId = await userIdOf(t, 'admin');
      expect((await operator.get(`/api/v1/admin/users/${adminId}`)).status).toBe(403);
      expect((await t.client().get(`/api/v1/admin/users/${adminId}`)).status).toBe(401);
      expect((await admin.get('/api/v1/admin/users/999999')).json).toMatchObject({ status: 404, key: 'unknownUser' });
      expect((await admin.get('/api/v1/admin/users/abc')).status).toBe(400);
    });
  });

  describe('POST /api/v1/users/new', () => {
    it('creates a user who can then sign in', async () => {
      const answer = await admin.post('/api/v1/users/new', {
        username: 'Picker1',
        password: 'secret-one',
        roles: ['picking', 'information'],
        settings: { preferredLanguage: 'nl', popupDuration: 3000 },
        emailAddress: 'picker1@example.com',
        externalId: 'EMP001',
      });
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({
        username: 'Picker1',
        roles: ['picking', 'information'],
        emailAddress: 'picker1@example.com',
        externalId: 'EMP001',
        version: 1,
        settings: { preferredLanguage: 'nl', popupDuration: 3000, linkableHoldToOpenDuration: 1500 },
      });
      const signin = await t.client().post('/api/v1/auth/signin', { username: 'picker1', password: 'secret-one' });
      if (signin.status !== 404) expect(signin.status).toBe(200);
    });

    it('refuses a username taken in another case (409) and changes nothing', async () => {
      const before = await countUsers();
      const answer = await usermanager.post('/api/v1/users/new', {
        username: 'ADMIN',
        password: 'whatever-2',
        roles: [],
      });
      expect(answer.status).toBe(409);
      expect(answer.json).toMatchObject({ key: 'usernameTaken', args: { username: 'ADMIN' } });
      expect(await countUsers()).toBe(before);
    });

    it('creates one of two concurrent creates of the same name; the other gets 409', async () => {
      const before = await countUsers();
      const answers = await Promise.all(
        ['Racer', 'racer', 'RACER'].map((username) =>
          admin.post('/api/v1/users/new', { username, password: 'racer-pass', roles: [] }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      expect(answers.filter((a) => a.status === 409).every((a) => a.json.key === 'usernameTaken')).toBe(true);
      expect(await countUsers()).toBe(before + 1);
    });

    it('refuses bad input with 400 listing the fields, and changes nothing', async () => {
      const before = await countUsers();
      const missing = await admin.post('/api/v1/users/new', { username: '', roles: ['noSuchRole'] });
      expect(missing.status).toBe(400);
      expect(missing.json.key).toBe('invalidInput');
      const fields = missing.json.args.fields.map((f: { field: string }) => f.field);
      expect(fields).toEqual(expect.arrayContaining(['body.username', 'body.password', 'body.roles.0']));
      const badSettings = await admin.post('/api/v1/users/new', {
        username: 'x1',
        password: 'abcd',
        roles: [],
        settings: { popupDuration: 10001, linkableHoldToOpenDuration: 0 },
      });
      expect(badSettings.status).toBe(400);
      expect(badSettings.json.args.fields.map((f: { field: string }) => f.field)).toEqual(
        expect.arrayContaining(['body.settings.popupDuration', 'body.settings.linkableHoldToOpenDuration']),
      );
      const unknownField = await admin.post('/api/v1/users/new', {
        username: 'x2',
        password: 'abcd',
        roles: [],
        admin: true,
      });
      expect(unknownField.status).toBe(400);
      expect(await countUsers()).toBe(before);
    });

    it('applies the password rules: at least 8 characters, not the username, not a common one; empty only when allowEmptyPassword is on', async () => {
      const before = await countUsers();
      const short = await admin.post('/api/v1/users/new', { username: 'shorty', password: 'abcdefg', roles: [] });
      expect(short.status).toBe(400);
      expect(short.json).toMatchObject({ key: 'passwordTooShort', args: { minLength: 8 } });
      const same = await admin.post('/api/v1/users/new', { username: 'SameName1', password: 'samename1', roles: [] });
      expect(same.json).toMatchObject({ status: 400, key: 'passwordIsUsername' });
      const common = await admin.post('/api/v1/users/new', { username: 'commoner', password: 'Password1', roles: [] });
      expect(common.json).toMatchObject({ status: 400, key: 'passwordTooCommon' });
      expect(common.json.args.fields[0].field).toBe('body.password');
      expect(await countUsers()).toBe(before);
      const empty = await admin.post('/api/v1/users/new', { username: 'empty1', password: '', roles: [] });
      expect(empty.json.key).toBe('passwordTooShort');

      const { version } = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(version, { allowEmptyPassword: true });
      try {
        const allowed = await admin.post('/api/v1/users/new', { username: 'empty1', password: '', roles: [] });
        expect(allowed.status).toBe(201);
      } finally {
        const current = await t.app.ctx.settings.get();
        await t.app.ctx.settings.update(current.version, { allowEmptyPassword: false });
      }
    });

    it('lets a non-admin userManager grant only roles they hold', async () => {
      const before = await countUsers();
      const answer = await usermanager.post('/api/v1/users/new', {
        username: 'sneaky',
        password: 'sneaky-pass',
        roles: ['admin', 'picking'],
      });
      expect(answer.status).toBe(403);
      expect(answer.json).toMatchObject({ key: 'canNotGrantRolesYouDoNotHave', args: { roles: ['admin', 'picking'] } });
      expect(await countUsers()).toBe(before);
      const allowed = await usermanager.post('/api/v1/users/new', {
        username: 'helper1',
        password: 'helper1-pass',
        roles: [],
      });
      expect(allowed.status).toBe(201);
    });

    it('creates one user for a retried request with the same Idempotency-Key', async () => {
      const before = await countUsers();
      const body = { username: 'retried', password: 'pw-of-retried', roles: ['counting'] };
      const headers = { 'Idempotency-Key': 'create-retried-0001' };
      const [first, second] = await Promise.all([
        admin.post('/api/v1/users/new', body, headers),
        admin.post('/api/v1/users/new', body, headers),
      ]);
      const third = await admin.post('/api/v1/users/new', body, headers);
      for (const answer of [first, second, third]) expect(answer.status).toBe(201);
      expect(second.json.id).toBe(first.json.id);
      expect(third.json.id).toBe(first.json.id);
      expect(third.headers.get('idempotent-replayed')).toBe('true');
      expect(await countUsers()).toBe(before + 1);
      // Without the key, the same request is a new create: the name is taken.
      expect((await admin.post('/api/v1/users/new', body)).status).toBe(409);
      // The same key with another body is refused.
      const other = await admin.post('/api/v1/users/new', { ...body, username: 'retried2' }, headers);
      expect(other.status).toBe(422);
      expect(other.json.key).toBe('idempotencyKeyConflict');
    });

    it('stores no fast hash of the password in the idempotency record', async () => {
      const rows = await t.app.ctx.db.selectFrom('idempotency_record').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      const withPassword = hashRequest({ username: 'retried', password: 'pw-of-retried', roles: ['counting'] });
      for (const row of rows) {
        expect(row.request_hash).not.toBe(withPassword);
        expect(row.response).not.toContain('pw-of-retried');
      }
    });

    it('refuses an operator (403) and a caller without a session (401), creating nothing', async () => {
      const before = await countUsers();
      const body = { username: 'op-made', password: 'abcd', roles: [] };
      expect((await operator.post('/api/v1/users/new', body)).status).toBe(403);
      expect((await t.client().post('/api/v1/users/new', body)).status).toBe(401);
      expect(await countUsers()).toBe(before);
    });
  });

  describe('GET /api/v1/admin/erpUsers and /api/v1/admin/simple_users', () => {
    it('lists ERP users to a userManager only', async () => {
      const answer = await usermanager.get('/api/v1/admin/erpUsers');
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual(
        expect.arrayContaining([
          { code: 'EMP001', name: 'Anna de Vries' },
          { code: 'EMP002', name: 'Jan Kowalski' },
        ]),
      );
      expect((await operator.get('/api/v1/admin/erpUsers')).status).toBe(403);
      expect((await t.client().get('/api/v1/admin/erpUsers')).status).toBe(401);
    });

    it('lists active users as {userid, username} to anyone signed in', async () => {
      const inactive = await admin.post('/api/v1/users/new', { username: 'gone', password: 'gone-pass-1', roles: [] });
      await t.app.ctx.db.updateTable('app_user').set({ active: 0 }).where('id', '=', inactive.json.id).execute();
      const answer = await operator.get('/api/v1/admin/simple_users');
      expect(answer.status).toBe(200);
      expect(answer.json).toContainEqual({ userid: await userIdOf(t, 'operator'), username: 'operator' });
      expect(answer.json.map((u: { username: string }) => u.username)).not.toContain('gone');
      expect(Object.keys(answer.json[0]).sort()).toEqual(['userid', 'username']);
      expect((await t.client().get('/api/v1/admin/simple_users')).status).toBe(401);
    });
  });
});
