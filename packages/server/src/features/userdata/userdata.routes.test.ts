import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe('userdata: the web specialization bundle', () => {
  let t: TestApp;
  let bundleDir: string;

  beforeAll(async () => {
    t = await buildTestApp();
    bundleDir = path.join(t.config.dataDir, 'userdata', 'frontend_bundle');
  });
  afterAll(async () => t.close());

  it('answers 404 while there is no bundle, without signing in', async () => {
    fs.rmSync(bundleDir, { recursive: true, force: true });
    const head = await fetch(`${t.baseUrl}/userdata/frontend_bundle/main.js?v=${Date.now()}`, { method: 'HEAD' });
    expect(head.status).toBe(404);
    const get = await t.client().get('/userdata/frontend_bundle/main.js');
    expect(get.status).toBe(404);
    expect(get.json).toMatchObject({ status: 404, key: 'notFound' });
  });

  it('serves the bundle files publicly, uncached, with their content type; HEAD has no body', async () => {
    fs.mkdirSync(path.join(bundleDir, 'chunks'), { recursive: true });
    fs.writeFileSync(path.join(bundleDir, 'main.js'), 'export const specialized = true;\n');
    fs.writeFileSync(path.join(bundleDir, 'chunks', 'style.css'), 'body { color: red; }\n');

    const head = await fetch(`${t.baseUrl}/userdata/frontend_bundle/main.js?v=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(head.headers.get('cache-control')).toBe('no-cache');
    expect(await head.text()).toBe('');

    const js = await t.client().get('/userdata/frontend_bundle/main.js?v=2');
    expect(js.status).toBe(200);
    expect(js.text).toBe('export const specialized = true;\n');

    const css = await t.client().get('/userdata/frontend_bundle/chunks/style.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('never serves anything outside the bundle folder, hidden files or folders', async () => {
    fs.mkdirSync(bundleDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'userdata', 'secret.txt'), 'outside-content');
    fs.writeFileSync(path.join(bundleDir, '.env'), 'hidden-content');
    fs.symlinkSync(path.join(t.config.dataDir, 'userdata', 'secret.txt'), path.join(bundleDir, 'link.txt'));
    for (const url of [
      '/userdata/frontend_bundle/../secret.txt',
      '/userdata/frontend_bundle/%2e%2e/secret.txt',
      '/userdata/frontend_bundle/%2e%2e%2fsecret.txt',
      '/userdata/frontend_bundle/chunks/..%2f..%2fsecret.txt',
      '/userdata/frontend_bundle/..%5csecret.txt',
      '/userdata/frontend_bundle/.env',
      '/userdata/frontend_bundle/link.txt',
      '/userdata/frontend_bundle/chunks',
      '/userdata/frontend_bundle/',
      '/userdata/frontend_bundle/main.js%00.png',
    ]) {
      const answer = await t.client().get(url);
      expect(answer.text, url).not.toContain('outside-content');
      expect(answer.text, url).not.toContain('hidden-content');
      // A client normalizes a literal /../ away: that path is then a page of the web app (SPA
      // fallback), or 503 webAppNotBuilt where no web build is there (as in this test).
      if (answer.status === 200) expect(answer.headers.get('content-type'), url).toMatch(/^text\/html/);
      else if (answer.status === 503) expect(answer.json.key, url).toBe('webAppNotBuilt');
      else expect([404, 400], url).toContain(answer.status);
    }
  });
});
