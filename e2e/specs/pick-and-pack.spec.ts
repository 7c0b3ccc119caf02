import { pickListEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, openHandheldApp, prompt, scan } from './handheld-support.js';
import { afterPick, createPickList } from './picking-support.js';
import { ApiSession } from './login-support.js';

/**
 * /pick_and_pack typed as keyboard-wedge scans at 360x640, in Chromium against the built server
 * with demo data: the operator packs SO-PICK-3's first line (PICK-SHORT-01: 2 in stock of 5
 * ordered, the rest a backorder) straight into a small box, weighs it and closes it packed.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

describe('pick and pack (keyboard-wedge scans, 360x640)', () => {
  it('picks into the chosen box, weighs and closes it, and leaves the list packed', async () => {
    const created = { body: await createPickList(admin, 'SO-PICK-3', [0]) };
    expect(created.body.backorders).toEqual([
      { salesOrder: 'SO-PICK-3', lineNumber: 0, item: 'PICK-SHORT-01', quantity: 3 },
    ]);
    const [code] = created.body.created;

    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/pick_and_pack', 'stock-picking-list');
    await scan(page, code!, 'Choose the box type, or scan a pre-printed box label');
    await page.getByTestId('pack-box-type-BOX-S').click();
    await prompt(page, 'Go to 01-PK-03 and scan the location');
    await scan(page, '01-PK-03', 'Scan item PICK-SHORT-01');
    await scan(page, 'PICK-SHORT-01', /How many/);
    await scan(page, '2');
    await notification(page, /Picked 2 × PICK-SHORT-01 into /, 'success');
    await afterPick(page, /Weigh box .*: type its weight in kg/);
    await scan(page, 'heavy');
    await notification(page, /heavy is not a weight/, 'danger');
    await scan(page, '1.25');
    await prompt(page, `Pick list ${code} is packed and goes to delivery. Press Done`);
    await page.screenshot({ path: screenshotPath('pick-and-pack-packed-360x640') });

    const list = await admin.api(pickListEndpoints.detail, { params: { code: code! } });
    expect(list.body).toMatchObject({ status: 'PICKED', packed: true });
    const [box] = list.body.shippingContainers as {
      status: string;
      boxType: string;
      weightInMg: number;
      lengthInMm: number;
      contents: unknown[];
    }[];
    expect(box).toMatchObject({ status: 'CLOSED', boxType: 'BOX-S', weightInMg: 1_250_000, lengthInMm: 300 });
    expect(box?.contents).toEqual([{ item: 'PICK-SHORT-01', batch: null, serial: null, quantity: 2 }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
