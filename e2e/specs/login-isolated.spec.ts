import { authEndpoints, configEndpoints, ipRuleEndpoints, userEndpoints } from '@wms/contract';
import { authenticator } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { startBuiltServer, type ServerProcess } from '../server-process.js';
import { ApiSession, openLogin, submitLogin, waitSignedIn } from './login-support.js';

/**
 * Sign-in cases that change system-wide state (the setup flag, an IP rule requiring 2FA for
 * 127.0.0.1): they run on a server of their own so the other specs are not disturbed.
 */
describe('login on a server of its own: setup screen and two-factor', () => {
  let browser: Browser;
  let server: ServerProcess;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startBuiltServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    if (server) expect(await server.stop()).toBe(0);
  });

  it('shows an admin the setup screen on an unconfigured system; saving it opens the app', async () => {
    const admin = await ApiSession.signIn(server.baseUrl, server.version, 'admin');
    const current = await admin.api(configEndpoints.settings);
    const reset = await admin.api(configEndpoints.updateSettings, {
      body: { version: current.body.version, settings: { wmsHasBeenConfigured: false } },
    });
    expect(reset.status).toBe(200);

    const { context, page, errors } = await openLogin(browser, server.baseUrl, {
      viewport: { width: 360, height: 640 },
      deviceConfig: { deviceName: 'setup-desk' },
    });
    await submitLogin(page, 'admin', 'admin');
    const setup = page.getByTestId('setup-screen');
    await setup.waitFor();
    // The warehouse name is required.
    await page.getByRole('button', { name: 'Save and start' }).click();
    await page.getByText('Enter the warehouse name.').waitFor();
    expect(await page.locator('#setup-erp-type').inputValue()).toBe('NONE');
    await page.locator('#setup-warehouse-name').fill('Main warehouse');
    await page.screenshot({ path: screenshotPath('setup-360x640') });
    await page.getByRole('button', { name: 'Save and start' }).click();
    await setup.waitFor({ state: 'detached' });

    const config = await admin.api(configEndpoints.get);
    expect(config.body).toMatchObject({ wmsHasBeenConfigured: true, warehouseName: 'Main warehouse', erpType: 'NONE' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for the authentication code when the IP rules require 2FA, and signs in with it', async () => {
    const admin = await ApiSession.signIn(server.baseUrl, server.version, 'admin');
    const operator = await ApiSession.signIn(server.baseUrl, server.version, 'operator');
    const operatorId = (await operator.api(authEndpoints.me)).body.user.id as number;
    const setup = await admin.api(userEndpoints.setupTwoFactor, { params: { id: operatorId }, body: {} });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    const enable = await admin.api(userEndpoints.enableTwoFactor, {
      params: { id: operatorId },
      body: { code: authenticator.generate(secret) },
    });
    expect(enable.status).toBe(200);
    const rule = await admin.api(ipRuleEndpoints.create, { body: { cidr: '127.0.0.1/32', policy: 'ALLOW_2FA' } });
    expect(rule.status).toBeLessThan(300);

    const { context, page } = await openLogin(browser, server.baseUrl, { deviceConfig: { deviceName: 'mfa-desk' } });
    const code = page.locator('#login-code');
    await code.waitFor();
    // Without a code the code field gets the focus, and nothing is sent.
    await submitLogin(page, 'operator', 'operator');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-code');
    // A wrong code: the server's message.
    await submitLogin(page, 'operator', 'operator', '000000' === authenticator.generate(secret) ? '111111' : '000000');
    await page.getByTestId('login-alert').waitFor();
    expect(await page.getByTestId('login-alert').textContent()).toBe('The authentication code is not valid.');
    await submitLogin(page, 'operator', 'operator', authenticator.generate(secret));
    await waitSignedIn(page);
    await context.close();
  });
});
