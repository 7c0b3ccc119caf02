import { goodsReturnEndpoints, itemEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, phone, prompt, scan } from './handheld-support.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';

/**
 * /goods_returns typed as keyboard-wedge scans at 360x640, in Chromium against the built server
 * with demo data: RT-4001 is C0001's open return of one SERIAL-001; SO-1998 delivered SN-0101..
 * SN-0103 to C0001, while SN-0001 is in stock and was never delivered. The return is flushed, so
 * SN-0101 ends in 01-RETURNS (the demo's returns location); no other spec reads that location.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;

/** onHandQty of an item per location (API), locations with nothing left out. */
async function stockOf(item: string): Promise<Record<string, number>> {
  const answer = await admin.api(itemEndpoints.binLocations, { params: { code: item } });
  expect(answer.status).toBe(200);
  const totals: Record<string, number> = {};
  for (const row of answer.body as { binLocation: { code: string }; onHandQty: number }[])
    totals[row.binLocation.code] = (totals[row.binLocation.code] ?? 0) + row.onHandQty;
  return Object.fromEntries(Object.entries(totals).filter(([, quantity]) => quantity !== 0));
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

describe('goods returns (keyboard-wedge scans, 360x640)', () => {
  it('refuses a serial never delivered to the customer, accepts a delivered one, flushes it into stock', async () => {
    const before = await stockOf('SERIAL-001');
    expect(before['01-RETURNS']).toBeUndefined();

    // admin holds salesReturns (no other demo user does).
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: phone,
      path: '/goods_returns',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'admin', 'admin');
    await page.getByTestId('goods-returns-list').waitFor();
    await prompt(page, 'Scan a return, or a delivered sales order to create its return');
    await page.getByTestId('open-return').filter({ hasText: 'RT-4001' }).waitFor();

    // Scanning the return claims and opens it.
    await scan(page, 'RT-4001', 'Scan the returned item or its serial number');
    await page.getByTestId('goods-returns').waitFor();
    expect(await page.getByTestId('return-header').textContent()).toContain('Bakker Retail BV');

    // SN-0001 is a SERIAL-001 in stock here, never delivered to C0001: refused, nothing saved.
    await scan(page, 'SN-0001');
    await notification(page, 'Item SERIAL-001 SN-0001 was never delivered to C0001', 'danger');
    await prompt(page, 'Scan the returned item or its serial number');
    expect(await page.getByTestId('return-entry').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('goods-returns-refused-360x640') });
    // Every action button fits the phone: a long label wraps to the next row, none is cut off.
    const cutOff = await page
      .locator('.handheld-actions .btn')
      .evaluateAll(
        (buttons) =>
          buttons.filter(
            (b) =>
              b.scrollWidth > b.clientWidth + 1 ||
              b.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
          ).length,
      );
    expect(cutOff).toBe(0);

    // A delivered serial, then its condition typed as a scan, one right after the other.
    await scan(page, 'SN-0101', /^Condition of 1 × SERIAL-001 SN-0101/);
    await scan(page, 'RESELLABLE', 'Scan the returned item or its serial number');
    await notification(page, 'Saved 1 × SERIAL-001 SN-0101 for 01-RETURNS', 'success');
    await page.getByTestId('return-entry').first().waitFor();
    expect(await page.getByTestId('return-entry').count()).toBe(1);
    await page.screenshot({ path: screenshotPath('goods-returns-entry-360x640') });

    // Flush, after the confirmation.
    await page.getByTestId('return-flush').click();
    await page.getByTestId('flush-confirm').click();
    await notification(page, 'Return RT-4001 posted.', 'success');
    await page.getByTestId('goods-returns-list').waitFor();
    await expect.poll(() => page.getByTestId('open-return').filter({ hasText: 'RT-4001' }).count()).toBe(0);

    const after = await stockOf('SERIAL-001');
    expect(after).toEqual({ ...before, '01-RETURNS': 1 });
    const detail = await admin.api(goodsReturnEndpoints.detail, { params: { code: 'RT-4001' } });
    expect(detail.body).toMatchObject({ status: 'FLUSHED', entries: [{ serial: 'SN-0101', target: '01-RETURNS' }] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
