import { configEndpoints, itemEndpoints, stockTransferEndpoints, type Extension } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openHandheldApp, prompt, scan, type OpenedApp } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * Reopening a handheld app resumes its document and step (DOMAIN.md): the stock transfer apps are
 * reloaded halfway and go on where they were. SERIAL-002 (5 on 01-A01-01, no other spec moves it)
 * is moved to 01-A01-02 and put back through the API afterwards.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const item = 'SERIAL-002';

let browser: Browser;
let admin: ApiSession;
/** The operator's session for the calls that put the stock back. */
let operator: ApiSession;
let extensionsBefore: Extension[] | null = null;

function openApp(path: string, testId: string): Promise<OpenedApp> {
  return openHandheldApp(browser, baseUrl, path, testId);
}

async function stockOf(code: string): Promise<Record<string, number>> {
  const answer = await admin.api(itemEndpoints.binLocations, { params: { code } });
  expect(answer.status).toBe(200);
  const totals: Record<string, number> = {};
  for (const row of answer.body as { binLocation: { code: string }; onHandQty: number }[])
    totals[row.binLocation.code] = (totals[row.binLocation.code] ?? 0) + row.onHandQty;
  return Object.fromEntries(Object.entries(totals).filter(([, quantity]) => quantity !== 0));
}

let keySequence = 0;
async function moveBack(quantity: number) {
  keySequence += 1;
  const response = await operator.api(
    stockTransferEndpoints.lines,
    { body: { lines: [{ fromLocation: '01-A01-02', item, quantity }], toLocation: '01-A01-01' } },
    { 'idempotency-key': `e2e-transfer-resume-back-${Date.now()}-${keySequence}` },
  );
  expect(response.status).toBe(200);
}

/** The saved workflow entries of this page's local storage. */
async function savedWorkflows(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('wms.workflow.')));
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  operator = await ApiSession.signIn(baseUrl, serverVersion, 'operator');
  const settings = await admin.api(configEndpoints.settings);
  expect(settings.status).toBe(200);
  extensionsBefore = settings.body.settings.enabledExtensions as Extension[];
  if (!extensionsBefore.includes('stockTransferEnhancements')) {
    const saved = await admin.api(configEndpoints.updateSettings, {
      body: {
        version: settings.body.version,
        settings: { enabledExtensions: [...extensionsBefore, 'stockTransferEnhancements'] },
      },
    });
    expect(saved.status).toBe(200);
  }
});

afterAll(async () => {
  if (extensionsBefore && !extensionsBefore.includes('stockTransferEnhancements')) {
    const settings = await admin.api(configEndpoints.settings);
    await admin.api(configEndpoints.updateSettings, {
      body: { version: settings.body.version, settings: { enabledExtensions: extensionsBefore } },
    });
  }
  await browser?.close();
});

describe('stock transfer apps resume after a reload', () => {
  it('asks the quantity again after a reload, with the same summary, and finishes the transfer', async () => {
    const before = await stockOf(item);
    const { context, page, errors } = await openApp('/item/stock_transfer', 'stock-transfer');
    await scan(page, 'LOC0101', 'Scan the item');
    await scan(page, item, `How many pcs of ${item}? Now 1`);
    const summary = await page.getByTestId('transfer-summary').textContent();
    expect(await savedWorkflows(page)).toHaveLength(1);

    await page.reload();
    await page.getByTestId('stock-transfer').waitFor();
    await prompt(page, `How many pcs of ${item}? Now 1`);
    expect(await page.getByTestId('transfer-summary').textContent()).toBe(summary);
    expect(await page.getByTestId('summary-from').textContent()).toBe('01-A01-01');
    await page.screenshot({ path: screenshotPath('stock-transfer-resumed-360x640') });

    await scan(page, '2', 'Scan the target location');
    await scan(page, 'LOC0102');
    await page
      .getByTestId('notification')
      .filter({ hasText: `Moved 2 of ${item} from 01-A01-01 to 01-A01-02.` })
      .waitFor();
    await prompt(page, 'Scan the item');
    const after = await stockOf(item);
    expect(after['01-A01-01']).toBe((before['01-A01-01'] ?? 0) - 2);
    expect(after['01-A01-02']).toBe((before['01-A01-02'] ?? 0) + 2);

    // Cancel ends the work: a reload starts over.
    await page.getByTestId('handheld-cancel').click();
    await prompt(page, 'Scan the location to take stock from');
    await expect.poll(() => savedWorkflows(page)).toEqual([]);
    await page.reload();
    await prompt(page, 'Scan the location to take stock from');
    expect(errors).toEqual([]);
    await context.close();
    await moveBack(2);
    expect(await stockOf(item)).toEqual(before);
  });

  it('keeps the collected lines of the multi stock transfer across a reload', async () => {
    const before = await stockOf(item);
    const { context, page, errors } = await openApp('/item/multi_stock_transfer', 'multi-stock-transfer');
    await scan(page, '01-A01-01', 'Scan the item');
    await scan(page, item, `How many pcs of ${item}? Now 1`);
    await scan(page, '2', 'Scan the item');
    const lines = page.getByTestId('transfer-line');
    expect(await lines.count()).toBe(1);

    await page.reload();
    await page.getByTestId('multi-stock-transfer').waitFor();
    await prompt(page, 'Scan the item');
    expect(await lines.count()).toBe(1);
    expect(await lines.first().textContent()).toContain(item);
    expect(await page.getByTestId('summary-from').textContent()).toBe('01-A01-01');

    await scan(page, item, `How many pcs of ${item}? Now 1`);
    await scan(page, '3', 'Scan the item');
    await page.getByTestId('choose-target').click();
    await scan(page, 'LOC0102', 'Scan the location to take stock from');
    await page
      .getByTestId('notification')
      .filter({ hasText: `Moved 5 of ${item} from 01-A01-01 to 01-A01-02.` })
      .waitFor();
    expect(await lines.count()).toBe(0);
    await expect.poll(() => savedWorkflows(page)).toEqual([]);
    const after = await stockOf(item);
    expect(after['01-A01-01'] ?? 0).toBe((before['01-A01-01'] ?? 0) - 5);
    expect(after['01-A01-02']).toBe((before['01-A01-02'] ?? 0) + 5);
    expect(errors).toEqual([]);
    await context.close();
    await moveBack(5);
    expect(await stockOf(item)).toEqual(before);
  });
});
