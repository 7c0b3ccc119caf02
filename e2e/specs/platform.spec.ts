import fs from 'node:fs';
import path from 'node:path';
import {
  authEndpoints,
  broadcastEndpoints,
  pathOf,
  sessionEndpoints,
  translationEndpoints,
  urlOf,
  userEndpoints,
} from '@wms/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const translations = path.resolve(import.meta.dirname, '..', '..', 'packages', 'web', 'src', 'i18n');
const text = (language: string, namespace: string, key: string): string =>
  JSON.parse(fs.readFileSync(path.join(translations, language, `${namespace}.json`), 'utf8'))[key];

/** The TEST-runtime hook of packages/web/src/platform/test-hooks.ts. */
interface TestWindow {
  __wmsTest?: { crash(message: string): void };
}

/** An API client with its own cookie (Node's fetch keeps none by itself). */
async function apiAs(username: string, password: string) {
  const signIn = await fetch(`${baseUrl}${pathOf(authEndpoints.signin)}`, {
    method: authEndpoints.signin.method,
    headers: { 'content-type': 'application/json', appversion: serverVersion },
    body: JSON.stringify({ username, password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method: string, url: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        cookie,
        appversion: serverVersion,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: await answer.json().catch(() => null) };
  };
}

/** A user of this spec only, so broadcasts and language changes touch no other spec's users. */
async function createUser(language: 'en' | 'nl') {
  const admin = await apiAs('admin', 'admin');
  const username = `e2e-platform-${language}-${Date.now()}`;
  const created = await admin(userEndpoints.create.method, pathOf(userEndpoints.create), {
    username,
    password: 'secret-pass',
    roles: ['information'],
    settings: { preferredLanguage: language },
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return { admin, username, password: 'secret-pass', id: created.body.id as number };
}

async function newContext(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-GB' });
  // A stored device config, so the first-start device settings dialog stays closed.
  await context.addInitScript(() => localStorage.setItem('wms.deviceConfig', JSON.stringify({ deviceName: '' })));
  return context;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto(baseUrl);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.locator('[data-testid=login-submit]').click();
  await page.locator('[data-testid=login-modal]').waitFor({ state: 'detached' });
}

describe('platform: live messages, error page, language', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a broadcast pushed by the server and marks it read', async () => {
    const user = await createUser('en');
    const context = await newContext(browser, { width: 360, height: 640 });
    const page = await context.newPage();
    await signIn(page, user.username, user.password);

    const sent = await user.admin(broadcastEndpoints.create.method, pathOf(broadcastEndpoints.create), {
      message: 'Stock count at 3 pm',
      userIds: [user.id],
    });
    expect(sent.status).toBe(201);
    const modal = page.locator('[data-testid=broadcast]');
    await modal.waitFor();
    expect(await modal.textContent()).toContain('Stock count at 3 pm');
    expect(await modal.textContent()).toContain('Message from admin');
    await page.locator('.modal.show').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('platform-broadcast-360') });

    await modal.getByRole('button', { name: 'Mark as read' }).click();
    await modal.waitFor({ state: 'detached' });
    const unread = await page.evaluate(
      async ({ url, version }) => {
        const answer = await fetch(url, { headers: { appversion: version } });
        return answer.json();
      },
      { url: urlOf(broadcastEndpoints.unread), version: serverVersion },
    );
    expect(unread).toEqual([]);
    await context.close();
  });

  it('shows the error page with its causes one at a time, submits a report and restarts', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.locator('[data-testid=login-form]').waitFor();
    // TEST runtime only: the hook that makes the error boundary show an error with two causes.
    await page.evaluate(() => (window as unknown as TestWindow).__wmsTest?.crash('Boom in the test'));

    const errorPage = page.locator('[data-testid=error-page]');
    await errorPage.waitFor();
    expect(await errorPage.locator('h1').textContent()).toBe('An application error occured');
    const message = errorPage.locator('[data-testid=error-cause-message]');
    expect(await message.textContent()).toBe('Error: Boom in the test');
    expect(await errorPage.locator('[data-testid=error-cause-position]').textContent()).toBe('Cause 1 of 3');
    await errorPage.getByRole('button', { name: 'Next cause' }).click();
    expect(await message.textContent()).toBe('Error: Middle cause for the test');
    await errorPage.getByRole('button', { name: 'Next cause' }).click();
    expect(await message.textContent()).toBe('TypeError: Root cause for the test');
    expect(await errorPage.getByRole('button', { name: 'Next cause' }).isDisabled()).toBe(true);
    await errorPage.getByRole('button', { name: 'Previous cause' }).click();
    expect(await message.textContent()).toBe('Error: Middle cause for the test');

    await errorPage.getByRole('button', { name: 'Submit report' }).click();
    await errorPage.getByText('The report was submitted').waitFor();
    await page.screenshot({ path: screenshotPath('platform-error-page') });

    await errorPage.getByRole('button', { name: 'Restart' }).click();
    await page.locator('[data-testid=login-form]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('[data-testid=error-page]').count()).toBe(0);
    await context.close();
  });

  it('switches to Dutch for a user who prefers it, error history included (Shift+Alt+E)', async () => {
    const user = await createUser('nl');
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, user.username, user.password);
    await page.waitForFunction(() => document.documentElement.lang === 'nl');

    await page.keyboard.press('Shift+Alt+KeyE');
    const history = page.locator('[data-testid=error-history]');
    await history.waitFor();
    expect(await history.locator('.modal-title').textContent()).toBe(text('nl', 'common', 'errorHistory'));
    expect(await history.textContent()).toContain(text('nl', 'platform', 'noErrors'));
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('platform-error-history-nl') });
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });

    await page.evaluate(() => (window as unknown as TestWindow).__wmsTest?.crash('Fout'));
    expect(await page.locator('[data-testid=error-page] h1').textContent()).toBe(
      text('nl', 'platform', 'applicationErrorOccured'),
    );
    await context.close();
  });

  it('shows nothing extra when sign-in fails (the login form says it), and logs out on a 401 elsewhere', async () => {
    const user = await createUser('en');
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.locator('#login-username').fill(user.username);
    await page.locator('#login-password').fill('wrong');
    await page.locator('[data-testid=login-submit]').click();
    await page.locator('[data-testid=login-alert]').waitFor();
    expect(await page.locator('[data-testid=notification]').count()).toBe(0);

    await page.locator('#login-password').fill(user.password);
    await page.locator('[data-testid=login-submit]').click();
    await page.locator('[data-testid=login-modal]').waitFor({ state: 'detached' });
    await user.admin(broadcastEndpoints.create.method, pathOf(broadcastEndpoints.create), {
      message: 'Read me',
      userIds: [user.id],
    });
    const modal = page.locator('[data-testid=broadcast]');
    await modal.waitFor();
    // The session ends on the server (an admin deletes it): the next request answers 401.
    const sessions = await user.admin(sessionEndpoints.list.method, urlOf(sessionEndpoints.list));
    const list: { id: number; username?: string; userId?: number }[] = Array.isArray(sessions.body)
      ? sessions.body
      : (sessions.body?.sessions ?? []);
    const mine = list.filter((session) => session.userId === user.id || session.username === user.username);
    expect(mine.length).toBeGreaterThan(0);
    for (const session of mine) {
      const closed = urlOf(sessionEndpoints.close, { params: { id: session.id } });
      expect((await user.admin(sessionEndpoints.close.method, closed)).status).toBe(200);
    }
    await modal
      .getByRole('button', { name: 'Mark as read' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.locator('[data-testid=login-modal]').waitFor();
    await context.close();
  });

  it('lets a translation manager edit a text by Alt+click (Shift+Alt+T), save with Enter and clear it', async () => {
    const context = await newContext(browser);
    await context.addInitScript(() => localStorage.setItem('wms.translateUrl', 'http://translate.test/'));
    const requests: unknown[] = [];
    await context.route('http://translate.test/translate', async (route) => {
      requests.push(route.request().postDataJSON());
      await route.fulfill({ json: { translatedText: 'Automatisch übersetzt', alternatives: ['Zweite Wahl'] } });
    });
    const page = await context.newPage();
    await signIn(page, 'translator', 'translator');
    await page.keyboard.press('Shift+Alt+KeyT');
    const badge = page.locator('[data-testid=translation-editing-badge]');
    await badge.waitFor();
    await badge.click({ modifiers: ['Alt'] });

    const editor = page.locator('[data-testid=translation-editor]');
    await editor.waitFor();
    expect(await editor.locator('[data-testid=translation-key]').textContent()).toBe('platform.translationEditingOn');
    expect(await editor.locator('[data-testid=translation-en]').inputValue()).toBe(
      text('en', 'platform', 'translationEditingOn'),
    );
    // Auto-translate from English through the configured LibreTranslate-compatible service.
    const german = editor.locator('[data-testid=translation-de]');
    await german.locator('xpath=..').getByRole('button', { name: 'Auto-translate' }).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=translation-de]') as HTMLTextAreaElement).value ===
        'Automatisch übersetzt',
    );
    expect(requests).toEqual([
      {
        q: text('en', 'platform', 'translationEditingOn'),
        source: 'en',
        target: 'de',
        format: 'text',
        alternatives: 3,
      },
    ]);
    expect(await editor.getByRole('button', { name: 'Zweite Wahl' }).count()).toBe(1);
    expect(
      await editor.locator('[data-testid=translation-en]').locator('xpath=..').getByText('Auto-translate').count(),
    ).toBe(0);

    // Polish only: no other browser test reads Polish texts while this patch exists.
    const polish = editor.locator('[data-testid=translation-pl]');
    await polish.fill('Edycja tłumaczeń (test e2e)');
    await polish.press('Shift+Enter');
    await polish.press('End');
    await polish.type('druga linia');
    expect(await polish.inputValue()).toBe('Edycja tłumaczeń (test e2e)\ndruga linia');
    await polish.press('Enter');
    await page.locator('[data-testid=notification]', { hasText: 'The translation was saved.' }).waitFor();
    const patchUrl = urlOf(translationEndpoints.patchFile, { params: { language: 'pl' } });
    const patch = async (): Promise<any> => page.evaluate(async (url) => (await fetch(url)).json(), patchUrl);
    expect((await patch()).platform?.translationEditingOn).toBe('Edycja tłumaczeń (test e2e)\ndruga linia');
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('platform-translation-editor') });

    await editor
      .locator('[data-testid=translation-pl]')
      .locator('xpath=..')
      .getByRole('button', { name: 'Clear' })
      .click();
    await page.locator('[data-testid=notification]', { hasText: 'The translation was cleared.' }).waitFor();
    expect((await patch()).platform?.translationEditingOn).toBeUndefined();
    expect(await polish.inputValue()).toBe(text('pl', 'platform', 'translationEditingOn'));
    await context.close();
  });
});
