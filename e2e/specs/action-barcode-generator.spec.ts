import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { prompt, scan } from './handheld-support.js';
import { openLogin, submitLogin } from './login-support.js';

/**
 * The action barcode generator in Chromium: a barcode made in the page is read back from the
 * preview's data-content and typed into a scanner bar as a keyboard wedge does (the text, then
 * Enter), where it must do what it says: a redirect opens the app, [PLUS5] adds 5 at a handheld
 * quantity question. Nothing is moved: the stock transfer is left at its quantity question.
 */
const baseUrl = inject('baseUrl');

const desktop = { width: 1280, height: 800 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The content of the barcode the preview shows now. */
async function previewContent(page: Page): Promise<string> {
  return (await page.getByTestId('action-barcode-preview').getAttribute('data-content')) ?? '';
}

describe('action barcode generator', () => {
  it('makes a redirect and a [PLUS5] barcode that the scanner bar carries out', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: desktop,
      path: '/action_barcode_generator',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'admin', 'admin');
    await page.getByTestId('action-barcode-generator').waitFor();

    // A redirect to the item information, chosen from the apps.
    await page.getByTestId('action-barcode-app').selectOption('itemInfo');
    await expect.poll(() => previewContent(page)).toBe('_be_redirect_/item/item_info');
    const redirect = await previewContent(page);
    expect(await page.getByTestId('action-barcode-preview').getAttribute('data-symbology')).toBe('code128');
    await page.getByTestId('action-barcode-add').click();

    // [PLUS5]
    await page.getByTestId('action-barcode-kind').selectOption('quantity');
    await page.getByTestId('action-barcode-amount').fill('5');
    await expect.poll(() => previewContent(page)).toBe('[PLUS5]');
    const plusFive = await previewContent(page);
    await page.getByTestId('action-barcode-add').click();
    expect(await page.getByTestId('action-barcode-sheet').locator('tbody tr').count()).toBe(2);

    await page.screenshot({ path: screenshotPath('action-barcode-generator-1280x800') });

    // The sheet as an A4 PDF in the PDF preview.
    await page.getByTestId('action-barcode-pdf').click();
    const preview = page.getByTestId('pdf-preview');
    await preview.waitFor();
    expect(await preview.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    await page.screenshot({ path: screenshotPath('action-barcode-generator-pdf') });
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await preview.waitFor({ state: 'detached' });

    // The redirect, typed into another app's scanner bar, opens the item information.
    await page.goto(`${baseUrl}/location/location_info`);
    await page.getByTestId('location-info').waitFor();
    await scan(page, redirect);
    await page.getByTestId('item-info').waitFor();
    expect(new URL(page.url()).pathname).toBe('/item/item_info');

    // [PLUS5] at a handheld quantity question adds 5 to the 12 of the box barcode.
    await page.goto(`${baseUrl}/item/stock_transfer`);
    await prompt(page, 'Scan the location to take stock from');
    await scan(page, 'LOC0101', 'Scan the item');
    await scan(page, '8712345000028', 'How many pcs of ITEM-001? Now 12');
    await scan(page, plusFive, 'How many pcs of ITEM-001? Now 17');

    expect(errors).toEqual([]);
    await context.close();
  });
});
