import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, userIdOf, versionOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('POST /api/v1/users/{id}: roles, external id and settings', () => {
  let t: TestApp;
  let admin: HttpClient;
  let usermanager: HttpClient;
  let operator: HttpClient;
  let ids: Record<'admin' | 'operator' | 'manager' | 'usermanager' | 'translator', number>;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, usermanager, operator] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'usermanager'),
      signIn(t, 'operator'),
    ]);
    ids = {
      admin: await userIdOf(t, 'admin'),
      operator: await userIdOf(t, 'operator'),
      manager: await userIdOf(t, 'manager'),
      usermanager: await userIdOf(t, 'usermanager'),
      translator: await userIdOf(t, 'translator'),
    };
  });
  afterAll(async () => t.close());

  const rowOf = (id: number) =>
    t.app.ctx.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it("lets a userManager change another user's roles, external id and settings, bumping the version", async () => {
    const version = await versionOf(t, ids.translator);
    const answer = await admin.post(`/api/v1/users/${ids.translator}`, {
      version,
      newRoles: ['translationManager', 'information'],
      newExternalId: 'EMP002',
      newSettings: { popupDuration: 0, allowMultipleTabsActiveOnSameDevice: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      roles: ['translationManager', 'information'],
      externalId: 'EMP002',
      version: version + 1,
      settings: { popupDuration: 0, allowMultipleTabsActiveOnSameDevice: true, preferredLanguage: 'en' },
    });
  });

  it('merges new settings over the stored ones', async () => {
    const version = await versionOf(t, ids.translator);
    const answer = await admin.post(`/api/v1/users/${ids.translator}`, {
      version,
      newSettings: { menuFavorites: ['information'] },
    });
    expect(answer.json.settings).toMatchObject({ popupDuration: 0, menuFavorites: ['information'] });
    expect(answer.json.externalId).toBe('EMP002');
  });

  it('makes a role change take effect at once', async () => {
    const translator = await signIn(t, 'translator');
    expect((await translator.get('/api/v1/admin/users')).status).toBe(403);
    const version = await versionOf(t, ids.translator);
    const granted = await admin.post(`/api/v1/users/${ids.translator}`, {
      version,
      newRoles: ['translationManager', 'userManager'],
    });
    expect(granted.status).toBe(200);
    expect((await translator.get('/api/v1/admin/users')).status).toBe(200);
    const revoked = await admin.post(`/api/v1/users/${ids.translator}`, {
      version: version + 1,
      newRoles: ['translationManager'],
    });
    expect(revoked.status).toBe(200);
    expect((await translator.get('/api/v1/admin/users')).status).toBe(403);
  });

  it('lets a user change their own settings', async () => {
    const version = await versionOf(t, ids.operator);
    const answer = await operator.post(`/api/v1/users/${ids.operator}`, {
      version,
      newSettings: { preferredLanguage: 'de', linkableHoldToOpenDuration: 800, pickingToSound: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.settings).toMatchObject({ preferredLanguage: 'de', linkableHoldToOpenDuration: 800 });
  });

  it('keeps roles, external id and the multiple-tabs setting to userManagers', async () => {
    const before = await rowOf(ids.operator);
    const version = before.version;
    const ownExternal = await operator.post(`/api/v1/users/${ids.operator}`, { version, newExternalId: 'EMP003' });
    expect(ownExternal.status).toBe(403);
    const ownTabs = await operator.post(`/api/v1/users/${ids.operator}`, {
      version,
      newSettings: { allowMultipleTabsActiveOnSameDevice: true },
    });
    expect(ownTabs.status).toBe(403);
    const dropRole = await operator.post(`/api/v1/users/${ids.operator}`, { version, newRoles: ['information'] });
    expect(dropRole.status).toBe(403);
    const other = await operator.post(`/api/v1/users/${ids.translator}`, {
      version: await versionOf(t, ids.translator),
      newSettings: { popupDuration: 1 },
    });
    expect(other.status).toBe(403);
    expect(await rowOf(ids.operator)).toEqual(before);
  });

  it('refuses anyone raising their own roles, a userManager too', async () => {
    const before = await rowOf(ids.operator);
    const raise = await operator.post(`/api/v1/users/${ids.operator}`, {
      version: before.version,
      newRoles: ['information', 'stockTransfer', 'picking', 'admin'],
    });
    expect(raise.status).toBe(403);
    expect(raise.json).toMatchObject({ key: 'canNotRaiseOwnRoles' });
    expect(raise.json.args.roles).toContain('admin');
    expect(await rowOf(ids.operator)).toEqual(before);

    const managerBefore = await rowOf(ids.usermanager);
    const managerRaise = await usermanager.post(`/api/v1/users/${ids.usermanager}`, {
      version: managerBefore.version,
      newRoles: ['userManager', 'picking'],
    });
    expect(managerRaise.json).toMatchObject({ status: 403, key: 'canNotRaiseOwnRoles', args: { roles: ['picking'] } });
    expect(await rowOf(ids.usermanager)).toEqual(managerBefore);
  });

  it('lets a user manager remove their own roles', async () => {
    const version = await versionOf(t, ids.admin);
    const adminKeeps = await admin.post(`/api/v1/users/${ids.admin}`, { version, newRoles: ['admin'] });
    expect(adminKeeps.status).toBe(200);
    const created = await admin.post('/api/v1/users/new', {
      username: 'um2',
      password: 'um2-password',
      roles: ['userManager', 'picking'],
    });
    const um2 = await signIn(t, 'um2', 'um2-password');
    const drop = await um2.post(`/api/v1/users/${created.json.id}`, { version: 1, newRoles: ['userManager'] });
    expect(drop.status).toBe(200);
    expect(drop.json.roles).toEqual(['userManager']);
  });

  it('lets a non-admin userManager grant only roles they hold', async () => {
    const before = await rowOf(ids.operator);
    const grant = await usermanager.post(`/api/v1/users/${ids.operator}`, {
      version: before.version,
      newRoles: [...JSON.parse(before.roles), 'pickAndCollect'],
    });
    expect(grant.json).toMatchObject({
      status: 403,
      key: 'canNotGrantRolesYouDoNotHave',
      args: { roles: ['pickAndCollect'] },
    });
    expect(await rowOf(ids.operator)).toEqual(before);
    const remove = await usermanager.post(`/api/v1/users/${ids.operator}`, {
      version: before.version,
      newRoles: ['information', 'picking', 'userManager'],
    });
    expect(remove.status).toBe(200);
    expect(remove.json.roles).toEqual(['information', 'picking', 'userManager']);
  });

  it("keeps an admin's account to admins", async () => {
    const before = await rowOf(ids.admin);
    const answer = await usermanager.post(`/api/v1/users/${ids.admin}`, {
      version: before.version,
      newRoles: [],
    });
    expect(answer.json).toMatchObject({ status: 403, key: 'canNotManageAdminUser' });
    expect(await rowOf(ids.admin)).toEqual(before);
  });

  it('answers 412 to a stale version and changes nothing', async () => {
    const before = await rowOf(ids.manager);
    const answer = await admin.post(`/api/v1/users/${ids.manager}`, {
      version: before.version - 1 || 99,
      newExternalId: 'EMP001',
    });
    expect(answer.status).toBe(412);
    expect(answer.json.key).toBe('optimisticLockConflict');
    expect(await rowOf(ids.manager)).toEqual(before);
    const [first, second] = await Promise.all([
      admin.post(`/api/v1/users/${ids.manager}`, { version: before.version, newExternalId: 'EMP001' }),
      admin.post(`/api/v1/users/${ids.manager}`, { version: before.version, newExternalId: 'EMP003' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 412]);
    expect((await rowOf(ids.manager)).version).toBe(before.version + 1);
  });

  it('refuses bad input with 400 listing the fields, and changes nothing', async () => {
    const before = await rowOf(ids.manager);
    const answer = await admin.post(`/api/v1/users/${ids.manager}`, {
      version: before.version,
      newRoles: ['picking', 'wizard'],
      newSettings: { popupDuration: 20000, linkableHoldToOpenDuration: 0, preferredLanguage: 'fr', unknownSetting: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.key).toBe('invalidInput');
    const fields = answer.json.args.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'body.newRoles.1',
        'body.newSettings.popupDuration',
        'body.newSettings.linkableHoldToOpenDuration',
        'body.newSettings.preferredLanguage',
      ]),
    );
    expect((await admin.post(`/api/v1/users/${ids.manager}`, { newRoles: [] })).status).toBe(400);
    expect(await rowOf(ids.manager)).toEqual(before);
  });

  it('answers 404 for an unknown user and 401 without a session', async () => {
    expect((await admin.post('/api/v1/users/999999', { version: 1 })).json).toMatchObject({
      status: 404,
      key: 'unknownUser',
    });
    expect((await t.client().post(`/api/v1/users/${ids.operator}`, { version: 1 })).status).toBe(401);
  });
});
