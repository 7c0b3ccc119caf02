import { finishedGoodsReceiptEndpoints, itemEndpoints, productionEndpoints } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { burst, openHandheldApp, phone, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /finished_goods_receipt typed as keyboard-wedge scans at 360x640, in Chromium against the built
 * server with demo data. The spec makes its own production order of PROD-001 and reports 5 of it
 * produced through the work time API (as a line terminal would), then receives 3 in the app.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const suffix = Date.now().toString(36);

let browser: Browser;
let manager: ApiSession;
let orderCode = '';

async function notification(page: Page, text: string, variant: string) {
  const toast = page.getByTestId('notification').filter({ hasText: text });
  await toast.first().waitFor();
  expect(await toast.count()).toBe(1);
  expect(await toast.first().getAttribute('data-variant')).toBe(variant);
}

/** onHandQty of PROD-001 at a location (API). */
async function onHandAt(location: string): Promise<number> {
  const answer = await manager.api(itemEndpoints.binLocations, { params: { code: 'PROD-001' } });
  expect(answer.status).toBe(200);
  return (answer.body as { binLocation: { code: string }; onHandQty: number }[])
    .filter((row) => row.binLocation.code === location)
    .reduce((sum, row) => sum + row.onHandQty, 0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await ApiSession.signIn(baseUrl, serverVersion, 'manager');
  const created = await manager.api(
    productionEndpoints.createOrder,
    {
      body: {
        warehouseCode: '01',
        itemCode: 'PROD-001',
        workOrderPlanCode: 'PLAN-BRACKET',
        targetQuantity: 6,
        releaseAfterCreate: true,
      },
    },
    { 'idempotency-key': `e2e-fgr-order-${suffix}` },
  );
  expect(created.status).toBe(201);
  orderCode = created.body.code as string;
  const hour = 3_600_000;
  const saved = await manager.api(productionEndpoints.saveWorkTime, {
    body: {
      workOrderCode: orderCode,
      workOrderStep: 'CUT',
      workTimeType: 'WORK',
      produced: 5,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() - hour / 2).toISOString(),
    },
  });
  expect(saved.status).toBe(200);
  const flushed = await manager.api(productionEndpoints.flushWorkTimes, { body: { ids: [saved.body.id as number] } });
  expect(flushed.status).toBe(200);
  expect(flushed.body.failed).toEqual([]);
});

afterAll(async () => {
  await browser?.close();
});

describe('finished goods receipt (keyboard-wedge scans)', () => {
  it('receives reported output on a phone: a wrong order and too many are told, the right scans continue', async () => {
    const before = await onHandAt('01-PROD');
    const reported = await manager.api(finishedGoodsReceiptEndpoints.order, { params: { order: orderCode } });
    expect(reported.body).toMatchObject({ reportedQuantity: 5, receivedQuantity: 0, receivableQuantity: 5 });

    const { context, page, errors } = await openHandheldApp(
      browser,
      baseUrl,
      '/finished_goods_receipt',
      'finished-goods-receipt',
      phone,
    );
    await prompt(page, 'Scan the production order or the pallet label');

    await scan(page, 'NO-SUCH-ORDER');
    await notification(page, 'No production order or work order with code NO-SUCH-ORDER.', 'danger');
    await prompt(page, 'Scan the production order or the pallet label');

    await scan(page, orderCode.toLowerCase(), 'How many pcs of PROD-001? Now 5');
    expect(await page.getByTestId('summary-item').textContent()).toBe('PROD-001 · Bracket kit, assembled');
    // Above reported + the warehouse's over-receipt tolerance (the demo's 5% for warehouse 01, when set).
    await scan(page, '6');
    await notification(page, '6 is more than production reported: 5 reported, 0 received already', 'danger');
    await prompt(page, 'How many pcs of PROD-001? Now 5');
    await page.screenshot({ path: screenshotPath('finished-goods-receipt-quantity-360x640') });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The quantity and the target (01-PROD by its barcode) typed fast, one after the other.
    await burst(page, ['3', 'LOC01PR']);
    await notification(page, `Received 3 pcs of PROD-001 into 01-PROD (${orderCode}).`, 'success');
    await prompt(page, 'Scan the production order or the pallet label');
    await page.screenshot({ path: screenshotPath('finished-goods-receipt-done-360x640') });

    const after = await manager.api(finishedGoodsReceiptEndpoints.order, { params: { order: orderCode } });
    expect(after.body).toMatchObject({ reportedQuantity: 5, receivedQuantity: 3, receivableQuantity: 2 });
    expect(await onHandAt('01-PROD')).toBe(before + 3);
    expect(errors).toEqual([]);
    await context.close();
  });
});
