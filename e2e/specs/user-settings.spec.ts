import { authEndpoints, pathOf, userEndpoints } from '@wms/contract';
import { createHmac } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

interface Answer {
  status: number;
  json: any;
  cookie: string | null;
}

/** A call from the test itself (not the browser), e.g. to prepare users as admin. */
async function api(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      appversion: serverVersion,
      uniquesession: 'e2e-user-settings',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { status: response.status, json: await response.json().catch(() => null), cookie };
}

const mePath = pathOf(authEndpoints.me);

/** Passwords of the users a test made (the policy refuses the username); demo users' equal their names. */
const createdPasswords = new Map<string, string>();
const passwordOf = (username: string) => createdPasswords.get(username) ?? username;

async function cookieOf(username: string, password = passwordOf(username)): Promise<string> {
  const answer = await api(authEndpoints.signin.method, pathOf(authEndpoints.signin), { username, password });
  expect(answer.status).toBe(200);
  return answer.cookie ?? '';
}

/** The current code of an authenticator app (RFC 6238: SHA-1, 30 s, 6 digits) for a base32 secret. */
function totp(secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const hash = createHmac('sha1', key).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0x0f;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

let adminCookie = '';
let sequence = 0;

/** A fresh user per test, so no test changes a demo user that other specs sign in as. */
async function createUser(
  prefix: string,
  roles: string[] = ['information'],
): Promise<{ id: number; username: string }> {
  sequence += 1;
  const username = `${prefix}${Date.now().toString(36)}${sequence}`;
  createdPasswords.set(username, `${username}-pw`);
  const answer = await api(
    userEndpoints.create.method,
    pathOf(userEndpoints.create),
    { username, password: passwordOf(username), roles },
    { cookie: adminCookie },
  );
  expect(answer.status).toBe(201);
  return { id: answer.json.id, username };
}

/** Opens /user/settings and signs in through the login modal. */
async function openSettings(
  browser: Browser,
  username: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: Error[] }> {
  const context = await browser.newContext({ viewport });
  // A stored device config: otherwise the device settings dialog opens by itself after sign-in.
  await context.addInitScript(() => {
    if (!localStorage.getItem('wms.deviceConfig')) localStorage.setItem('wms.deviceConfig', '{"deviceName":""}');
  });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${baseUrl}/user/settings`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(passwordOf(username));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-settings-form').waitFor();
  return { context, page, errors };
}

describe('user settings screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    adminCookie = await cookieOf('admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches the UI to Dutch once preferredLanguage is saved, and keeps it after a reload', async () => {
    const user = await createUser('dutch');
    const { context, page, errors } = await openSettings(browser, user.username);
    expect(await page.getByTestId('tab-settings').textContent()).toBe('User settings');
    await page.getByTestId('preferred-language').selectOption('nl');
    await page.getByTestId('save-settings').click();
    await page.getByTestId('tab-settings').getByText('Gebruikersinstellingen').waitFor();
    expect(await page.getByTestId('tab-menu').textContent()).toBe('Menu-instellingen');
    expect(await page.getByTestId('save-settings').textContent()).not.toBe('Save');
    // The password block follows the language at once, without reopening the screen.
    const passwordForm = page.getByTestId('password-form');
    await passwordForm.getByText('Wachtwoord wijzigen').waitFor({ timeout: 2000 });
    expect(await page.getByTestId('save-password').textContent()).toBe('Wachtwoord opslaan');
    expect(await passwordForm.locator('label[for="new-password"]').textContent()).toBe('Nieuw wachtwoord');

    const me = await api(authEndpoints.me.method, mePath, undefined, { cookie: await cookieOf(user.username) });
    expect(me.json.settings.preferredLanguage).toBe('nl');
    await page.reload();
    await page.getByTestId('tab-settings').getByText('Gebruikersinstellingen').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows one password block, in the new language, after a userManager changes their language', async () => {
    // A userManager's own settings carry the password and the two-factor blocks side by side.
    const user = await createUser('language', ['userManager']);
    const { context, page, errors } = await openSettings(browser, user.username);
    await page.getByTestId('new-password').fill('abc');
    await page.getByTestId('repeat-password').fill('abd');
    await page.getByTestId('save-password').click();
    await page.getByTestId('password-mismatch').waitFor();
    const passwordForms = page.getByTestId('password-form');
    for (const [language, heading, tab] of [
      ['de', 'Passwort ändern', 'Benutzereinstellungen'],
      ['en', 'Change password', 'User settings'],
    ] as const) {
      await page.getByTestId('preferred-language').selectOption(language);
      await page.getByTestId('save-settings').click();
      await page.getByTestId('tab-settings').getByText(tab).waitFor();
      expect(await passwordForms.count()).toBe(1);
      expect(await passwordForms.locator('h2').textContent()).toBe(heading);
      expect(await page.getByTestId('two-factor').count()).toBe(1);
    }
    expect(await page.getByTestId('save-password').textContent()).toBe('Save password');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the durations and the captured menu shortcut', async () => {
    const user = await createUser('durations');
    const { context, page } = await openSettings(browser, user.username);
    await page.getByTestId('setting-popupDuration-value').fill('2500');
    await page.getByTestId('setting-linkableHoldToOpenDuration-value').fill('20000');
    expect(await page.getByTestId('setting-linkableHoldToOpenDuration-value').inputValue()).toBe('10000');
    await page.getByTestId('menu-shortcut-key').focus();
    await page.keyboard.press('Alt+M');
    expect(await page.getByTestId('menu-shortcut-key').inputValue()).toBe('Alt+M');
    await page.getByTestId('save-settings').click();
    await page.getByText('The settings are saved').waitFor();
    const me = await api(authEndpoints.me.method, mePath, undefined, { cookie: await cookieOf(user.username) });
    expect(me.json.settings).toMatchObject({
      popupDuration: 2500,
      linkableHoldToOpenDuration: 10000,
      menuToggleShortcutKey: 'Alt+M',
    });
    await context.close();
  });

  it('creates an API key: label required, cancel aborts, the key is shown once and then only listed', async () => {
    const user = await createUser('keys');
    const { context, page } = await openSettings(browser, user.username);
    await page.getByTestId('tab-apiKeys').click();
    await page.getByText('No API keys.').waitFor();

    await page.getByTestId('create-api-key').click();
    await page.getByTestId('submit-api-key').click();
    expect(await page.getByTestId('api-key-label-required').isVisible()).toBe(true);
    expect(await page.getByTestId('api-key-label-required').textContent()).toBe('Enter a label for the API key.');
    await page.getByTestId('cancel-api-key').click();
    await page.getByTestId('create-api-key-modal').waitFor({ state: 'detached' });
    expect(await page.getByTestId('api-key-row').count()).toBe(0);

    await page.getByTestId('create-api-key').click();
    await page.getByTestId('api-key-label').fill('label printer robot');
    await page.getByTestId('submit-api-key').click();
    const keyField = page.getByTestId('api-key-value');
    await keyField.waitFor();
    const key = await keyField.inputValue();
    expect(key.length).toBeGreaterThan(20);
    expect(await page.getByTestId('api-key-created-modal').textContent()).toContain('it will not be shown again');
    await page.getByTestId('close-api-key').click();
    await page.getByTestId('api-key-created-modal').waitFor({ state: 'detached' });

    const row = page.getByTestId('api-key-row');
    await row.waitFor();
    expect(await row.textContent()).toContain('label printer robot');
    expect(await page.content()).not.toContain(key);
    // The key works as a bearer token for this user.
    const asKey = await api(authEndpoints.me.method, mePath, undefined, { authorization: `Bearer ${key}` });
    expect(asKey.status).toBe(200);
    expect(asKey.json.user.username).toBe(user.username);

    await page.reload();
    await page.getByTestId('tab-apiKeys').click();
    await page.getByTestId('api-key-row').waitFor();
    expect(await page.getByTestId('api-key-table').textContent()).toContain('label printer robot');
    expect(await page.content()).not.toContain(key);

    // Delete asks first, then the key is gone.
    await page.getByTestId('delete-api-key').click();
    await page.getByTestId('confirm').click();
    await page.getByText('No API keys.').waitFor();
    const revoked = await api(authEndpoints.me.method, mePath, undefined, { authorization: `Bearer ${key}` });
    expect(revoked.status).toBe(401);
    await context.close();
  });

  it('refuses two different passwords and a wrong current one, then saves matching ones', async () => {
    const user = await createUser('password');
    const { context, page } = await openSettings(browser, user.username);
    await page.getByTestId('current-password').fill(passwordOf(user.username));
    await page.getByTestId('new-password').fill('first-secret');
    await page.getByTestId('repeat-password').fill('other-secret');
    await page.getByTestId('save-password').click();
    const mismatch = page.getByTestId('password-mismatch');
    expect(await mismatch.isVisible()).toBe(true);
    expect(await mismatch.textContent()).toBe('The passwords should match.');
    // Nothing was saved: the old password still works.
    expect(
      (
        await api(authEndpoints.signin.method, pathOf(authEndpoints.signin), {
          username: user.username,
          password: passwordOf(user.username),
        })
      ).status,
    ).toBe(200);

    await page.getByTestId('repeat-password').fill('first-secret');
    // Your own password needs the current one.
    await page.getByTestId('current-password').fill('not-my-password');
    await page.getByTestId('save-password').click();
    await page.getByTestId('password-error').getByText('The current password is not correct.').waitFor();
    await page.getByTestId('current-password').fill(passwordOf(user.username));
    await page.getByTestId('save-password').click();
    await page.getByText('Password is saved').waitFor();
    const signIn = await api(authEndpoints.signin.method, pathOf(authEndpoints.signin), {
      username: user.username,
      password: 'first-secret',
    });
    expect(signIn.status).toBe(200);
    await context.close();
  });

  it('shows the roles tab and the user picker to a userManager only', async () => {
    const manager = await openSettings(browser, 'usermanager');
    await manager.page.getByTestId('tab-roles').waitFor();
    expect(await manager.page.getByTestId('user-picker').isVisible()).toBe(true);
    // A user manager edits another user: operator's roles are on.
    const operatorId = (
      await api(userEndpoints.list.method, pathOf(userEndpoints.list), undefined, { cookie: adminCookie })
    ).json.find((u: { username: string }) => u.username === 'operator').id;
    await manager.page.getByTestId('user-picker').selectOption(String(operatorId));
    await manager.page.getByTestId('tab-roles').click();
    expect(await manager.page.locator('#role-picking').isChecked()).toBe(true);
    // Roles the user manager does not hold can not be granted.
    expect(await manager.page.locator('#role-admin').isDisabled()).toBe(true);
    await manager.context.close();

    const operator = await openSettings(browser, 'operator');
    await operator.page.getByTestId('tab-menu').waitFor();
    expect(await operator.page.getByTestId('tab-roles').count()).toBe(0);
    expect(await operator.page.getByTestId('user-picker').count()).toBe(0);
    expect(await operator.page.getByTestId('two-factor').count()).toBe(0);
    await operator.context.close();
  });

  it('lets a userManager set up two-factor authentication for a user with the QR code and a code', async () => {
    const user = await createUser('twofactor');
    const { context, page } = await openSettings(browser, 'usermanager');
    await page.getByTestId('user-picker').selectOption(String(user.id));
    await page.getByTestId('two-factor-state').getByText('Two-factor authentication is off.').waitFor();
    await page.getByTestId('two-factor-setup').click();
    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor();
    expect(await qr.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Not six digits: refused in the form.
    await page.getByTestId('two-factor-code').fill('12');
    await page.getByTestId('two-factor-enable').click();
    await page.getByText('Enter the six digits the app shows.').waitFor();
    await page.getByTestId('two-factor-code').fill(totp(secret));
    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('two-factor-state').getByText('Two-factor authentication is on.').waitFor();
    // The server accepted the code computed from the shown secret.
    const enabled = await api(userEndpoints.get.method, pathOf(userEndpoints.get, { id: user.id }), undefined, {
      cookie: adminCookie,
    });
    expect(enabled.json.totpEnabled).toBe(true);

    // Reset asks first.
    await page.getByTestId('two-factor-reset').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('two-factor-state').getByText('Two-factor authentication is off.').waitFor();
    const reset = await api(userEndpoints.get.method, pathOf(userEndpoints.get, { id: user.id }), undefined, {
      cookie: adminCookie,
    });
    expect(reset.json.totpEnabled).toBe(false);
    await context.close();
  });

  it('lets an admin grant a role to another user from the roles tab', async () => {
    const user = await createUser('granted', []);
    const { context, page } = await openSettings(browser, 'admin');
    await page.getByTestId('user-picker').selectOption(String(user.id));
    await page.getByTestId('tab-roles').click();
    await page.locator('#role-picking').check();
    await page.getByTestId('save-roles').click();
    await page.getByText('The roles are saved').waitFor();
    const stored = await api(userEndpoints.get.method, pathOf(userEndpoints.get, { id: user.id }), undefined, {
      cookie: adminCookie,
    });
    expect(stored.json.roles).toEqual(['picking']);
    await context.close();
  });

  it('keeps favourite apps in the chosen order', async () => {
    const user = await createUser('favourites', ['information', 'picking']);
    const { context, page } = await openSettings(browser, user.username);
    await page.getByTestId('tab-menu').click();
    const choices = await page
      .getByTestId('favorite-choice')
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ''),
      );
    expect(choices.length).toBeGreaterThan(0);
    for (const id of choices.slice(0, 2)) {
      await page.getByTestId('favorite-choice').selectOption(id);
      await page.getByTestId('add-favorite').click();
    }
    const expected = choices.slice(0, 2);
    if (expected.length === 2) {
      await page.getByTestId(`favorite-${expected[1]}`).getByRole('button').first().click();
      expected.reverse();
    }
    await page.getByTestId('save-favorites').click();
    await page.getByText('The favourites are saved').waitFor();
    const me = await api(authEndpoints.me.method, mePath, undefined, { cookie: await cookieOf(user.username) });
    expect(me.json.settings.menuFavorites).toEqual(expected);
    await context.close();
  });

  it('fits a 360x640 handheld: stacked form, nothing overflows sideways', async () => {
    const user = await createUser('handheld');
    const { context, page, errors } = await openSettings(browser, user.username, { width: 360, height: 640 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    const save = await page.getByTestId('save-settings').boundingBox();
    expect(save?.width).toBeGreaterThan(250);
    await page.screenshot({ path: screenshotPath('user-settings-360x640'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
