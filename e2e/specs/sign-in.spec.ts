import { authEndpoints, pathOf } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../browser.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

interface FetchAnswer {
  status: number;
  body: any;
}

/** A fetch made by the page itself, so the browser's own cookie handling applies. */
async function pageFetch(page: Page, method: string, path: string, body?: unknown): Promise<FetchAnswer> {
  return page.evaluate(
    async ({ method, path, body, version }) => {
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          appversion: version,
          uniquesession: 'e2e-sign-in',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body, version: serverVersion },
  );
}

describe('sign-in through the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in as admin; the session cookie is httpOnly and /auth/me knows the user', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl);

    const before = await pageFetch(page, authEndpoints.me.method, pathOf(authEndpoints.me));
    expect(before.status).toBe(401);

    const signIn = await pageFetch(page, authEndpoints.signin.method, pathOf(authEndpoints.signin), {
      username: 'admin',
      password: 'admin',
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.username).toBe('admin');
    expect(signIn.body.expandedRoles).toContain('admin');
    expect(signIn.body.settings).toBeTypeOf('object');

    const me = await pageFetch(page, authEndpoints.me.method, pathOf(authEndpoints.me));
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe('admin');

    // The browser holds the cookie, but scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('wms_session');
    const cookies = await context.cookies(baseUrl);
    const session = cookies.find((cookie) => cookie.name === 'wms_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).not.toBe('None');
    await context.close();
  });

  it('refuses a wrong password without setting a cookie', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl);
    const signIn = await pageFetch(page, authEndpoints.signin.method, pathOf(authEndpoints.signin), {
      username: 'admin',
      password: 'wrong',
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({ status: 401 });
    expect((await context.cookies(baseUrl)).map((cookie) => cookie.name)).not.toContain('wms_session');
    expect((await pageFetch(page, authEndpoints.me.method, pathOf(authEndpoints.me))).status).toBe(401);
    await context.close();
  });
});
