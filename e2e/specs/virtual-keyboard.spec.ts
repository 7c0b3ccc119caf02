import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';

const baseUrl = inject('baseUrl');

async function typeOnKeyboard(page: Page, text: string): Promise<void> {
  const keyboard = page.getByTestId('virtual-keyboard');
  for (const char of text) await keyboard.locator(`[data-key="${char}"]`).tap();
}

describe('virtual keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in on a 360x640 touch handheld with the on-screen keyboard only', async () => {
    // A touch device: useVirtualKeyboard defaults to on.
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    context.setDefaultTimeout(12_000);
    await context.addInitScript(() => {
      if (!localStorage.getItem('wms.deviceConfig'))
        localStorage.setItem('wms.deviceConfig', '{"deviceName":"e2e-vk"}');
    });
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(baseUrl);
    await page.locator('#login-username').waitFor();
    // The login modal focuses the username, but focus alone does not cover the screen with keys.
    expect(await page.getByTestId('virtual-keyboard').count()).toBe(0);

    await page.locator('#login-username').tap();
    const keyboard = page.getByTestId('virtual-keyboard');
    await keyboard.waitFor();
    expect(await page.locator('#login-username').getAttribute('inputmode')).toBe('none');
    await typeOnKeyboard(page, 'operator');
    expect(await page.locator('#login-username').inputValue()).toBe('operator');

    await page.locator('#login-password').tap();
    await typeOnKeyboard(page, 'operator');
    expect(await page.locator('#login-password').inputValue()).toBe('operator');
    await page.screenshot({ path: screenshotPath('virtual-keyboard-login-360x640') });
    const box = await keyboard.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(640);
    expect(box?.width).toBeLessThanOrEqual(360);

    await keyboard.locator('[data-key="enter"]').tap();
    await page.getByTestId('app-title').waitFor();
    expect(await page.getByTestId('login-modal').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
