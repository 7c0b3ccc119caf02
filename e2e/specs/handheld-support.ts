import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openLogin, submitLogin } from './login-support.js';

/** Shared steps of the handheld specs: an app opened as the operator, keyboard-wedge scans. */

export const phone = { width: 360, height: 640 };

export interface OpenedApp {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/** Opens an app path as the operator (signed in through the login modal), keyboard only. */
export async function openHandheldApp(
  browser: Browser,
  baseUrl: string,
  path: string,
  testId: string,
  viewport: { width: number; height: number } = phone,
): Promise<OpenedApp> {
  // A stored device config: otherwise the device settings dialog opens by itself after sign-in.
  const opened = await openLogin(browser, baseUrl, {
    viewport,
    path,
    deviceConfig: { deviceName: '', useVirtualKeyboard: false },
  });
  opened.page.setDefaultTimeout(10_000);
  await submitLogin(opened.page, 'operator', 'operator');
  await opened.page.getByTestId(testId).waitFor();
  return opened;
}

/** Waits until the current question reads `text`. */
export async function prompt(page: Page, text: string | RegExp) {
  await page.getByTestId('handheld-prompt').filter({ hasText: text }).waitFor();
}

/** A keyboard-wedge scan: the scanner types the code into the focused bar and sends Enter. */
export async function scan(page: Page, text: string, next?: string | RegExp) {
  const input = page.getByTestId('scanner-input');
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  if (next) await prompt(page, next);
}

/** Waits for a message with the text and checks its variant (success, info, warning, danger). */
export async function notification(page: Page, text: string | RegExp, variant: string) {
  const toast = page.getByTestId('notification').filter({ hasText: text });
  await toast.first().waitFor();
  expect(await toast.first().getAttribute('data-variant')).toBe(variant);
}
