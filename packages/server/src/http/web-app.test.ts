import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { webAppCheckIntervalMs, registerWebApp } from './web-app.js';

const indexHtml = '<!doctype html><title>WMS</title>';

/** Writes the built web app into the folder, as `npm run build` does. */
function build(webDistDir: string) {
  fs.mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDistDir, 'assets', 'main-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(webDistDir, 'index.html'), indexHtml);
}

describe('the web app missing at start', () => {
  let t: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-web-missing-'));
    t = await buildTestApp({ WEB_DIST_DIR: webDistDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers pages 503 webAppNotBuilt, then serves the app once it is built, without a restart', async () => {
    for (const url of ['/', '/item/item_info']) {
      const missing = await t.client().get(url);
      expect(missing.status, url).toBe(503);
      expect(missing.json).toMatchObject({ status: 503, key: 'webAppNotBuilt' });
      expect(missing.json.message).toContain('web app is not installed');
      expect(missing.headers.get('retry-after')).toBe('5');
    }
    expect((await t.client().get('/assets/main-abc123.js')).status).toBe(503);
    // The API is not affected.
    expect((await t.client().get('/api/v1/config/version')).status).toBe(200);
    expect((await t.client().get('/api/v1/no-such-route')).json.key).toBe('notFound');

    build(webDistDir);
    await vi.waitFor(
      async () => {
        const page = await t.client().get('/item/item_info');
        expect(page.status).toBe(200);
        expect(page.text).toBe(indexHtml);
      },
      { timeout: webAppCheckIntervalMs * 3, interval: 200 },
    );
    const root = await t.client().get('/');
    expect([root.status, root.text]).toEqual([200, indexHtml]);
    const asset = await t.client().get('/assets/main-abc123.js');
    expect([asset.status, asset.text]).toEqual([200, 'console.log(1);']);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.client().get('/api/v1/no-such-route')).status).toBe(404);
    // Files outside the build, hidden ones and encoded dot segments are pages, never files.
    fs.writeFileSync(path.join(webDistDir, '.env'), 'hidden-content');
    for (const url of ['/.env', '/assets/%2e%2e/index.html', '/assets/..%2f..%2fpackage.json']) {
      const answer = await t.client().get(url);
      expect(answer.text, url).not.toContain('hidden-content');
      expect([answer.status, answer.text], url).toEqual([200, indexHtml]);
    }
    // A NUL is refused before any lookup (the NUL guard), as everywhere.
    const nul = await t.client().get('/assets/%00.js');
    expect([nul.status, nul.json.key]).toEqual([400, 'invalidInput']);
    // An overlong API path is still the router's answer, not a file lookup.
    const long = await t.client().get(`/api/v1/item/find/${'x'.repeat(101)}`);
    expect([long.status, long.json.key]).toEqual([414, 'valueTooLong']);
  });
});

describe('the start-up warning', () => {
  it('is logged when index.html is missing, naming the folder, and not when it is there', async () => {
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-web-log-'));
    const startWith = async () => {
      const lines: { level: number; msg: string; webDistDir?: string }[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
          done();
        },
      });
      const app = Fastify({ logger: { level: 'warn', stream } });
      await registerWebApp(app, { webDistDir, messageFor: (key) => key });
      await app.ready();
      await app.close();
      return lines.filter((line) => line.msg.includes('web app is not built'));
    };
    try {
      const warnings = await startWith();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40, webDistDir });
      expect(warnings[0]?.msg).toContain(path.join(webDistDir, 'index.html'));
      build(webDistDir);
      expect(await startWith()).toEqual([]);
    } finally {
      fs.rmSync(webDistDir, { recursive: true, force: true });
    }
  });
});
