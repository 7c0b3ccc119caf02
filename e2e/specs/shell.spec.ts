import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apps,
  authEndpoints,
  configEndpoints,
  pathOf,
  urlOf,
  userEndpoints,
  visibleApps,
  type ConfigAnswer,
  type MeAnswer,
} from '../../packages/contract/src/index.js';
import { launchBrowser, screenshotPath } from '../browser.js';
import { passwordOf } from './login-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

interface Answer {
  status: number;
  json: any;
  cookie: string | null;
}

async function api(method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      appversion: serverVersion,
      uniquesession: 'e2e-shell',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { status: response.status, json: await response.json().catch(() => null), cookie: setCookie };
}

async function signInApi(username: string): Promise<{ cookie: string; me: MeAnswer }> {
  const answer = await api(authEndpoints.signin.method, pathOf(authEndpoints.signin), {
    username,
    password: passwordOf(username),
  });
  expect(answer.status).toBe(200);
  return { cookie: answer.cookie ?? '', me: answer.json };
}

/** The menu a user must see: the same pure function as the web app, over the server's config and the user's roles. */
async function expectedMenuIds(username: string): Promise<string[]> {
  const config = (await api(configEndpoints.get.method, urlOf(configEndpoints.get))).json as ConfigAnswer;
  const { me } = await signInApi(username);
  return visibleApps(apps, { ...config, expandedRoles: me.expandedRoles }).map((app) => app.id);
}

let adminCookie = '';
let sequence = 0;

/** A fresh user with the given settings, so no test changes a demo user other specs use. */
async function createUser(roles: string[], settings: Record<string, unknown>): Promise<string> {
  sequence += 1;
  const username = `shell${Date.now().toString(36)}${sequence}`;
  const created = await api(
    userEndpoints.create.method,
    pathOf(userEndpoints.create),
    { username, password: passwordOf(username), roles },
    adminCookie,
  );
  expect(created.status).toBe(201);
  const updated = await api(
    userEndpoints.update.method,
    pathOf(userEndpoints.update, { id: created.json.id }),
    { version: created.json.version, newSettings: settings },
    adminCookie,
  );
  expect(updated.status).toBe(200);
  return username;
}

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/** Opens a path and signs in through the login modal; a named device so the device settings do not open by themselves. */
async function open(
  browser: Browser,
  username: string,
  path = '/dashboard',
  viewport = { width: 1280, height: 800 },
  hasTouch = false,
): Promise<Opened> {
  const context = await browser.newContext({ viewport, hasTouch });
  // Fail a step well before the test times out, naming the step.
  context.setDefaultTimeout(12_000);
  await context.addInitScript(() => {
    if (!localStorage.getItem('wms.deviceConfig'))
      localStorage.setItem('wms.deviceConfig', '{"deviceName":"e2e-shell"}');
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(baseUrl + path);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(passwordOf(username));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-title').waitFor();
  return { context, page, errors };
}

/** The menu as an open offcanvas (below lg); the column from lg up is not one. */
const offcanvas = (page: Page) => page.locator('[data-testid="side-menu"].show');

async function waitForTitle(page: Page, title: string): Promise<void> {
  await page
    .getByTestId('app-title')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .waitFor();
}

/** Opens each menu group in turn (only one may be open at once) and lists the app ids of all menu items. */
async function menuIds(page: Page): Promise<string[]> {
  const menu = page.getByTestId('menu');
  const headers = menu.locator('button[aria-expanded]');
  const testIds: string[] = [];
  const collect = async () =>
    testIds.push(
      ...(await menu
        .locator('[data-testid^="menu-item-"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''))),
    );
  await collect();
  for (let index = 0; index < (await headers.count()); index += 1) {
    const header = headers.nth(index);
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    await collect();
  }
  return [...new Set(testIds.map((id) => id.replace('menu-item-', '')))];
}

describe('application shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    adminCookie = (await signInApi('admin')).cookie;
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const username of ['admin', 'operator']) {
    it(`shows ${username} exactly the apps that are visible and built for their roles`, async () => {
      const expected = await expectedMenuIds(username);
      expect(expected).toEqual(expect.arrayContaining(['dashboard', 'userSettings']));
      const { context, page, errors } = await open(browser, username);
      expect((await menuIds(page)).sort()).toEqual([...expected].sort());
      const tiles = await page
        .locator('[data-testid^="dashboard-tile-"]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
      expect(tiles.sort()).toEqual(
        expected
          .filter((id) => id !== 'dashboard')
          .map((id) => `dashboard-tile-${id}`)
          .sort(),
      );
      expect(await page.getByTestId('user-dropdown-toggle').textContent()).toContain(username);
      await page.screenshot({ path: screenshotPath(`shell-${username}-1280x800`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('marks the menu search invalid when nothing matches and opens the first match on Enter', async () => {
    const { context, page } = await open(browser, 'operator');
    const search = page.getByTestId('menu-search');
    await search.fill('zzz-no-such-app');
    expect(await search.getAttribute('class')).toContain('is-invalid');
    expect(await page.getByText('No app matches this search').isVisible()).toBe(true);
    expect(await page.getByTestId('menu').locator('[data-testid^="menu-item-"]').count()).toBe(0);
    await search.fill('settings');
    expect(await search.getAttribute('class')).not.toContain('is-invalid');
    expect(await page.getByTestId('menu-item-userSettings').isVisible()).toBe(true);
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/user/settings`);
    await waitForTitle(page, 'User settings');
    await context.close();
  });

  it('sends an unknown path to /dashboard, and the title bar names the app and leads to the dashboard', async () => {
    const { context, page } = await open(browser, 'operator', '/no/such/app');
    await page.waitForURL(`${baseUrl}/dashboard`);
    await waitForTitle(page, 'Dashboard');
    expect(await page.getByTestId('app-title').getAttribute('data-unknown-app')).toBeNull();
    // An app that exists but is not built (or not allowed) is unknown too.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin/system_config');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByTestId('menu-group-tools').locator('button').click();
    await page.getByTestId('menu-item-userSettings').click();
    await page.waitForURL(`${baseUrl}/user/settings`);
    await waitForTitle(page, 'User settings');
    expect(await page.getByTestId('menu-item-userSettings').getAttribute('aria-current')).toBe('page');
    await page.getByTestId('app-title').click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await waitForTitle(page, 'Dashboard');
    await context.close();
  });

  it('opens the menu with the toggle button on a 360x640 handheld and closes it after choosing an app', async () => {
    const { context, page, errors } = await open(browser, 'operator', '/dashboard', { width: 360, height: 640 }, true);
    expect(await page.getByTestId('menu-search').isVisible()).toBe(false);
    await page.getByTestId('menu-toggle').click();
    await offcanvas(page).getByTestId('menu-search').waitFor({ state: 'visible' });
    await page.screenshot({ path: screenshotPath('shell-menu-360x640') });
    await offcanvas(page).getByTestId('menu-group-tools').locator('button').click();
    await offcanvas(page).getByTestId('menu-item-userSettings').click();
    await page.waitForURL(`${baseUrl}/user/settings`);
    await offcanvas(page).waitFor({ state: 'detached' });
    await waitForTitle(page, 'User settings');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the menu by a quick swipe from the left edge and closes it by a swipe back', async () => {
    const { context, page } = await open(browser, 'operator', '/dashboard', { width: 360, height: 640 }, true);
    const cdp = await context.newCDPSession(page);
    const swipe = async (from: number, to: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y: 300 }] });
      for (const x of [from + (to - from) / 2, to])
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 302 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    // A swipe that does not start at the edge does nothing.
    await swipe(150, 340);
    await page.waitForTimeout(400);
    expect(await offcanvas(page).count()).toBe(0);
    await swipe(10, 250);
    await offcanvas(page).getByTestId('menu-search').waitFor({ state: 'visible' });
    await swipe(300, 40);
    await offcanvas(page).waitFor({ state: 'detached' });
    // The edge swipe must not make the browser go back in history.
    expect(page.url()).toBe(`${baseUrl}/dashboard`);
    await context.close();
  });

  it('toggles the menu with the shortcut of the user settings, keeps favourites first and one group open', async () => {
    const username = await createUser(['information', 'translationManager'], {
      menuToggleShortcutKey: 'Alt+M',
      menuFavorites: ['userSettings'],
      menuOnlyOneOpenAtOnce: true,
      enableSearchForMenu: false,
    });
    const { context, page } = await open(browser, username);
    const menu = page.getByTestId('menu');
    expect(await page.getByTestId('menu-search').count()).toBe(0);
    const groups = await menu
      .locator('[data-testid^="menu-group-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
    expect(groups[0]).toBe('menu-group-favorites');
    expect(await page.getByTestId('menu-group-favorites').getByTestId('menu-item-userSettings').isVisible()).toBe(true);
    // Translation managers get the translation-editing switch in the user dropdown.
    await page.getByTestId('user-dropdown-toggle').click();
    await page.getByTestId('translation-editing-item').waitFor();
    expect(await page.getByTestId('device-identification-item').isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Alt+KeyM');
    await page.getByTestId('side-menu').waitFor({ state: 'hidden' });
    await page.keyboard.press('Alt+KeyM');
    await page.getByTestId('side-menu').waitFor({ state: 'visible' });
    await context.close();
  });

  it('opens an app allowed as a sub-app in a modal when its menu item is swiped, closing after a confirmation', async () => {
    const { context, page } = await open(browser, 'operator');
    await page.getByTestId('menu-group-tools').locator('button').click();
    const item = page.getByTestId('menu-item-userSettings');
    const box = await item.boundingBox();
    if (!box) throw new Error('the menu item has no box');
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    for (const dx of [30, 60, 100]) await page.mouse.move(box.x + 10 + dx, box.y + box.height / 2);
    await page.mouse.up();
    const modal = page.getByTestId('sub-app-modal');
    await modal.waitFor();
    expect(page.url()).toBe(`${baseUrl}/dashboard`);
    await modal.getByTestId('user-settings-form').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('sub-app-confirm-close').click();
    await modal.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/dashboard`);
    await context.close();
  });

  it('goes fullscreen on the first click when the device says so, and the dropdown forces fullscreen', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(12_000);
    await context.addInitScript(() => {
      if (!localStorage.getItem('wms.deviceConfig'))
        localStorage.setItem('wms.deviceConfig', '{"deviceName":"e2e-shell","goFullscreenOnFirstInteraction":true}');
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator('#login-username').fill('operator');
    await page.locator('#login-password').fill('operator');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard').waitFor();
    const fullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
    expect(await fullscreen()).toBe(false);
    await page.getByTestId('dashboard').click();
    await expect.poll(fullscreen).toBe(true);
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(fullscreen).toBe(false);
    // Only the first interaction.
    await page.getByTestId('dashboard').click();
    await page.waitForTimeout(200);
    expect(await fullscreen()).toBe(false);

    await page.getByTestId('user-dropdown-toggle').click();
    await page.getByTestId('force-fullscreen-item').click();
    await expect.poll(fullscreen).toBe(true);
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(fullscreen).toBe(false);
    // Forced: any click goes back to fullscreen.
    await page.getByTestId('dashboard').click();
    await expect.poll(fullscreen).toBe(true);
    await page.getByTestId('user-dropdown-toggle').click();
    expect(await page.getByTestId('force-fullscreen-item').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('force-fullscreen-item').click();
    await expect.poll(fullscreen).toBe(false);
    await context.close();
  });

  it('logs out from the user dropdown', async () => {
    const { context, page } = await open(browser, 'operator');
    await page.getByTestId('user-dropdown-toggle').click();
    expect(await page.getByTestId('user-dropdown-username').textContent()).toContain('operator');
    expect(await page.getByTestId('translation-editing-item').count()).toBe(0);
    await page.getByTestId('logout-item').click();
    await page.locator('#login-username').waitFor();
    await context.close();
  });

  it('fits the watch layout (480x400): a compact title bar and a usable menu', async () => {
    const { context, page, errors } = await open(browser, 'operator', '/dashboard', { width: 480, height: 400 }, true);
    const bar = await page.locator('.wms-title-bar').boundingBox();
    expect(bar?.height).toBeLessThanOrEqual(40);
    await page.getByTestId('menu-toggle').click();
    await offcanvas(page).getByTestId('menu-search').waitFor({ state: 'visible' });
    await page.screenshot({ path: screenshotPath('shell-watch-480x400') });
    await offcanvas(page).getByTestId('menu-item-dashboard').click();
    await offcanvas(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
