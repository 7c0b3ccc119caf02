import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openLogin, passwordOf, submitLogin } from './login-support.js';

/** Shared steps of the handheld specs: an app opened as the operator, keyboard-wedge scans. */

export const phone = { width: 360, height: 640 };

export interface OpenedApp {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/** Opens an app path as the operator, or another user (signed in through the login modal), keyboard only. */
export async function openHandheldApp(
  browser: Browser,
  baseUrl: string,
  path: string,
  testId: string,
  viewport: { width: number; height: number } = phone,
  username = 'operator',
): Promise<OpenedApp> {
  // A stored device config: otherwise the device settings dialog opens by itself after sign-in.
  const opened = await openLogin(browser, baseUrl, {
    viewport,
    path,
    deviceConfig: { deviceName: '', useVirtualKeyboard: false },
  });
  opened.page.setDefaultTimeout(10_000);
  await submitLogin(opened.page, username, passwordOf(username));
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

/** A burst of wedge scans 50 ms apart, each typed at once with its Enter, no waiting for answers. */
export async function burst(page: Page, texts: readonly string[]) {
  for (const text of texts) {
    await page.keyboard.insertText(text);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(50);
  }
}

/**
 * Waits for a message with the text and checks its variant (success, info, warning, danger). When
 * it does not come, the error tells what the screen asks and shows instead.
 */
export async function notification(page: Page, text: string | RegExp, variant: string) {
  const toast = page.getByTestId('notification').filter({ hasText: text });
  try {
    await toast.first().waitFor();
  } catch (error) {
    const asked = await page.getByTestId('handheld-prompt').allTextContents();
    const shown = await page.getByTestId('notification').allTextContents();
    const hint = await page.getByTestId('scanner-hint').allTextContents();
    throw new Error(
      `no message ${String(text)}; prompt ${JSON.stringify(asked)}, messages ${JSON.stringify(shown)}, hint ${JSON.stringify(hint)}`,
      { cause: error },
    );
  }
  expect(await toast.first().getAttribute('data-variant')).toBe(variant);
}

/**
 * The counter badge of an app in the phone's slide-in menu (opened and closed again); 0 without
 * one. On a handheld screen the scanner bar then takes the focus back for the next scan: the
 * closed menu may hand the focus to its toggle a moment after it is gone (restoreFocus), so the
 * focus is taken until it stays.
 */
export async function menuBadge(page: Page, appId: string): Promise<number> {
  await page.getByTestId('menu-toggle').click();
  const offcanvas = page.locator('[data-testid="side-menu"].show');
  const entry = offcanvas.getByTestId(`menu-item-${appId}`);
  await entry.waitFor({ state: 'visible' });
  const badge = entry.getByTestId('counter-badge');
  const count = (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
  await page.keyboard.press('Escape');
  await offcanvas.waitFor({ state: 'detached' });
  const input = page.getByTestId('scanner-input');
  if ((await input.count()) > 0) {
    await expect
      .poll(
        async () => {
          await input.focus();
          await page.waitForTimeout(200);
          return input.evaluate((element) => element === document.activeElement);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
  }
  return count;
}
