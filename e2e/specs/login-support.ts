import { authEndpoints, urlOf, type EndpointSpec, type RequestTuple } from '@wms/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A signed-in API client for preparing state from the test (cookie kept by hand). */
/** The demo users: the seed gives each the password of its name. */
const demoUsernames = new Set([
  'admin',
  'operator',
  'manager',
  'production',
  'taskmanager',
  'usermanager',
  'translator',
]);

/**
 * The password of a user in the e2e specs: a demo user's is its name; a user a spec creates gets
 * `<name>-secret` (the server's password policy refuses the username itself).
 */
export function passwordOf(username: string): string {
  return demoUsernames.has(username) ? username : `${username}-secret`;
}

export class ApiSession {
  private cookie = '';
  constructor(
    readonly baseUrl: string,
    readonly version: string,
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any }> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        appversion: this.version,
        uniquesession: 'e2e-api-session',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith('wms_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /**
   * Calls a contract endpoint (the URL from urlOf). The body is loosely typed: the answer on
   * success, the error body otherwise (specs assert either).
   */
  async api<S extends EndpointSpec>(
    endpoint: S,
    ...args: [...RequestTuple<S>, headers?: Record<string, string>]
  ): Promise<{ status: number; body: any }> {
    const [request, headers] = args as unknown as [{ body?: unknown } | undefined, Record<string, string> | undefined];
    const url = urlOf(endpoint, ...([request] as RequestTuple<S>));
    return this.call(endpoint.method, url, request?.body, headers);
  }

  static async signIn(
    baseUrl: string,
    version: string,
    username: string,
    password = passwordOf(username),
    mfaToken?: string,
  ) {
    const session = new ApiSession(baseUrl, version);
    const answer = await session.api(authEndpoints.signin, { body: { username, password, mfaToken } });
    if (answer.status !== 200)
      throw new Error(`sign-in of ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return session;
  }
}

/**
 * A fresh browser context (own storage) whose page has loaded the app (at `path`, default the
 * root) and shows the login modal.
 */
export async function openLogin(
  browser: Browser,
  baseUrl: string,
  options: {
    viewport?: { width: number; height: number };
    hasTouch?: boolean;
    path?: string;
    deviceConfig?: Record<string, unknown>;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  // Service workers blocked: page.route must see every request, and each test starts clean.
  const context = await browser.newContext({
    viewport: options.viewport,
    hasTouch: options.hasTouch,
    serviceWorkers: 'block',
  });
  if (options.deviceConfig) {
    await context.addInitScript((config) => {
      try {
        if (!localStorage.getItem('wms.deviceConfig')) localStorage.setItem('wms.deviceConfig', JSON.stringify(config));
      } catch {
        // Not the app's document: a PDF viewer's document has no local storage.
      }
    }, options.deviceConfig);
  }
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(baseUrl + (options.path ?? ''));
  await page.getByTestId('login-modal').waitFor();
  return { context, page, errors };
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, username: string, password: string, code?: string) {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  if (code !== undefined) await page.locator('#login-code').fill(code);
  await page.getByTestId('login-submit').click();
}

/** Waits until the login modal is gone (signed in). */
export async function waitSignedIn(page: Page) {
  await page.getByTestId('login-modal').waitFor({ state: 'detached' });
}

export const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
