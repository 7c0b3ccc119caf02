import { itemEndpoints, pathOf, stockTransferEndpoints } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { burst, notification, phone, prompt, scan } from './handheld-support.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';

/**
 * /goods_sorting typed as keyboard-wedge scans at 360x640, in Chromium against the built server
 * with demo data. The spec puts its own stock into 01-RECEIVE first (a stock transfer through the
 * API) and moves everything back afterwards. It sorts LIQUID-001, whose enforced default location
 * in warehouse 01 is 01-TANK-01 (demo), because no other spec moves it: specs run two at a time
 * against one server, and the stock transfer and GS1 specs compare ITEM-001's whole stock (whose
 * enforced default 01-P01-01 the component tests use) before and after their own moves.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

const item = 'LIQUID-001';
const tank = '01-TANK-01';

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

let keySequence = 0;
/** A stock transfer through the API (preparing and putting back the demo stock). */
async function transfer(from: string, to: string, quantity: number) {
  keySequence += 1;
  const endpoint = stockTransferEndpoints.lines;
  const response = await admin.call(
    endpoint.method,
    pathOf(endpoint),
    { lines: [{ fromLocation: from, item, quantity }], toLocation: to },
    { 'idempotency-key': `e2e-goods-sorting-${Date.now()}-${keySequence}` },
  );
  expect(response.status).toBe(200);
}

/** The prompt and the scanner bar are on screen (messages push the page down, never over them). */
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
});

afterAll(async () => {
  await browser?.close();
});

describe('goods sorting (keyboard-wedge scans, 360x640)', () => {
  it('puts staged stock away to the proposed location; another one needs a manager; a wrong scan changes nothing', async () => {
    const before = await stockOf(item);
    await transfer(tank, '01-RECEIVE', 2000);
    const staged = await stockOf(item);
    expect(staged['01-RECEIVE']).toBe((before['01-RECEIVE'] ?? 0) + 2000);

    // admin holds goodsSorting (the demo operator does not) and may approve leaving the enforced default.
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: phone,
      path: '/goods_sorting',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'admin', 'admin');
    await page.getByTestId('goods-sorting').waitFor();
    await prompt(page, 'Scan the staging location or cart to sort');

    await scan(page, 'NO-SUCH-BIN');
    await notification(page, 'Unknown location NO-SUCH-BIN.', 'danger');
    await prompt(page, 'Scan the staging location or cart to sort');
    await promptAndScannerVisible(page);

    // Staging location (by its barcode) and item typed fast, one after the other.
    await burst(page, ['LOC01RC', item]);
    await prompt(page, `How many ml of ${item}? Now ${staged['01-RECEIVE']}`);
    await page.getByTestId('staging-list').getByText(item).first().waitFor();
    expect(await page.getByTestId('summary-proposed').textContent()).toBe(`${tank} · enforced default location`);
    await scan(page, '1000', `Scan the destination: ${tank} (enforced default location)`);
    await page.screenshot({ path: screenshotPath('goods-sorting-destination-360x640') });

    // Another destination: refused without a manager; cancelled, nothing moves.
    await scan(page, '01-A01-02');
    const dialog = page.getByTestId('manager-approval');
    await dialog.waitFor();
    expect(await dialog.getByTestId('manager-approval-reason').textContent()).toBe(
      `This item belongs in its enforced default location ${tank}. Another location needs a manager's approval.`,
    );
    await dialog.getByTestId('manager-approval-cancel').click();
    await notification(page, `This item belongs in its enforced default location ${tank}.`, 'danger');
    await prompt(page, `Scan the destination: ${tank} (enforced default location)`);
    await promptAndScannerVisible(page);
    expect(await stockOf(item)).toEqual(staged);

    // The proposed destination commits.
    await scan(page, tank, 'Scan an item from 01-RECEIVE');
    await notification(page, `Moved 1000 of ${item} from 01-RECEIVE to ${tank}.`, 'success');
    await promptAndScannerVisible(page);
    await page.screenshot({ path: screenshotPath('goods-sorting-moved-360x640') });

    // A wrong item scan changes nothing.
    await scan(page, 'NO-SUCH-ITEM');
    await notification(page, 'No item found for code NO-SUCH-ITEM.', 'warning');
    await prompt(page, 'Scan an item from 01-RECEIVE');
    expect((await stockOf(item))['01-RECEIVE']).toBe(staged['01-RECEIVE']! - 1000);

    // The rest to another destination, approved by a manager.
    await scan(page, item, `How many ml of ${item}? Now ${staged['01-RECEIVE']! - 1000}`);
    await scan(page, '1000', `Scan the destination: ${tank} (enforced default location)`);
    await scan(page, '01-A01-02');
    await dialog.waitFor();
    await page.screenshot({ path: screenshotPath('goods-sorting-manager-360x640') });
    await dialog.getByLabel('Manager username').fill('admin');
    await dialog.getByLabel('Password').fill('admin');
    await dialog.getByTestId('manager-approval-ok').click();
    await notification(page, `Moved 1000 ${item} from 01-RECEIVE to 01-A01-02, approved by admin`, 'success');
    await prompt(page, /Scan an item from 01-RECEIVE|Scan the staging location or cart to sort/);

    const after = await stockOf(item);
    expect(after['01-RECEIVE'] ?? 0).toBe(before['01-RECEIVE'] ?? 0);
    expect(after[tank]).toBe(before[tank]! - 1000);
    expect(after['01-A01-02']).toBe((before['01-A01-02'] ?? 0) + 1000);
    expect(errors).toEqual([]);
    await context.close();

    await transfer('01-A01-02', tank, 1000);
    expect(await stockOf(item)).toEqual(before);
  });
});
