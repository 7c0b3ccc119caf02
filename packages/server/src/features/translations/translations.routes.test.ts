import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/** A GET with the path sent exactly as written. */
function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('translation routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('serves each language with its namespaces merged', async () => {
    for (const language of ['en', 'nl', 'de', 'pl']) {
      const answer = await t.client().get(`/translations/${language}.json`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.json)).toEqual(expect.arrayContaining(['common', 'errors']));
      expect(typeof answer.json.common.save).toBe('string');
      expect(typeof answer.json.errors.notFound).toBe('string');
    }
    const nl = await t.client().get('/translations/nl.json');
    expect(nl.json.common.save).toBe('Opslaan');
  });

  it('answers an unknown translation file with a JSON 404', async () => {
    for (const file of ['fr.json', 'en.txt', 'common.json', '..%2Fen.json']) {
      const answer = await t.client().get(`/translations/${file}`);
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ status: 404, key: expect.any(String) });
    }
  });

  it('serves a customer specialization from the data folder, and nothing outside it', async () => {
    const folder = path.join(t.config.dataDir, 'userdata', 'specialization', 'acme', 'translations');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'en.json'), JSON.stringify({ common: { save: 'Store' } }));
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.json'), JSON.stringify({ secret: 'yes' }));

    const answer = await t.client().get('/translations/specialization/acme/en.json');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ common: { save: 'Store' } });

    const absent = await t.client().get('/translations/specialization/acme/nl.json');
    expect(absent.status).toBe(404);
    expect((await t.client().get('/translations/specialization/other/en.json')).status).toBe(404);

    const attempts = [
      '/translations/specialization/..%2F..%2F..%2F/secret.json',
      '/translations/specialization/%2E%2E/secret.json',
      '/translations/specialization/acme/..%2F..%2F..%2F..%2Fsecret.json',
      '/translations/specialization/acme/%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.json',
      '/translations/specialization/.hidden/en.json',
      '/translations/specialization/acme/en.json%00.txt',
    ];
    const rawAttempts = [
      ...attempts,
      '/translations/specialization/../../secret.json',
      '/translations/specialization/acme/../../../../secret.json',
    ];
    for (const url of rawAttempts) {
      // Raw HTTP: fetch would normalise dot segments before they reach the server.
      const attempt = await rawGet(t.baseUrl, url);
      expect([400, 404], url).toContain(attempt.status);
      expect(attempt.text, url).not.toContain('"yes"');
      expect(JSON.parse(attempt.text).key).toEqual(expect.any(String));
    }
  });

  it('lets a translation manager patch keys, and serves the patches', async () => {
    const translator = await signIn(t, 'translator');
    const set = await translator.post('/api/v1/translations/update', {
      language: 'nl',
      path: 'errors.notFound',
      value: 'Nergens te vinden.',
    });
    expect(set.status).toBe(200);
    await translator.post('/api/v1/translations/update', { language: 'nl', path: 'common.save', value: 'Bewaren' });
    await translator.post('/api/v1/translations/update', { language: 'de', path: 'common.save', value: 'Sichern' });

    const nl = await t.client().get('/api/v1/translations/patchFile/nl');
    expect(nl.status).toBe(200);
    expect(nl.json).toEqual({ errors: { notFound: 'Nergens te vinden.' }, common: { save: 'Bewaren' } });

    const changed = await translator.post('/api/v1/translations/update', {
      language: 'nl',
      path: 'common.save',
      value: 'Opslaan!',
    });
    expect(changed.status).toBe(200);
    expect((await t.client().get('/api/v1/translations/patchFile/nl')).json.common).toEqual({ save: 'Opslaan!' });

    const removed = await translator.post('/api/v1/translations/update', {
      language: 'nl',
      path: 'common.save',
      value: null,
    });
    expect(removed.status).toBe(200);
    expect((await t.client().get('/api/v1/translations/patchFile/nl')).json).toEqual({
      errors: { notFound: 'Nergens te vinden.' },
    });
    expect((await t.client().get('/api/v1/translations/patchFile/de')).json).toEqual({ common: { save: 'Sichern' } });
    expect((await t.client().get('/api/v1/translations/patchFile/pl')).json).toEqual({});

    // An admin holds translationManager through the hierarchy.
    const admin = await signIn(t, 'admin');
    const byAdmin = await admin.post('/api/v1/translations/update', { language: 'pl', path: 'common.ok', value: 'OK' });
    expect(byAdmin.status).toBe(200);
  });

  it('refuses unknown languages and bad paths, changing nothing', async () => {
    const translator = await signIn(t, 'translator');
    const before = await t.app.ctx.db.selectFrom('translation_patch').selectAll().execute();

    const language = await translator.post('/api/v1/translations/update', {
      language: 'fr',
      path: 'common.save',
      value: 'Enregistrer',
    });
    expect(language.status).toBe(400);
    expect(language.json).toMatchObject({ key: 'unknownLanguage', args: { language: 'fr' } });
    const patchFile = await t.client().get('/api/v1/translations/patchFile/fr');
    expect(patchFile.status).toBe(400);
    expect(patchFile.json.key).toBe('unknownLanguage');

    for (const badPath of ['save', '', 'common..save', 'common.save.', '../common.save', 'common save']) {
      const answer = await translator.post('/api/v1/translations/update', {
        language: 'en',
        path: badPath,
        value: 'x',
      });
      expect(answer.status).toBe(400);
      expect(answer.json.args.fields.map((f: { field: string }) => f.field)).toContain('body.path');
    }
    const missingValue = await translator.post('/api/v1/translations/update', { language: 'en', path: 'common.save' });
    expect(missingValue.status).toBe(400);
    expect(missingValue.json.args.fields.map((f: { field: string }) => f.field)).toContain('body.value');

    expect(await t.app.ctx.db.selectFrom('translation_patch').selectAll().execute()).toEqual(before);
  });

  it('refuses updates without sign-in (401) and without the translationManager role (403)', async () => {
    const body = { language: 'en', path: 'common.save', value: 'Keep' };
    const anonymous = await t.client().post('/api/v1/translations/update', body);
    expect(anonymous.status).toBe(401);
    for (const username of ['operator', 'usermanager', 'manager']) {
      const client = await signIn(t, username);
      const answer = await client.post('/api/v1/translations/update', body);
      expect(answer.status).toBe(403);
      expect(answer.json.key).toBe('requestForbidden');
    }
    expect((await t.client().get('/api/v1/translations/patchFile/en')).json).toEqual({});
  });
});
