import { authEndpoints, languageFiles, pathOf, translationEndpoints, urlOf } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { focusedId, openLogin, submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');

/** A stored device config, so the device settings dialog does not open after sign-in. */
const namedDevice = { deviceName: 'e2e-login-desk' };

describe('login modal', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in and stores the signed-in user; a reload restores the session', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, { deviceConfig: namedDevice });
    await submitLogin(page, 'operator', 'operator');
    await waitSignedIn(page);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('wms.signedInUser') ?? 'null'));
    expect(stored).toMatchObject({
      username: 'operator',
      userId: expect.any(Number),
      userSettings: { preferredLanguage: 'en', popupDuration: expect.any(Number), linkableHoldToOpenDuration: 1500 },
    });
    // Restored by /auth/me: no login modal after the boot. (Wait for the answer registered before
    // the reload: it can arrive before reload() returns.)
    const restored = page.waitForResponse((response) => response.url().endsWith(pathOf(authEndpoints.me)));
    await page.reload();
    await restored;
    await page.waitForTimeout(300);
    expect(await page.getByTestId('login-modal').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's message on a failed sign-in and stays signed out", async () => {
    const { context, page } = await openLogin(browser, baseUrl);
    await submitLogin(page, 'operator', 'not-the-password');
    const alert = page.getByTestId('login-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid username or password.');
    expect(await alert.getAttribute('class')).toContain('alert-danger');
    expect(await page.getByTestId('login-modal').count()).toBe(1);
    await context.close();
  });

  it('focuses the username when it is empty, then the password when that is empty', async () => {
    const { context, page } = await openLogin(browser, baseUrl);
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(pathOf(authEndpoints.signin))) signIns.push(request.url());
    });
    await page.locator('#login-password').focus();
    await page.getByTestId('login-submit').click();
    expect(await focusedId(page)).toBe('login-username');
    await page.locator('#login-username').fill('operator');
    await page.getByTestId('login-submit').click();
    expect(await focusedId(page)).toBe('login-password');
    // Neither attempt reached the server.
    expect(signIns).toEqual([]);
    // No authentication code field while the IP rules do not require 2FA.
    expect(await page.locator('#login-code').count()).toBe(0);
    await context.close();
  });

  it('signs in from a scanned username<TAB>password (Shift+Alt+B opens the scanner)', async () => {
    const { context, page } = await openLogin(browser, baseUrl, { deviceConfig: namedDevice });
    await page.keyboard.press('Shift+Alt+KeyB');
    const input = page.getByTestId('scan-login-input');
    await input.waitFor();
    // The field keeps a scanner's Tab instead of moving the focus.
    await input.press('Tab');
    expect(await input.inputValue()).toBe('\t');
    // A scanner's burst arrives well within the 50 ms wait; delivered at once here, so a slow
    // test machine cannot split it (typing key by key could pause longer than 50 ms).
    await input.fill('operator\toperator');
    await waitSignedIn(page);
    await context.close();
  });

  it('refuses a session takeover to an unnamed device', async () => {
    const { context, page } = await openLogin(browser, baseUrl);
    expect(await page.getByTestId('device-qr').count()).toBe(0);
    await page.locator('#login-username').fill('_be_device_identification_desk-7');
    await page.locator('#login-username').press('Enter');
    const alert = page.getByTestId('login-alert');
    await alert.waitFor();
    const english = urlOf(translationEndpoints.file, { params: { file: languageFiles.en } });
    expect(await alert.textContent()).toBe(
      await page.evaluate(async (url) => {
        const tree = await (await fetch(url)).json();
        return tree.errors.canNotTakeOverSessionToUnnamedDevice as string;
      }, english),
    );
    await context.close();
  });

  it('shows the QR code of the device name when the device has one', async () => {
    const { context, page } = await openLogin(browser, baseUrl, { deviceConfig: namedDevice });
    const qr = page.getByTestId('device-qr');
    await qr.waitFor();
    expect(await qr.textContent()).toContain('e2e-login-desk');
    // The code carries the pairing secret of the device's listener once its socket is subscribed.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="qr-code"]')?.getAttribute('title')?.includes('/'),
    );
    expect(await page.getByTestId('qr-code').getAttribute('title')).toMatch(
      /^_be_device_identification_e2e-login-desk\/[A-Za-z0-9_-]{43}$/,
    );
    await context.close();
  });

  it('fits a 360x640 handheld: full-screen modal, no sideways overflow, the live dot connects', async () => {
    const viewport = { width: 360, height: 640 };
    const { context, page, errors } = await openLogin(browser, baseUrl, { viewport, deviceConfig: namedDevice });
    const box = await page.locator('.modal-dialog').boundingBox();
    expect(box?.width).toBe(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const submit = await page.getByTestId('login-submit').boundingBox();
    expect((submit?.y ?? 999) + (submit?.height ?? 0)).toBeLessThanOrEqual(640);
    // The device socket connects: the dot turns green.
    await page.locator('[data-testid="live-dot"][data-connected="true"]').waitFor();
    await page.screenshot({ path: screenshotPath('login-360x640') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
