import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './session-helper.js';
import { buildTestApp, type TestApp } from './test-app.js';

const fieldsOf = (answer: { json: { args: { fields: { field: string }[] } } }) =>
  answer.json.args.fields.map((f) => f.field);

describe('platform HTTP behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    const answer = await t.client().get('/api/v1/does/not/exist');
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.json).toMatchObject({ status: 404, key: 'notFound', args: { url: '/api/v1/does/not/exist' } });
    expect(typeof answer.json.message).toBe('string');
    const post = await t.client().post('/api/v1/nothing/here?x=1', {});
    expect(post.status).toBe(404);
    expect(post.json).toMatchObject({ key: 'notFound', args: { method: 'POST', url: '/api/v1/nothing/here' } });
  });

  it('answers malformed JSON with 400 malformedJson', async () => {
    const answer = await t.client().post('/api/v1/system/submitBugReport', '{"report": "x"');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: 400, key: 'malformedJson' });
    expect(answer.json.message).toEqual(expect.any(String));
  });

  it('answers wrong types with 400 invalidInput naming each field', async () => {
    const answer = await t.client().post('/api/v1/system/submitBugReport', { report: 12 });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: 400, key: 'invalidInput' });
    expect(fieldsOf(answer)).toEqual(['body.report']);
    expect(answer.json.args.fields[0].message).toEqual(expect.any(String));

    const translator = await signIn(t, 'translator');
    const several = await translator.post('/api/v1/translations/update', { language: 3, path: true });
    expect(several.status).toBe(400);
    expect(fieldsOf(several)).toEqual(expect.arrayContaining(['body.language', 'body.path', 'body.value']));
  });

  it('checks the AppVersion header: older is 410, equal or newer or absent is fine', async () => {
    const client = t.client();
    const [major, minor, patch] = t.config.version.split('.').map(Number) as [number, number, number];
    const older = major > 0 ? `${major - 1}.99.99` : minor > 0 ? `0.${minor - 1}.99` : `0.0.${patch - 1}`;
    const old = await client.get('/api/v1/config/version', { AppVersion: older });
    expect(old.status).toBe(410);
    expect(old.json).toMatchObject({ status: 410, key: 'oldVersion', args: { clientVersion: older } });

    expect((await client.get('/api/v1/config/version', { AppVersion: t.config.version })).status).toBe(200);
    expect((await client.get('/api/v1/config/version', { AppVersion: `${major + 1}.0.0` })).status).toBe(200);
    expect((await client.get('/api/v1/config/version', { AppVersion: `${major}.${minor}.${patch}.1` })).status).toBe(
      200,
    );

    const bare = t.client();
    delete bare.headers.AppVersion;
    const absent = await bare.get('/api/v1/config/version');
    expect(absent.status).toBe(200);
    expect(absent.json.version).toBe(t.config.version);

    // Nonsense is treated as old: the client reloads and gets a proper build.
    expect((await client.get('/api/v1/config/version', { AppVersion: 'banana' })).status).toBe(410);
  });

  it('applies the optimistic lock: a stale settings version is 412', async () => {
    const admin = await signIn(t, 'admin');
    const { version } = (await admin.get('/api/v1/admin/settings')).json;
    expect((await admin.post('/api/v1/admin/settings', { version, settings: {} })).status).toBe(200);
    const stale = await admin.post('/api/v1/admin/settings', { version, settings: { customCssCode: 'x' } });
    expect(stale.status).toBe(412);
    expect(stale.json).toMatchObject({ status: 412, key: 'optimisticLockConflict' });
  });

  it('serves the OpenAPI document with the routes and their schemas, and the docs page', async () => {
    const json = await t.client().get('/api/docs/json');
    expect(json.status).toBe(200);
    const paths = json.json.paths as Record<string, Record<string, any>>;
    for (const path of [
      '/api/v1/config/',
      '/api/v1/config/version',
      '/api/v1/admin/settings',
      '/api/v1/config/setup',
      '/api/v1/system/submitBugReport',
      '/api/v1/system/bugReports',
      '/api/v1/analytics/action',
      '/api/v1/translations/update',
      '/api/v1/translations/patchFile/{language}',
      '/translations/{file}',
      '/translations/specialization/{customerId}/{file}',
    ]) {
      expect(Object.keys(paths), path).toContain(path);
    }
    const submit = paths['/api/v1/system/submitBugReport']!.post;
    const bodySchema = submit.requestBody.content['application/json'].schema;
    expect(bodySchema.properties.report.type).toBe('string');
    expect(bodySchema.required).toContain('report');
    expect(submit.responses['200'].content['application/json'].schema.properties.id).toBeDefined();
    const config = paths['/api/v1/config/']!.get.responses['200'].content['application/json'].schema;
    expect(Object.keys(config.properties)).toEqual(
      expect.arrayContaining([
        'settings',
        'languageFiles',
        'languageIsoCodeMapping',
        'wmsHasBeenConfigured',
        'version',
      ]),
    );
    const setup = paths['/api/v1/config/setup']!.post.requestBody.content['application/json'].schema;
    expect(setup.properties.erpType.enum).toEqual(['NONE', 'SAP', 'EXACT_ONLINE', 'EXACT_GLOBE']);
    expect(paths['/translations/{file}']!.get.parameters[0]).toMatchObject({ name: 'file', in: 'path' });

    const page = await t.client().get('/api/docs');
    const html = page.status === 302 ? await t.client().get(page.headers.get('location') ?? '/api/docs/') : page;
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.text).toContain('<html');
  });

  it('seeds the demo users once', async () => {
    const users = await t.app.ctx.db.selectFrom('app_user').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'operator', 'manager', 'taskmanager', 'usermanager', 'translator']),
    );
  });
});

describe('body size limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BODY_LIMIT_BYTES: '1024' });
  });
  afterAll(async () => t.close());

  it('answers a body over BODY_LIMIT_BYTES with 413 payloadTooLarge and stores nothing', async () => {
    const answer = await t.client().post('/api/v1/system/submitBugReport', { report: 'x'.repeat(2000) });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ status: 413, key: 'payloadTooLarge', args: { limit: 1024 } });
    const rows = await t.app.ctx.db.selectFrom('bug_report').selectAll().execute();
    expect(rows).toEqual([]);
    expect((await t.client().post('/api/v1/system/submitBugReport', { report: 'x'.repeat(500) })).status).toBe(200);
  });
});
