import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(header: string | null): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name] = values;
  }
  return directives;
}

describe('security headers', () => {
  let t: TestApp;
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>WMS</title>');
    fs.mkdirSync(path.join(webDistDir, 'assets'));
    fs.writeFileSync(path.join(webDistDir, 'assets', 'main-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ WEB_DIST_DIR: webDistDir, CSP_CONNECT_SRC: 'https://translate.example' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Headers) => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('referrer-policy')).toBe('same-origin');
    // Plain HTTP (COOKIE_SECURE=false): no HSTS.
    expect(headers.get('strict-transport-security')).toBeNull();
    const csp = directivesOf(headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'https://translate.example']);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  };

  it('are on the web app, its assets and its page fallback', async () => {
    for (const url of ['/', '/assets/main-abc123.js', '/item/item_info']) {
      const answer = await t.client().get(url);
      expect(answer.status, url).toBe(200);
      expectSecurityHeaders(answer.headers);
    }
  });

  it('keep the hashed assets cached for good, the rest revalidated', async () => {
    const asset = await t.client().get('/assets/main-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.client().get('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('are on API answers, errors and unknown API routes', async () => {
    const version = await t.client().get('/api/v1/config/version');
    expect(version.status).toBe(200);
    expectSecurityHeaders(version.headers);
    const refused = await t.client().get('/api/v1/system/bugReports');
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused.headers);
    const unknown = await t.client().get('/api/v1/no-such-route');
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown.headers);
  });

  it('are on the API docs', async () => {
    for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const answer = await t.client().get(url);
      expect(answer.status, url).toBe(200);
      expectSecurityHeaders(answer.headers);
    }
  });
});

describe('security headers over HTTPS (COOKIE_SECURE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ COOKIE_SECURE: 'true' });
  });
  afterAll(async () => t.close());

  it('add Strict-Transport-Security without subdomains and upgrade-insecure-requests', async () => {
    const answer = await t.client().get('/api/v1/config/version');
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=15552000');
    expect(directivesOf(answer.headers.get('content-security-policy'))).toHaveProperty('upgrade-insecure-requests');
  });
});
