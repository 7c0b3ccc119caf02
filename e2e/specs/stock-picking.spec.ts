import { itemEndpoints, pickListEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, openHandheldApp, prompt, scan } from './handheld-support.js';
import { afterPick, createPickList } from './picking-support.js';
import { ApiSession } from './login-support.js';

/**
 * /stock_picking typed as keyboard-wedge scans at 360x640, in Chromium against the built server
 * with demo data (db/seed/demo-picking.ts). The lists picked here are made by the test from the
 * demo's open orders SO-PICK-4 (a batch and a serial item) and SO-PICK-3 (several locations), so
 * the two lists the demo releases stay as a newcomer finds them. Only this spec uses PICK-* items.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;

async function createList(salesOrder: string, lines: number[]): Promise<string> {
  const [code] = (await createPickList(admin, salesOrder, lines)).created;
  return code as string;
}

async function listOf(code: string) {
  const answer = await admin.api(pickListEndpoints.detail, { params: { code } });
  expect(answer.status).toBe(200);
  return answer.body as {
    status: string;
    lines: { item: string; openQuantity: number; allocations: { location: string; quantity: number }[] }[];
  };
}

/** The item's buckets per location (the item view's Locations tab). */
async function bucketsOf(item: string) {
  const answer = await admin.api(itemEndpoints.binLocations, { params: { code: item } });
  expect(answer.status).toBe(200);
  return answer.body as {
    binLocation: { code: string };
    onHandQty: number;
    releasedQty: number;
    pickQty: number;
    freeToMoveQty: number;
  }[];
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

describe('stock picking (keyboard-wedge scans, 360x640)', () => {
  it('picks a list with a serial and a batch item end to end; a wrong location changes nothing', async () => {
    const code = await createList('SO-PICK-4', [0, 1]);
    expect((await listOf(code)).status).toBe('RELEASED');
    const totalBefore = (await bucketsOf('PICK-BATCH-01')).reduce((sum, row) => sum + row.onHandQty, 0);

    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/stock_picking', 'stock-picking-list');
    await prompt(page, 'Scan a pick list, tap one, or press Next');
    await scan(page, code, 'Go to 01-PK-02 and scan the location');

    // The batch item's location while the serial line is asked: refused, the step stays.
    await scan(page, '01-BK-01');
    await notification(page, /01-PK-02/, 'danger');
    await prompt(page, 'Go to 01-PK-02 and scan the location');
    expect((await listOf(code)).status).toBe('RELEASED');
    await page.screenshot({ path: screenshotPath('stock-picking-wrong-location-360x640') });

    await scan(page, '01-PK-02', 'Scan item PICK-SERIAL-01');
    await scan(page, 'PICK-SERIAL-01', /Scan the serial numbers of PICK-SERIAL-01/);
    await scan(page, 'SC-1003', 'Scan the container to pick into');
    await scan(page, 'TOTE-E2E-1');
    await notification(page, 'Picked 1 × PICK-SERIAL-01 into TOTE-E2E-1', 'success');
    await afterPick(page, /Go to 01-BK-01 and scan the location/);
    expect((await listOf(code)).status).toBe('PARTLY_PICKED');

    // The batch line, typed fast: location, item, batch, quantity, keep the container.
    await scan(page, '01-BK-01', 'Scan item PICK-BATCH-01');
    await scan(page, 'PICK-BATCH-01', /Scan the batch of PICK-BATCH-01/);
    await scan(page, 'YD-2501', /How many/);
    await scan(page, '4', /Scan the container, or press OK to keep TOTE-E2E-1/);
    await scan(page, 'TOTE-E2E-1');
    await notification(page, 'Picked 4 × PICK-BATCH-01 into TOTE-E2E-1', 'success');
    await afterPick(page, /Every line is done/);
    await page.screenshot({ path: screenshotPath('stock-picking-done-360x640') });
    expect((await listOf(code)).status).toBe('PICKED');

    await page.getByTestId('finish-confirm').click();
    await notification(page, `Pick list ${code} finished.`, 'success');
    await page.getByTestId('stock-picking-list').waitFor();

    // The item view's buckets: 4 picked into the tote, nothing created or lost.
    const after = await bucketsOf('PICK-BATCH-01');
    const tote = after.find((row) => row.binLocation.code === 'TOTE-E2E-1');
    expect(tote).toMatchObject({ onHandQty: 4, pickQty: 4, releasedQty: 0, freeToMoveQty: 0 });
    expect(after.reduce((sum, row) => sum + row.onHandQty, 0)).toBe(totalBefore);
    for (const row of after) {
      expect(row.freeToMoveQty).toBe(row.onHandQty - row.releasedQty - row.pickQty);
      expect(row.freeToMoveQty).toBeGreaterThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('closes a line short at one location and re-allocates the rest from another', async () => {
    const code = await createList('SO-PICK-3', [1]);
    const [line] = (await listOf(code)).lines;
    expect(line?.allocations.map((a) => a.location)).toContain('01-BK-01');

    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/stock_picking', 'stock-picking-list');
    await scan(page, code, /Go to 01-BK-01 and scan the location/);
    await scan(page, '01-BK-01', 'Scan item PICK-MULTI-01');
    await page.getByTestId('pick-menu').click();
    await page.getByTestId('pick-short').click();
    await prompt(page, /Why can't you pick/);
    await page.getByTestId('short-STOCKOUT').click();
    await notification(page, /PICK-MULTI-01 closed short here; the rest was found elsewhere/, 'info');
    await page.screenshot({ path: screenshotPath('stock-picking-short-360x640') });

    const after = await listOf(code);
    const added = after.lines.at(-1);
    expect(after.lines.length).toBe(2);
    expect(added?.allocations.map((a) => a.location)).not.toContain('01-BK-01');
    expect(added?.openQuantity).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
