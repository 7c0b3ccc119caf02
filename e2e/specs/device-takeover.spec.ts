import { authEndpoints, pathOf, urlOf } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../browser.js';
import { openLogin, submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');
const prefix = '_be_device_identification_';

/** The identification code of the login modal's QR code, once it carries the pairing secret. */
async function identificationCode(page: Page, deviceName: string): Promise<string> {
  const qr = page.getByTestId('device-qr').getByTestId('qr-code');
  await page.waitForFunction(
    (start) => document.querySelector('[data-testid="device-qr"] img')?.getAttribute('title')?.startsWith(start),
    `${prefix}${deviceName}/`,
    { timeout: 10_000 },
  );
  return (await qr.getAttribute('title')) ?? '';
}

async function signedInUser(page: Page): Promise<string | null> {
  return page.evaluate(async (mePath) => {
    const answer = await fetch(mePath);
    return answer.ok ? ((await answer.json()) as { user: { username: string } }).user.username : null;
  }, urlOf(authEndpoints.me));
}

/**
 * Device takeover in two browsers (issue 14 item 1): device B shows its identification code,
 * signed-in device A scans it (typed fast into the scanner bar, as a keyboard wedge does) and B
 * ends up signed in as A's user. A third browser using the same device name gets nothing.
 */
describe('device takeover by scanning the identification code', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs the scanned device in as the scanning user, and no other device of that name', async () => {
    const deviceName = 'e2e-takeover-scanner';
    const b = await openLogin(browser, baseUrl, { deviceConfig: { deviceName } });
    const twin = await openLogin(browser, baseUrl, { deviceConfig: { deviceName } });
    const code = await identificationCode(b.page, deviceName);
    const twinCode = await identificationCode(twin.page, deviceName);
    expect(code).toMatch(new RegExp(`^${prefix}${deviceName}/[A-Za-z0-9_-]{43}$`));
    expect(twinCode).not.toBe(code);

    const a = await openLogin(browser, baseUrl, { path: '/location/location_info', deviceConfig: { deviceName: '' } });
    a.page.setDefaultTimeout(10_000);
    await submitLogin(a.page, 'manager', 'manager');
    await waitSignedIn(a.page);
    const scanner = a.page.getByTestId('scanner-input');
    await scanner.focus();
    await a.page.keyboard.type(code, { delay: 5 });
    await a.page.keyboard.press('Enter');
    await a.page.getByText(`Transfer your session to device ${deviceName}?`).waitFor();
    const used = b.page.waitForResponse((response) => response.url().endsWith(pathOf(authEndpoints.useTransferToken)));
    await a.page.getByTestId('scanner-dialog-ok').click();
    const answer = await used;
    expect(answer.status()).toBe(200);

    await b.page.getByTestId('login-modal').waitFor({ state: 'detached', timeout: 10_000 });
    // B opens the page A was on.
    await b.page.waitForURL((url) => url.pathname === '/location/location_info', { timeout: 10_000 });
    expect(await signedInUser(b.page)).toBe('manager');
    // The other browser with the same device name stays signed out.
    await twin.page.waitForTimeout(500);
    expect(await twin.page.getByTestId('login-modal').count()).toBe(1);
    expect(await signedInUser(twin.page)).toBeNull();
    // A still has its own session.
    expect(await signedInUser(a.page)).toBe('manager');
    for (const opened of [a, b, twin]) {
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  }, 60_000);

  it('asked from the signed-out device, hands the session over once the signed-in user agrees', async () => {
    const deskName = 'e2e-takeover-desk';
    const handheldName = 'e2e-takeover-handheld';
    const desk = await openLogin(browser, baseUrl, {
      path: '/location/location_info',
      deviceConfig: { deviceName: deskName },
    });
    desk.page.setDefaultTimeout(10_000);
    await submitLogin(desk.page, 'manager', 'manager');
    await waitSignedIn(desk.page);
    const handheld = await openLogin(browser, baseUrl, { deviceConfig: { deviceName: handheldName } });
    await identificationCode(handheld.page, handheldName);
    // The desk's code as its QR code would be scanned into the username field (a pairing included).
    await handheld.page.locator('#login-username').fill(`${prefix}${deskName}/${'x'.repeat(43)}`);
    await handheld.page.locator('#login-username').press('Enter');
    const dialog = desk.page.getByTestId('session-takeover');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(handheldName);
    // The dialog's confirm button (platform:sessionTakeoverConfirm).
    await dialog.locator('.modal-footer .btn-primary').click();
    await handheld.page.getByTestId('login-modal').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await signedInUser(handheld.page)).toBe('manager');
    for (const opened of [desk, handheld]) {
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  }, 60_000);
});
