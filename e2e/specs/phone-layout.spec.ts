import { productionEndpoints, userEndpoints, type Role } from '@wms/contract';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { ApiSession, openLogin, submitLogin, waitSignedIn } from './login-support.js';

/**
 * The phone and watch layouts of issue 14 (items 24 and 26), in Chromium against the built
 * server with demo data: messages never cover the prompt or the scanner bar, touch targets of at
 * least 44 px, tables as cards of label: value pairs, translated transaction types, one date
 * format, counted label messages, the unknown location's message, and the user dropdown's
 * peripherals and time measurements entries.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

const phone = { width: 360, height: 640 };
const watch = { width: 502, height: 410 };
const keyboardOnlyDevice = { deviceName: '', useVirtualKeyboard: false };
const suffix = Date.now().toString(36);
const password = `Phone-layout-${suffix}!`;
const nlObjects = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../packages/web/src/i18n/nl/objects.json'), 'utf8'),
) as { transactionType: Record<string, string> };

let browser: Browser;
let admin: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/** A user of this spec only (language and timers touch no other spec's users). */
async function createUser(name: string, roles: Role[], language: 'en' | 'nl' = 'en'): Promise<string> {
  const username = `e2e-phone-${name}-${suffix}`;
  const created = await admin.api(userEndpoints.create, {
    body: { username, password, roles, settings: { preferredLanguage: language } },
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  return username;
}

/** Opens a path signed in through the login modal, on a keyboard-only device. */
async function open(
  username: string,
  secret: string,
  pathname: string,
  viewport: { width: number; height: number },
  options: { hasTouch?: boolean } = {},
) {
  const opened = await openLogin(browser, baseUrl, {
    viewport,
    path: pathname,
    deviceConfig: keyboardOnlyDevice,
    hasTouch: options.hasTouch,
  });
  opened.page.setDefaultTimeout(10_000);
  await submitLogin(opened.page, username, secret);
  await waitSignedIn(opened.page);
  return opened;
}

/** A keyboard-wedge scan into the focused scanner bar. */
async function scan(page: Page, input: Locator, text: string) {
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return box!;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Wholly inside the viewport. */
function inViewport(box: Box, viewport: { width: number; height: number }) {
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

/** The element a tap at the box's centre reaches is the element itself (nothing lies over it). */
async function reachable(locator: Locator) {
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit).toBe(true);
}

/** At least 44x44 CSS px (WCAG 2.5.5). */
async function touchSize(locator: Locator, name: string) {
  const box = await boxOf(locator);
  expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
}

describe('messages on the handheld layouts (issue 14, item 24)', () => {
  for (const viewport of [phone, watch]) {
    it(`two messages at ${viewport.width}x${viewport.height} leave the prompt and the scanner bar uncovered and in view`, async () => {
      const { context, page, errors } = await open('operator', 'operator', '/item/stock_transfer', viewport);
      const prompt = page.getByTestId('handheld-prompt');
      const input = page.getByTestId('scanner-input');
      await prompt.filter({ hasText: 'Scan the location to take stock from' }).waitFor();

      await scan(page, input, 'NO-SUCH-BIN-A');
      await page.getByTestId('notification').filter({ hasText: 'NO-SUCH-BIN-A' }).waitFor();
      await scan(page, input, 'NO-SUCH-BIN-B');
      await page.getByTestId('notification').filter({ hasText: 'NO-SUCH-BIN-B' }).waitFor();
      const messages = page.getByTestId('notification');
      expect(await messages.count()).toBe(2);
      await page.screenshot({ path: screenshotPath(`phone-layout-messages-${viewport.width}x${viewport.height}`) });

      const promptBox = await boxOf(prompt);
      const inputBox = await boxOf(input);
      for (const message of await messages.all()) {
        const box = await boxOf(message);
        expect(intersects(box, promptBox), 'a message covers the prompt').toBe(false);
        expect(intersects(box, inputBox), 'a message covers the scanner bar').toBe(false);
        // Readable: a line of at least 14 px text, as wide as the screen.
        expect(
          await message.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
        ).toBeGreaterThanOrEqual(14);
      }
      inViewport(promptBox, viewport);
      inViewport(inputBox, viewport);
      expect(await prompt.isVisible()).toBe(true);
      expect(await input.isVisible()).toBe(true);
      await reachable(input);
      await reachable(prompt);

      // The flow goes on under the messages: the next scan is taken.
      await scan(page, input, 'LOC0101');
      await prompt.filter({ hasText: 'Scan the item' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('keeps the toasts at the top right on a desktop', async () => {
    const { context, page } = await open('operator', 'operator', '/item/stock_transfer', { width: 1280, height: 800 });
    const input = page.getByTestId('scanner-input');
    await page.getByTestId('handheld-prompt').waitFor();
    await scan(page, input, 'NO-SUCH-BIN-C');
    const toast = page.getByTestId('notification').filter({ hasText: 'NO-SUCH-BIN-C' });
    await toast.waitFor();
    expect(await toast.evaluate((element) => element.classList.contains('toast'))).toBe(true);
    expect(await page.getByTestId('message-area').count()).toBe(0);
    await context.close();
  });
});

describe('the phone (issue 14, item 26)', () => {
  it('gives touch targets of at least 44 px: title, menu, user menu, scanner bar, filter, sort, switches, row check boxes', async () => {
    const worker = await createUser('worker', ['production', 'information']);
    const saved = await ApiSession.signIn(baseUrl, serverVersion, worker, password);
    const entry = await saved.api(productionEndpoints.saveWorkTime, {
      body: {
        workOrderCode: 'WO-3001',
        workOrderStep: 'MILL',
        workTimeType: 'WORK',
        produced: 1,
        startTime: new Date(Date.now() - 600_000).toISOString(),
        endTime: new Date().toISOString(),
      },
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(200);

    const { context, page, errors } = await open(worker, password, '/item/item_info/ITEM-001?tab=history', phone);
    const history = page.getByTestId('item-history');
    await history.locator('[data-row-id]').first().waitFor();
    await touchSize(page.getByTestId('app-title'), 'title');
    await touchSize(page.getByTestId('menu-toggle'), 'menu toggle');
    await touchSize(page.getByTestId('user-dropdown-toggle'), 'user menu');
    await touchSize(page.getByTestId('item-scanner-input'), 'scanner bar');
    await touchSize(history.getByTestId('data-table-filter'), 'filter');
    await touchSize(history.getByTestId('data-table-sort-column'), 'sort column');
    await touchSize(history.getByTestId('data-table-sort-direction'), 'sort direction');

    await page.goto(`${baseUrl}/production/work_confirmation`);
    const check = page.getByTestId('work-time-select').first();
    await check.waitFor();
    await touchSize(check, 'row check box');
    await check.click();
    expect(await check.isChecked()).toBe(true);

    await page.goto(`${baseUrl}/user/settings`);
    const switches = page.locator('[data-testid="user-settings"] .form-switch .form-check-input');
    await switches.first().waitFor();
    expect(await switches.count()).toBeGreaterThan(0);
    for (const toggle of await switches.all()) await touchSize(toggle, 'switch');
    await page.screenshot({ path: screenshotPath('phone-layout-user-settings-360x640') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the sort headers 44 px on a touch screen that still shows tables', async () => {
    const { context, page } = await open(
      'admin',
      'admin',
      '/item/item_info/ITEM-001?tab=history',
      { width: 800, height: 1000 },
      {
        hasTouch: true,
      },
    );
    const header = page.getByTestId('item-history').locator('th[data-column-id="quantity"] button');
    await header.waitFor();
    await touchSize(header, 'sort header');
    await context.close();
  });

  it('shows item history rows as cards with quantity and location, transaction types in Dutch', async () => {
    const dutch = await createUser('dutch', ['information'], 'nl');
    const { context, page, errors } = await open(dutch, password, '/item/item_info/ITEM-001?tab=history', phone);
    await page.waitForFunction(() => document.documentElement.lang === 'nl');
    const card = page.getByTestId('item-history').locator('[data-row-id]').first();
    await card.waitFor();
    expect(await page.getByTestId('item-history').locator('table').count()).toBe(0);
    const quantity = card.locator('[data-column-id="quantity"]');
    const location = card.locator('[data-column-id="bin"]');
    expect(await quantity.isVisible()).toBe(true);
    expect((await quantity.textContent())?.trim()).toMatch(/^-?\d/);
    expect(await location.isVisible()).toBe(true);
    expect((await location.textContent())?.trim()).toMatch(/\S/);
    inViewport(await boxOf(card), { width: phone.width, height: Number.MAX_SAFE_INTEGER });

    const dutchTexts = new Set(Object.values(nlObjects.transactionType));
    const types = await page
      .getByTestId('item-history')
      .locator('[data-column-id="transactionType"]')
      .allTextContents();
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      expect(type).not.toMatch(/^[A-Z_]+$/);
      expect(dutchTexts.has(type), `${type} is a Dutch transaction type`).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('phone-layout-item-history-nl-360x640') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the open orders grid and the open documents with the one date format (DD-MM-YYYY)', async () => {
    const { context, page, errors } = await open('admin', 'admin', '/item/item_info/ITEM-001?tab=details', phone);
    const grid = page.getByTestId('custom-grid-items-1');
    await grid.locator('[data-row-id]').first().waitFor();
    const shipDates = (await grid.locator('[data-column-id$="_shipDate"]').allTextContents()).filter(Boolean);
    expect(shipDates.length).toBeGreaterThan(0);
    for (const date of shipDates) expect(date).toMatch(/^\d{2}-\d{2}-\d{4}$/);

    await page.goto(`${baseUrl}/item/item_info/ITEM-001?tab=openDocuments`);
    const documents = page.getByTestId('item-open-documents');
    await documents.locator('[data-row-id]').first().waitFor();
    const documentDates = (await documents.locator('[data-column-id="shipDate"]').allTextContents()).filter(Boolean);
    expect(documentDates.length).toBeGreaterThan(0);
    for (const date of documentDates) expect(date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says "1 label" for one printed label', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, { viewport: phone });
    await submitLogin(page, 'admin', 'admin');
    await waitSignedIn(page);
    await page.getByTestId('device-settings').waitFor();
    const select = page.locator('#device-defaultItemLabelPrinter');
    await select.locator('option', { hasText: 'Test printer' }).waitFor({ state: 'attached' });
    await select.selectOption({ label: 'Test printer' });
    await page.getByTestId('device-settings-save').click();
    await page.getByTestId('device-settings').waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/item/item_info/ITEM-001?tab=actions`);
    await page.getByTestId('print-quick').click();
    const message = page.getByTestId('notification').filter({ hasText: 'printed on Test printer' });
    await message.waitFor();
    expect(await message.textContent()).toContain('1 label printed on Test printer');
    expect(await message.textContent()).not.toContain('1 labels');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a message for an unknown location, opened by its path or typed in the search', async () => {
    const { context, page } = await open('admin', 'admin', '/location/location_info/NO-SUCH-LOC', phone);
    await page.getByTestId('notification').filter({ hasText: 'Unknown location NO-SUCH-LOC.' }).waitFor();
    await page.getByTestId('location-search').fill('NO-SUCH-LOC-2');
    await page.getByTestId('location-search').press('Enter');
    await page.getByTestId('notification').filter({ hasText: 'Unknown location NO-SUCH-LOC-2.' }).waitFor();
    await context.close();
  });

  it('opens the peripherals manager and the time measurements from the user dropdown', async () => {
    const worker = await createUser('timer', ['production', 'information']);
    const { context, page, errors } = await open(worker, password, '/dashboard', phone);

    await page.getByTestId('user-dropdown-toggle').click();
    await page.getByTestId('peripherals-item').click();
    const manager = page.getByTestId('peripherals-manager');
    await manager.getByTestId('peripherals-empty').waitFor();
    await manager.getByTestId('peripheral-add-scale').click();
    const scale = manager.getByTestId('peripheral-scale');
    await scale.waitFor();
    await scale.getByTestId('scale-settings').waitFor();
    // A TEST server: the scale is the TEST driver, which connects at once.
    await scale.getByTestId('peripheral-connect').click();
    await scale.getByTestId('peripheral-status').filter({ hasText: 'Connected' }).waitFor();
    await scale.getByTestId('peripheral-disconnect').click();
    await scale.getByTestId('peripheral-status').filter({ hasText: 'Not connected' }).waitFor();
    await scale.getByTestId('peripheral-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.locator('.modal-title').filter({ hasText: 'Are you sure?' }).waitFor();
    await confirm.getByText('Delete the scale saved on this device?').waitFor();
    await confirm.getByTestId('confirm').click();
    await manager.getByTestId('peripherals-empty').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('wms.scaleConfig'))).toBeNull();
    await manager.locator('.modal-header .btn-close').click();
    await manager.waitFor({ state: 'detached' });

    await page.getByTestId('user-dropdown-toggle').click();
    await page.getByTestId('time-measurements-item').click();
    const timers = page.getByTestId('time-measurements');
    await timers.getByTestId('no-timers').waitFor();
    await page.screenshot({ path: screenshotPath('phone-layout-time-measurements-360x640') });
    await timers.locator('.modal-header .btn-close').click();
    await timers.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
