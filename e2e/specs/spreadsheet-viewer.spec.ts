import fs from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openLogin, submitLogin } from './login-support.js';

/**
 * The spreadsheet viewer in Chromium: a CSV uploaded as the manager (role reporting), filtered
 * and sorted in the table, and the rows shown downloaded as CSV for Excel.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('spreadsheet viewer', () => {
  it('opens an uploaded CSV, filters it and exports the rows shown', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: { width: 1280, height: 800 },
      path: '/spreadsheetviewer',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'manager', 'manager');
    await page.getByTestId('spreadsheet-viewer').waitFor();

    const csv = 'Item;Name;Qty\r\nB-200;"Bolt; zinc";5\r\nA-100;Anchor;12\r\nC-300;Cable;1\r\n';
    await page.getByTestId('spreadsheet-upload').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const table = page.getByTestId('spreadsheet-table');
    await table.waitFor();
    expect(await table.locator('th[data-column-id]').allTextContents()).toEqual(['Row', 'Item', 'Name', 'Qty']);
    expect(await table.locator('td[data-column-id="c0"]').allTextContents()).toEqual(['B-200', 'A-100', 'C-300']);

    await table.getByTestId('data-table-filter').fill('o');
    await table.locator('th[data-column-id="c0"] button').click();
    await expect.poll(() => table.locator('td[data-column-id="c0"]').allTextContents()).toEqual(['A-100', 'B-200']);
    await page.screenshot({ path: screenshotPath('spreadsheet-viewer-1280x800') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('spreadsheet-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('stock.csv');
    const bytes = await fs.readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Item;Name;Qty\r\nA-100;Anchor;12\r\nB-200;"Bolt; zinc";5\r\n');

    expect(errors).toEqual([]);
    await context.close();
  });
});
