import { itemEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, openHandheldApp, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * GS1 labels at the stock transfer's item step (issue 14, point 20), typed as keyboard-wedge
 * scans on a phone: a forbidden AI pair is refused at the scan with its reason, and a batch that
 * may have swallowed an expiry date asks for a confirmation first. Nothing is booked.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

/** BATCH-001's EAN-13 as a GTIN-14, and ITEM-001's. */
const batchItemGtin = '08712345000059';
const boltGtin = '08712345000011';

let browser: Browser;
let admin: ApiSession;

async function stockOf(item: string): Promise<unknown> {
  const answer = await admin.api(itemEndpoints.binLocations, { params: { code: item } });
  expect(answer.status).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

describe('GS1 labels on the handheld', () => {
  it('refuses a forbidden pair at the scan, and asks before booking a batch that may hold an expiry date', async () => {
    const before = [await stockOf('ITEM-001'), await stockOf('BATCH-001')];
    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/item/stock_transfer', 'stock-transfer');
    await scan(page, 'LOC0111', 'Scan the item');

    // (01) with (37): the count would have been booked against the item itself.
    await scan(page, `(01)${boltGtin}(37)5`);
    await notification(page, 'The barcode carries (01) together with (37), which GS1 does not allow.', 'danger');
    await prompt(page, 'Scan the item');
    // One net weight twice with other decimals.
    await scan(page, `(01)${boltGtin}(3103)000189(3102)001234`);
    await notification(page, 'The barcode carries (3103) together with (3102)', 'danger');
    await prompt(page, 'Scan the item');

    // A batch whose FNC1 before (17) was lost: asked first, the prompt says what to do.
    const lost = `01${batchItemGtin}10B2025-01417271231`;
    await scan(page, lost, 'Book batch B2025-01417271231 of BATCH-001?');
    await notification(page, 'Check batch B2025-01417271231 of BATCH-001', 'warning');
    await page.screenshot({ path: screenshotPath('gs1-confirm-batch-360x640') });
    // Anything else cancels and is read as a scan of its own: the right label goes on.
    await scan(page, `(01)${batchItemGtin}(10)B2025-014`, /How many box of BATCH-001\?/);
    await notification(page, `Cancelled: ${lost} was not used.`, 'info');

    expect([await stockOf('ITEM-001'), await stockOf('BATCH-001')]).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});
