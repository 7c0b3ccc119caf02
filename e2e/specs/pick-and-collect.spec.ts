import { pickListEndpoints } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, phone, prompt, scan } from './handheld-support.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';
import { afterPick } from './picking-support.js';

/**
 * /pick_and_collect typed as keyboard-wedge scans at 360x640, in Chromium against the built
 * server with demo data: picker2 walks CART-1 with the two lists the demo releases (SO-PICK-1 into
 * slot A, SO-PICK-2 into slot B). Both need PICK-MULTI-01 at 01-BK-01, so the walk stops there
 * once for each slot. Only this spec uses those two lists.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;

/** The demo's released list of a sales order. */
async function listOfOrder(order: string): Promise<string> {
  const page = await admin.api(pickListEndpoints.all, { query: { open: true, warehouse: '01', limit: 500 } });
  expect(page.status).toBe(200);
  for (const row of page.body.rows as { code: string }[]) {
    const detail = await admin.api(pickListEndpoints.detail, { params: { code: row.code } });
    if ((detail.body.salesOrders as string[]).includes(order)) return row.code;
  }
  throw new Error(`no open pick list of ${order}`);
}

async function detailOf(code: string) {
  const answer = await admin.api(pickListEndpoints.detail, { params: { code } });
  expect(answer.status).toBe(200);
  return answer.body as {
    status: string;
    shippingContainers: { code: string; contents: { item: string; quantity: number }[] }[];
  };
}

interface Stop {
  location: string;
  item: string;
  batch?: string;
  serial?: string;
  quantity?: number;
  slot: string;
  container: string;
}

/** One stop of the walk, typed as scans: location, item, batch or serial, quantity, the slot's container. */
async function pickStop(page: Page, stop: Stop) {
  await prompt(page, `Go to ${stop.location} and scan the location`);
  await scan(page, stop.location, `Scan item ${stop.item}`);
  await scan(page, stop.item);
  if (stop.batch) {
    await prompt(page, new RegExp(`Scan the batch of ${stop.item}`));
    await scan(page, stop.batch);
  }
  if (stop.serial) {
    await prompt(page, new RegExp(`Scan the serial numbers of ${stop.item}`));
    await scan(page, stop.serial);
  }
  if (stop.quantity && stop.quantity > 1) {
    await prompt(page, /How many/);
    await scan(page, String(stop.quantity));
  }
  await prompt(page, `${stop.quantity ?? 1} → slot ${stop.slot}: scan its container ${stop.container}`);
  await scan(page, stop.container);
  await notification(page, new RegExp(`Picked ${stop.quantity ?? 1} × ${stop.item} into ${stop.container}`), 'success');
  await afterPick(page, /Go to|Every stop is picked/);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

describe('pick and collect (keyboard-wedge scans, 360x640)', () => {
  it('walks two lists on a cart into their own slots; a wrong slot changes nothing', async () => {
    const [first, second] = [await listOfOrder('SO-PICK-1'), await listOfOrder('SO-PICK-2')];
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: phone,
      path: '/pick_and_collect',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'picker2', 'picker2');
    await page.getByTestId('pick-and-collect-start').waitFor();

    await scan(page, 'CART-1', 'Cart CART-1: press Next for the next lists, or scan pick lists');
    await scan(page, first, new RegExp(`lists ${first}\\. Scan more`));
    await scan(page, second, new RegExp(`lists ${first}, ${second}\\. Scan more`));
    await page.getByTestId('collect-start').click();
    await prompt(page, `Scan a container for slot A (list ${first})`);
    await scan(page, 'TOTE-PC-A', `Scan a container for slot B (list ${second})`);
    await scan(page, 'TOTE-PC-B', 'Go to 01-PK-01 and scan the location');

    // Slot A's batch at the face: B's container first is refused and nothing moves.
    await scan(page, '01-PK-01', 'Scan item PICK-BATCH-01');
    await scan(page, 'PICK-BATCH-01', /Scan the batch of PICK-BATCH-01/);
    await scan(page, 'YD-2502', /How many/);
    await scan(page, '24', '24 → slot A: scan its container TOTE-PC-A');
    await scan(page, 'TOTE-PC-B');
    await notification(page, /slot A/, 'danger');
    await prompt(page, '24 → slot A: scan its container TOTE-PC-A');
    expect((await detailOf(first)).status).toBe('RELEASED');
    await page.screenshot({ path: screenshotPath('pick-and-collect-wrong-slot-360x640') });
    await scan(page, 'TOTE-PC-A');
    await notification(page, 'Picked 24 × PICK-BATCH-01 into TOTE-PC-A', 'success');
    await afterPick(page, /Go to|Every stop is picked/);

    await pickStop(page, {
      location: '01-PK-02',
      item: 'PICK-SERIAL-01',
      serial: 'SC-1001',
      slot: 'B',
      container: 'TOTE-PC-B',
    });
    await pickStop(page, {
      location: '01-PK-02',
      item: 'PICK-SERIAL-01',
      serial: 'SC-1002',
      slot: 'B',
      container: 'TOTE-PC-B',
    });
    await pickStop(page, {
      location: '01-PK-03',
      item: 'PICK-MULTI-01',
      quantity: 6,
      slot: 'A',
      container: 'TOTE-PC-A',
    });
    await pickStop(page, {
      location: '01-BK-01',
      item: 'PICK-BATCH-01',
      batch: 'YD-2501',
      quantity: 6,
      slot: 'A',
      container: 'TOTE-PC-A',
    });
    // One location, one item, two lists: each share into its own slot.
    await pickStop(page, {
      location: '01-BK-01',
      item: 'PICK-MULTI-01',
      quantity: 4,
      slot: 'A',
      container: 'TOTE-PC-A',
    });
    await pickStop(page, {
      location: '01-BK-01',
      item: 'PICK-MULTI-01',
      quantity: 4,
      slot: 'B',
      container: 'TOTE-PC-B',
    });

    await prompt(page, 'Every stop is picked. Finish cart CART-1?');
    await page.screenshot({ path: screenshotPath('pick-and-collect-done-360x640') });
    await page.getByTestId('collect-finish').click();
    await page.getByTestId('collect-finished').waitFor();

    const [a, b] = [await detailOf(first), await detailOf(second)];
    expect([a.status, b.status]).toEqual(['PICKED', 'PICKED']);
    const contents = (list: typeof a, container: string) =>
      Object.fromEntries(
        (list.shippingContainers.find((c) => c.code === container)?.contents ?? []).map((c) => [c.item, c.quantity]),
      );
    // Quantities per item (batches and serials summed).
    const summed = (list: typeof a, container: string) => {
      const totals: Record<string, number> = {};
      for (const c of list.shippingContainers.find((x) => x.code === container)?.contents ?? [])
        totals[c.item] = (totals[c.item] ?? 0) + c.quantity;
      return totals;
    };
    expect(summed(a, 'TOTE-PC-A')).toEqual({ 'PICK-BATCH-01': 30, 'PICK-MULTI-01': 10 });
    expect(summed(b, 'TOTE-PC-B')).toEqual({ 'PICK-SERIAL-01': 2, 'PICK-MULTI-01': 4 });
    expect(Object.keys(contents(a, 'TOTE-PC-B'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // Eight stops of scans, one after the other: longer than one scan flow.
  }, 90_000);
});
