import { goodsReceiptEndpoints, lookupEndpoints } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openHandheldApp, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * The goods receipt app (/goods_receipt) at 360x640, scans typed as a keyboard wedge types them,
 * against the built server with its demo data: PO-1006 (BATCH-001, expiry and supplier batch
 * asked), PO-1003 (SERIAL-001 x 3), PO-1004 line 0 (ITEM-003 x 10, CONFIRM within 10%). Receipts
 * left unfinished are deleted through the API afterwards (nothing was posted by them).
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;
let operator: ApiSession;
const unfinished: string[] = [];

/** Waits for a notification with this text and variant. */
async function notification(page: Page, text: string, variant: string) {
  const toast = page.getByTestId('notification').filter({ hasText: text }).last();
  await toast.waitFor();
  expect(await toast.getAttribute('data-variant')).toBe(variant);
}

/** The prompt and the scanner bar are on screen (messages never push them out of a 360x640 view). */
async function promptAndScannerVisible(page: Page) {
  for (const testId of ['handheld-prompt', 'scanner-input']) {
    const box = await page.getByTestId(testId).boundingBox();
    expect(box, testId).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(640);
    expect(box!.y).toBeGreaterThanOrEqual(0);
  }
}

/** Opens the list and the receipt of a document by scanning its code; answers the receipt's code. */
async function openReceipt(page: Page, document: string): Promise<string> {
  await prompt(page, 'Scan a purchase order');
  await scan(page, document, 'Scan the item');
  await page.getByTestId('receipt-lines').waitFor();
  const code = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  expect(code).not.toBe('');
  return code;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  operator = await ApiSession.signIn(baseUrl, serverVersion, 'operator');
});

afterAll(async () => {
  for (const receipt of unfinished) await operator.api(goodsReceiptEndpoints.delete, { params: { receipt } });
  await browser?.close();
});

describe('goods receipt (keyboard-wedge scans at 360x640)', () => {
  it('receives a batch item from a GS1-128 scan, finishes, and the batch has the scanned expiry', async () => {
    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/goods_receipt', 'goods-receipt-list');
    await page.getByTestId('receivable-document').filter({ hasText: 'PO-1006' }).waitFor();
    await scan(page, 'PO-9999');
    await notification(page, 'Unknown document PO-9999', 'danger');
    const receipt = await openReceipt(page, 'PO-1006');

    // A wrong item changes nothing and says why.
    await scan(page, '8712345000134');
    await notification(page, 'Item ITEM-003 is not on PO-1006', 'danger');
    await prompt(page, 'Scan the item');
    await promptAndScannerVisible(page);

    const batch = `E2E${Date.now() % 1_000_000}`;
    await scan(page, `(01)08712345000059(10)${batch}(17)301231`, "Scan the supplier's batch code of BATCH-001");
    expect(await page.getByTestId('draft-batch').textContent()).toBe(batch);
    expect(await page.getByTestId('draft-expiry').textContent()).toBe('2030-12-31');
    await scan(page, '8712345000059');
    await notification(page, 'That is the code of BATCH-001 itself', 'danger');
    await scan(page, 'MNF-E2E-1', /How many box of BATCH-001\? Now 100/);
    await scan(page, 'twelve');
    await notification(page, 'twelve', 'danger');
    await scan(page, '12', 'Scan the target location, or Enter for 01-RECEIVE');
    await scan(page, 'NO-SUCH-BIN');
    await notification(page, 'Unknown location NO-SUCH-BIN', 'danger');
    await prompt(page, 'Scan the target location, or Enter for 01-RECEIVE');
    await page.getByTestId('target-default').click();
    await notification(page, 'Received 12 box of BATCH-001 into 01-RECEIVE.', 'success');
    await prompt(page, 'Scan the item');
    await page.getByTestId('receipt-entry').first().waitFor();
    await page.screenshot({ path: screenshotPath('goods-receipt-entry-360x640') });

    await page.getByTestId('receipt-finish').click();
    await page.getByTestId('finish-open-lines').filter({ hasText: '88 box × BATCH-001' }).waitFor();
    await page.getByTestId('finish-confirm').click();
    await page.getByTestId('summary-received').filter({ hasText: batch }).waitFor();
    await page.screenshot({ path: screenshotPath('goods-receipt-finished-360x640') });
    await page.getByTestId('summary-close').click();
    await page.getByTestId('goods-receipt-list').waitFor();

    // The batch dialog shows the scanned expiry: from the staging location's contents, the batch's link.
    await page.goto(`${baseUrl}/location/location_info/01-RECEIVE`);
    await page.getByTestId('tab-contents').click();
    const contents = page.getByTestId('pane-contents');
    await contents.locator('[data-row-id="item:BATCH-001"] button[aria-expanded]').click();
    await contents.locator(`[data-object-type="batch"][data-object-code="${batch}"]`).click();
    const batchFields = page.getByTestId('batch-dialog').getByTestId('batch-fields');
    await batchFields.waitFor();
    expect(await batchFields.locator('[data-field="expirationDate"] [data-value]').textContent()).toBe('31-12-2030');
    expect(await batchFields.locator('[data-field="mnfBatchCode"] [data-value]').textContent()).toBe('MNF-E2E-1');
    await page.screenshot({ path: screenshotPath('goods-receipt-batch-dialog-360x640') });

    const found = await admin.api(lookupEndpoints.findBatches, {
      params: { code: batch },
      query: { itemCode: 'BATCH-001' },
    });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({ code: batch, expirationDate: '2030-12-31', mnfBatchCode: 'MNF-E2E-1' }),
    ]);
    const after = await operator.api(goodsReceiptEndpoints.get, { params: { receipt } });
    expect(after.body.receipt.status).toBe('FINISHED');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scans serials one by one and refuses a serial scanned twice', async () => {
    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/goods_receipt', 'goods-receipt-list');
    const receipt = await openReceipt(page, 'PO-1003');
    unfinished.push(receipt);
    await scan(page, '8712345000073', /Scan the serial numbers of SERIAL-001: 0 scanned, 3 open/);
    // SERIAL-001 asks the supplier's serial of each unit too (scanManufacturingSerial).
    await scan(page, 'E2E-SN-1', "Scan the supplier's serial number of SERIAL-001 E2E-SN-1");
    await scan(page, 'MS-1', /1 scanned/);
    await scan(page, 'E2E-SN-2', "Scan the supplier's serial number of SERIAL-001 E2E-SN-2");
    await scan(page, 'MS-2', /2 scanned/);
    await scan(page, 'e2e-sn-2');
    await notification(page, 'Serial number e2e-sn-2 of item SERIAL-001 is already', 'danger');
    await prompt(page, /2 scanned/);
    await scan(page, 'E2E-SN-3', "Scan the supplier's serial number of SERIAL-001 E2E-SN-3");
    await scan(page, 'MS-3', /3 scanned/);
    await page.getByTestId('serials-done').click();
    await prompt(page, 'Scan the target location, or Enter for 01-RECEIVE');
    await page.getByTestId('target-default').click();
    await notification(page, 'Received 3 pcs of SERIAL-001 into 01-RECEIVE.', 'success');
    const saved = await operator.api(goodsReceiptEndpoints.get, { params: { receipt } });
    const entries = saved.body.receipt.entries as { serial: string; manufacturingSerial: string }[];
    expect(entries.map((entry) => `${entry.serial}/${entry.manufacturingSerial}`).sort()).toEqual([
      'E2E-SN-1/MS-1',
      'E2E-SN-2/MS-2',
      'E2E-SN-3/MS-3',
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a rescan of an over-receipt within the tolerance (11 on a line of 10)', async () => {
    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/goods_receipt', 'goods-receipt-list');
    const receipt = await openReceipt(page, 'PO-1004');
    unfinished.push(receipt);
    await scan(page, '8712345000134', /How many pcs of ITEM-003\? Now 1 \(10 open\)/);
    await scan(page, '11', 'Scan the target location, or Enter for 01-RECEIVE');
    await page.getByTestId('target-default').click();
    await notification(page, 'scan again to confirm', 'warning');
    await prompt(page, 'Receive 11 pcs of ITEM-003? Scan the item again or press Confirm');
    await promptAndScannerVisible(page);
    // Another code is not a confirmation: nothing is sent.
    await scan(page, 'LOC0101');
    await notification(page, 'Scan ITEM-003 again or press Confirm to receive 11', 'danger');
    await scan(page, '8712345000134');
    await notification(page, 'Received 11 pcs of ITEM-003 into 01-RECEIVE.', 'success');
    await prompt(page, 'Scan the item');
    const saved = await operator.api(goodsReceiptEndpoints.get, { params: { receipt } });
    expect(saved.body.receipt.entries).toEqual([expect.objectContaining({ quantity: 11, overReceipt: 1 })]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
