import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/secrets.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe('POST /api/v1/users/{id}/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const hashOf = async (username: string) =>
    (
      await t.app.ctx.db
        .selectFrom('app_user')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const sessionCount = async (userId: number) =>
    (await t.app.ctx.db.selectFrom('user_session').select('id').where('user_id', '=', userId).execute()).length;
  const setAllowUsersToChangePassword = async (allow: boolean) => {
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { allowUsersToChangePassword: allow });
  };

  it("lets a userManager set another user's password and closes all of that user's sessions", async () => {
    const usermanager = await signIn(t, 'usermanager');
    const manager = await signIn(t, 'manager');
    const managerId = await userIdOf(t, 'manager');
    expect((await manager.get(`/api/v1/admin/users/${managerId}`)).status).toBe(200);

    const answer = await usermanager.post(`/api/v1/users/${managerId}/password`, { password: 'new-manager-pw' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect(await verifyPassword('new-manager-pw', await hashOf('manager'))).toBe(true);
    expect(await sessionCount(managerId)).toBe(0);
    expect((await manager.get(`/api/v1/admin/users/${managerId}`)).status).toBe(401);
    expect((await usermanager.get('/api/v1/admin/users')).status).toBe(200);
  });

  it("lets a user change their own password when allowed, keeping the caller's session only", async () => {
    await setAllowUsersToChangePassword(true);
    const operatorId = await userIdOf(t, 'operator');
    const here = await signIn(t, 'operator');
    const elsewhere = await signIn(t, 'operator');
    const path = `/api/v1/users/${operatorId}/password`;
    const before = await hashOf('operator');
    // Your own password only with the current one: a stolen session can not lock the owner out.
    const without = await here.post(path, { password: 'operator-2' });
    expect(without.json).toMatchObject({ status: 400, key: 'currentPasswordRequired' });
    expect(without.json.args.fields[0].field).toBe('body.currentPassword');
    const wrong = await here.post(path, { password: 'operator-2', currentPassword: 'not-it' });
    expect(wrong.json).toMatchObject({ status: 400, key: 'currentPasswordIncorrect' });
    expect(await hashOf('operator')).toBe(before);
    expect(await sessionCount(operatorId)).toBe(2);
    const answer = await here.post(path, { password: 'operator-2', currentPassword: 'operator' });
    expect(answer.status).toBe(200);
    expect(await verifyPassword('operator-2', await hashOf('operator'))).toBe(true);
    expect((await here.get(`/api/v1/admin/users/${operatorId}`)).status).toBe(200);
    expect((await elsewhere.get(`/api/v1/admin/users/${operatorId}`)).status).toBe(401);
    expect(await sessionCount(operatorId)).toBe(1);
  });

  it('refuses a user changing their own password when allowUsersToChangePassword is off', async () => {
    await setAllowUsersToChangePassword(false);
    try {
      const translatorId = await userIdOf(t, 'translator');
      const translator = await signIn(t, 'translator');
      const before = await hashOf('translator');
      const answer = await translator.post(`/api/v1/users/${translatorId}/password`, { password: 'mine-now' });
      expect(answer.status).toBe(403);
      expect(answer.json.key).toBe('changingPasswordNotAllowed');
      expect(await hashOf('translator')).toBe(before);
      // A userManager still may change their own.
      const usermanagerId = await userIdOf(t, 'usermanager');
      const usermanager = await signIn(t, 'usermanager');
      const own = await usermanager.post(`/api/v1/users/${usermanagerId}/password`, {
        password: 'um-pw-2-long',
        currentPassword: 'usermanager',
      });
      expect(own.status).toBe(200);
    } finally {
      await setAllowUsersToChangePassword(true);
    }
  });

  it("refuses someone else's password to a non-userManager, and an admin's to a non-admin", async () => {
    const operator = await signIn(t, 'operator', 'operator-2');
    const translatorId = await userIdOf(t, 'translator');
    const before = await hashOf('translator');
    const answer = await operator.post(`/api/v1/users/${translatorId}/password`, { password: 'taken-over' });
    expect(answer.json).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect(await hashOf('translator')).toBe(before);

    const usermanager = await signIn(t, 'usermanager', 'um-pw-2-long');
    const adminBefore = await hashOf('admin');
    const adminAnswer = await usermanager.post(`/api/v1/users/${await userIdOf(t, 'admin')}/password`, {
      password: 'taken-over',
    });
    expect(adminAnswer.json).toMatchObject({ status: 403, key: 'canNotManageAdminUser' });
    expect(await hashOf('admin')).toBe(adminBefore);
  });

  it('applies the password rules and refuses bad input with fields, changing nothing', async () => {
    const admin = await signIn(t, 'admin');
    const translatorId = await userIdOf(t, 'translator');
    const before = await hashOf('translator');
    const short = await admin.post(`/api/v1/users/${translatorId}/password`, { password: 'abcdefg' });
    expect(short.json).toMatchObject({ status: 400, key: 'passwordTooShort', args: { minLength: 8 } });
    const username = await admin.post(`/api/v1/users/${translatorId}/password`, { password: 'TRANSLATOR' });
    expect(username.json).toMatchObject({ status: 400, key: 'passwordIsUsername' });
    const common = await admin.post(`/api/v1/users/${translatorId}/password`, { password: 'qwerty123' });
    expect(common.json).toMatchObject({ status: 400, key: 'passwordTooCommon' });
    const empty = await admin.post(`/api/v1/users/${translatorId}/password`, { password: '' });
    expect(empty.json.key).toBe('passwordTooShort');
    const wrongType = await admin.post(`/api/v1/users/${translatorId}/password`, { password: 1234 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.args.fields[0].field).toBe('body.password');
    const tooLong = await admin.post(`/api/v1/users/${translatorId}/password`, { password: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(await hashOf('translator')).toBe(before);
    expect((await admin.post('/api/v1/users/999999/password', { password: 'abcdef-long' })).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const answer = await t.client().post(`/api/v1/users/${await userIdOf(t, 'admin')}/password`, { password: 'abcd' });
    expect(answer.status).toBe(401);
  });
});
