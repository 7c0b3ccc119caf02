import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configAnswerSchema } from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe('config routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers the public config without sign-in', async () => {
    const answer = await t.client().get('/api/v1/config/');
    expect(answer.status).toBe(200);
    const config = configAnswerSchema.parse(answer.json);
    expect(config).toMatchObject({
      runtimeType: 'TEST',
      version: t.config.version,
      wmsHasBeenConfigured: true,
      warehouseName: 'Demo warehouse',
      customerId: 'demo',
      languageFiles: { en: 'en.json', nl: 'nl.json', de: 'de.json', pl: 'pl.json' },
      languageIsoCodeMapping: { en: 'en-GB', nl: 'nl-NL', de: 'de-DE', pl: 'pl-PL' },
    });
    expect(config.settings).toEqual({
      allowEmptyPassword: false,
      scannerParseItemBarcode: true,
      customCssCode: '',
      sessionViewerRtcConfig: { iceServers: [] },
      allowUsersToChangePassword: true,
    });
    // Admin-only settings are not part of the public answer.
    expect(answer.json).not.toHaveProperty('defaultSessionPolicy');
    expect(answer.json.settings).not.toHaveProperty('defaultSessionPolicy');
  });

  it('answers the version without sign-in', async () => {
    const answer = await t.client().get('/api/v1/config/version');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ version: t.config.version });
  });

  it('lets an admin read and update settings, versioned', async () => {
    const admin = await signIn(t, 'admin');
    const before = await admin.get('/api/v1/admin/settings');
    expect(before.status).toBe(200);
    expect(before.json.settings.warehouseName).toBe('Demo warehouse');
    const version: number = before.json.version;

    const updated = await admin.post('/api/v1/admin/settings', {
      version,
      settings: { allowEmptyPassword: true, customCssCode: 'body { color: red }' },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.version).toBe(version + 1);
    expect(updated.json.settings).toMatchObject({ allowEmptyPassword: true, warehouseName: 'Demo warehouse' });

    const config = await t.client().get('/api/v1/config/');
    expect(config.json.settings).toMatchObject({ allowEmptyPassword: true, customCssCode: 'body { color: red }' });

    // A stale version is refused with 412 and changes nothing.
    const stale = await admin.post('/api/v1/admin/settings', { version, settings: { allowEmptyPassword: false } });
    expect(stale.status).toBe(412);
    expect(stale.json.key).toBe('optimisticLockConflict');
    const after = await admin.get('/api/v1/admin/settings');
    expect(after.json.version).toBe(version + 1);
    expect(after.json.settings.allowEmptyPassword).toBe(true);

    const restored = await admin.post('/api/v1/admin/settings', {
      version: version + 1,
      settings: { allowEmptyPassword: false, customCssCode: '' },
    });
    expect(restored.status).toBe(200);
  });

  it('refuses invalid settings with 400 naming the fields, changing nothing', async () => {
    const admin = await signIn(t, 'admin');
    const before = await admin.get('/api/v1/admin/settings');
    const wrongType = await admin.post('/api/v1/admin/settings', {
      version: before.json.version,
      settings: { allowEmptyPassword: 'yes', operationMode: 'SIDEWAYS' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.key).toBe('invalidInput');
    const fields = wrongType.json.args.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.settings.allowEmptyPassword', 'body.settings.operationMode']));

    const unknownSetting = await admin.post('/api/v1/admin/settings', {
      version: before.json.version,
      settings: { noSuchSetting: true },
    });
    expect(unknownSetting.status).toBe(400);
    expect(JSON.stringify(unknownSetting.json.args.fields)).toContain('noSuchSetting');

    const after = await admin.get('/api/v1/admin/settings');
    expect(after.json).toEqual(before.json);
  });

  it('refuses the admin routes without sign-in (401) and without the admin role (403)', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/v1/admin/settings')).status).toBe(401);
    expect((await anonymous.post('/api/v1/admin/settings', { version: 1, settings: {} })).status).toBe(401);
    expect(
      (await anonymous.post('/api/v1/config/setup', { erpType: 'NONE', warehouseName: 'X', operationMode: 'NORMAL' }))
        .status,
    ).toBe(401);

    for (const username of ['operator', 'usermanager', 'translator']) {
      const client = await signIn(t, username);
      const read = await client.get('/api/v1/admin/settings');
      expect(read.status).toBe(403);
      expect(read.json.key).toBe('requestForbidden');
      expect((await client.post('/api/v1/admin/settings', { version: 1, settings: {} })).status).toBe(403);
      expect(
        (await client.post('/api/v1/config/setup', { erpType: 'SAP', warehouseName: 'X', operationMode: 'NORMAL' }))
          .status,
      ).toBe(403);
    }
  });

  it('refuses setup once the system is configured', async () => {
    const admin = await signIn(t, 'admin');
    const answer = await admin.post('/api/v1/config/setup', {
      erpType: 'SAP',
      warehouseName: 'Second',
      operationMode: 'NORMAL',
    });
    expect(answer.status).toBe(409);
    expect(answer.json.key).toBe('alreadyConfigured');
    expect((await admin.get('/api/v1/admin/settings')).json.settings.warehouseName).toBe('Demo warehouse');
  });
});

describe('first-run setup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEMO_DATA: 'false' });
    // An empty installation with one admin (created as the users helper would).
    const at = new Date().toISOString();
    const { hashPassword } = await import('../auth/secrets.js');
    await t.app.ctx.db
      .insertInto('app_user')
      .values({
        username: 'admin',
        username_lower: 'admin',
        password_hash: await hashPassword('admin'),
        roles: JSON.stringify(['admin']),
        settings: JSON.stringify({ preferredLanguage: 'en' }),
        created_at: at,
        updated_at: at,
        version: 1,
        active: 1,
        totp_enabled: 0,
      })
      .execute();
  });
  afterAll(async () => t.close());

  it('configures an unconfigured system once', async () => {
    expect((await t.client().get('/api/v1/config/')).json.wmsHasBeenConfigured).toBe(false);
    const admin = await signIn(t, 'admin');

    const invalid = await admin.post('/api/v1/config/setup', {
      erpType: 'NOPE',
      warehouseName: '',
      operationMode: 'NORMAL',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.args.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['body.erpType', 'body.warehouseName']),
    );
    expect((await t.client().get('/api/v1/config/')).json.wmsHasBeenConfigured).toBe(false);

    const answer = await admin.post('/api/v1/config/setup', {
      erpType: 'EXACT_ONLINE',
      warehouseName: 'Main warehouse',
      operationMode: 'WALL_TO_WALL_BATCHING_MODE',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.settings).toMatchObject({
      erpType: 'EXACT_ONLINE',
      warehouseName: 'Main warehouse',
      operationMode: 'WALL_TO_WALL_BATCHING_MODE',
      wmsHasBeenConfigured: true,
    });
    const config = await t.client().get('/api/v1/config/');
    expect(config.json).toMatchObject({ wmsHasBeenConfigured: true, erpType: 'EXACT_ONLINE' });

    const again = await admin.post('/api/v1/config/setup', {
      erpType: 'SAP',
      warehouseName: 'Other',
      operationMode: 'NORMAL',
    });
    expect(again.status).toBe(409);
    expect(again.json.key).toBe('alreadyConfigured');
  });
});
