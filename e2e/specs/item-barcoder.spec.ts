import { itemActionEndpoints, itemEndpoints } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { burst, notification, phone, prompt, scan } from './handheld-support.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';

/**
 * /setup/item_barcoder typed as keyboard-wedge scans at 360x640, in Chromium against the built
 * server with demo data. The spec clears the first barcode of QC-001 (in 01-QC next to
 * BATCH-001, which keeps its barcodes; no other spec scans QC-001), walks 01-QC, and puts the
 * barcode back afterwards.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

const item = 'QC-001';
/** A GTIN-13 whose last digit is not its check digit (4006381333931 is the right one). */
const wrongCheckDigit = '4006381333932';

let browser: Browser;
let admin: ApiSession;
let original: { barcode: string | null; barcodeInvQty: number };

async function itemOf(code: string) {
  const answer = await admin.api(itemEndpoints.get, { params: { code } });
  expect(answer.status).toBe(200);
  return answer.body as {
    barcode: string | null;
    barcodeInvQty: number;
    barcode2: string | null;
    barcode3: string | null;
  };
}

async function setFirstBarcode(barcode: string | null, quantity = 1) {
  const answer = await admin.api(itemActionEndpoints.setBarcode, {
    params: { code: item },
    body: { slot: 'BARCODE1', barcode, quantity, confirmed: true },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The prompt and the scanner bar are on screen, and nothing is wider than it. */
async function promptAndScannerVisible(page: Page) {
  for (const testId of ['handheld-prompt', 'scanner-input']) {
    const box = await page.getByTestId(testId).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  const before = await itemOf(item);
  original = { barcode: before.barcode, barcodeInvQty: before.barcodeInvQty };
  expect(before).toMatchObject({ barcode2: null, barcode3: null });
  await setFirstBarcode(null);
});

afterAll(async () => {
  if (original) await setFirstBarcode(original.barcode, original.barcodeInvQty);
  await browser?.close();
});

describe('item barcoder (keyboard-wedge scans, 360x640)', () => {
  it('walks a location: a wrong scan changes nothing, a wrong check digit is confirmed by scanning it again', async () => {
    // The demo manager holds barcodeSetup.
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: phone,
      path: '/setup/item_barcoder',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'manager', 'manager');
    await page.getByTestId('item-barcoder').waitFor();
    await prompt(page, 'Scan an item, or a location to set the barcodes of its items without one');

    // 01-QC by its barcode: only QC-001 has no barcode there (BATCH-001 has).
    await burst(page, ['LOC01QC']);
    await prompt(page, `Scan the new barcode 1 of ${item}`);
    expect(await page.getByTestId('barcoder-summary-walk').textContent()).toBe('01-QC · 1 of 1');
    expect(await page.getByTestId('barcoder-slot-1').getAttribute('aria-pressed')).toBe('true');
    await promptAndScannerVisible(page);

    // Another item's barcode and a location's barcode: refused at the scan, nothing changes.
    await scan(page, '8712345000011');
    await notification(page, 'Barcode 8712345000011 is already assigned to ITEM-001.', 'danger');
    await prompt(page, `Scan the new barcode 1 of ${item}`);
    await scan(page, 'LOC0101');
    await notification(page, 'Barcode LOC0101 is already assigned to 01-A01-01.', 'danger');
    await prompt(page, `Scan the new barcode 1 of ${item}`);
    expect((await itemOf(item)).barcode).toBeNull();
    await promptAndScannerVisible(page);

    // A wrong check digit warns; the same code again and the quantity typed fast save it.
    await scan(page, wrongCheckDigit);
    await notification(page, `The check digit of ${wrongCheckDigit} is wrong: it is not a valid GTIN.`, 'warning');
    await prompt(
      page,
      `Scan ${wrongCheckDigit} again to use it despite its wrong check digit, or scan another barcode`,
    );
    await page.screenshot({ path: screenshotPath('item-barcoder-check-digit-360x640') });
    await burst(page, [wrongCheckDigit, '2']);
    await notification(page, `Barcode ${wrongCheckDigit} saved as barcode 1 of ${item}.`, 'success');
    await notification(page, 'Every item of 01-QC that had no barcode is done.', 'info');
    await prompt(page, 'Scan an item, or a location to set the barcodes of its items without one');
    expect(await itemOf(item)).toMatchObject({ barcode: wrongCheckDigit, barcodeInvQty: 2 });

    // A label of the saved item is offered.
    await page.getByTestId('barcoder-saved').waitFor();
    expect(await page.getByTestId('print-item-label').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('item-barcoder-saved-360x640') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
