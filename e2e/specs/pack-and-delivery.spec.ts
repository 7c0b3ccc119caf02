import {
  deliveryEndpoints,
  packEndpoints,
  packingSlipEndpoints,
  pickListEndpoints,
  urlOf,
  type PackVerification,
} from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import {
  changeDeliverySettings,
  makeOwnGoods,
  pdfText,
  pickGoods,
  pickListOfGoods,
  RawSession,
  runTag,
} from './delivery-support.js';
import { notification, openHandheldApp, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /pack_and_delivery typed as keyboard-wedge scans at 360x640, in Chromium against the built
 * server with demo data. The spec imports its own goods (a batch item and a serial item with
 * opening stock) and sales order, makes the pick list and picks it into one box through the API
 * (a key per pick). The operator packs with delivery.packVerification = SCAN_ALL (set for this
 * spec, put back after): every unit is scanned, a wrong item changes nothing; the box closes
 * with the weight of the TEST scale; the list is delivered and its packing slip opens in the
 * PDF preview. The same slip, fetched through the API, lists the box's lines. A second list is
 * repacked: part of a batch moves from its box into a new one (a wrong container and too
 * many units are told first), and the server's pack view shows both boxes' contents.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;
let operator: ApiSession;
let raw: RawSession;
let verificationBefore: PackVerification | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  operator = await ApiSession.signIn(baseUrl, serverVersion, 'operator');
  raw = await RawSession.signIn(baseUrl, serverVersion, 'admin');
  verificationBefore = (await changeDeliverySettings(admin, { packVerification: 'SCAN_ALL' })).packVerification;
});

afterAll(async () => {
  if (verificationBefore !== undefined) await changeDeliverySettings(admin, { packVerification: verificationBefore });
  await browser?.close();
});

describe('pack and delivery (keyboard-wedge scans, 360x640)', () => {
  it('packs every unit with SCAN_ALL, closes the box with the scale weight, delivers and shows the packing slip', async () => {
    const tag = runTag('PD');
    const goods = await makeOwnGoods(raw, admin, tag, 2, 2);
    const { order, code } = await pickListOfGoods(raw, admin, goods, 2);
    const box = `${tag}-BOX`;
    await pickGoods(operator, code, goods, [box]);

    const { context, page, errors } = await openHandheldApp(
      browser,
      baseUrl,
      '/pack_and_delivery',
      'pack-and-delivery-combined',
    );
    await prompt(page, 'Scan a pick list or one of its containers to pack');
    await scan(page, box, 'Scan every unit into its container: 0 of 4');
    await page.getByText(`Containers of ${code}`).waitFor();

    // An item that is not in the box: told, nothing verified, the question stays.
    await scan(page, 'PICK-MULTI-01');
    await notification(page, /Wrong item scanned: expected .*, scanned PICK-MULTI-01/, 'danger');
    await prompt(page, 'Scan every unit into its container: 0 of 4');
    const untouched = await admin.api(packEndpoints.view, { params: { code } });
    const contents = untouched.body.containers[0].contents as { verifiedQuantity: number }[];
    expect(contents.map((content) => content.verifiedQuantity)).toEqual([0, 0, 0]);
    await page.screenshot({ path: screenshotPath('pack-and-delivery-wrong-item-360x640') });

    // Each unit: the batch item and its batch, then each serial.
    for (const done of [1, 2]) {
      await scan(page, goods.batchItem, `Scan the batch of ${goods.batchItem}`);
      await scan(page, goods.batch);
      await notification(page, `${goods.batchItem} into ${box}: ${done} of 4.`, 'success');
      await prompt(page, `Scan every unit into its container: ${done} of 4`);
    }
    await scan(page, goods.serials[0]!, 'Scan every unit into its container: 3 of 4');
    await scan(page, goods.serials[1]!, `Close ${box}: choose a box type or type its size L x W x H in mm`);

    await page.getByTestId('pd-box-type-BOX-S').click();
    await prompt(page, `Weigh ${box}: type its weight in kg, or press Read scale`);
    await page.getByTestId('pd-read-scale').click();
    await notification(page, `${box} closed at 1.234 kg.`, 'success');
    await prompt(page, new RegExp(`Deliver pick list ${code} \\(.+\\)\\? Scan it again or press Deliver`));
    // No label printer on this device: the box label opened as a PDF; closed again.
    const preview = page.getByTestId('pdf-preview');
    await preview.waitFor();
    await preview.getByRole('button', { name: 'Close', exact: true }).last().click();
    await preview.waitFor({ state: 'detached' });

    const packed = await admin.api(pickListEndpoints.detail, { params: { code } });
    expect(packed.body).toMatchObject({ status: 'PICKED', packed: true });
    expect(packed.body.shippingContainers).toMatchObject([
      { code: box, status: 'CLOSED', weightInMg: 1_234_000, lengthInMm: 300, widthInMm: 200 },
    ]);

    // Deliver: the list scanned again confirms; the packing slip opens in the preview.
    await scan(page, code);
    await notification(page, new RegExp(`Delivery .+ created for pick list ${code}\\.`), 'success');
    await prompt(page, /Delivery .+ created\. Press OK for the next list/);
    await preview.waitFor();
    expect(await preview.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    await page.screenshot({ path: screenshotPath('pack-and-delivery-packing-slip-360x640') });

    const list = await admin.api(pickListEndpoints.detail, { params: { code } });
    expect(list.body.status).toBe('CLOSED');
    const found = await admin.api(deliveryEndpoints.all, { query: { pickList: code } });
    expect(found.body.total).toBe(1);
    const delivery = found.body.rows[0].code as string;
    expect(await page.getByTestId('delivery-created').textContent()).toContain(delivery);
    const detail = await admin.api(deliveryEndpoints.detail, { params: { code: delivery } });
    expect(detail.body).toMatchObject({ status: 'CREATED', pickList: code });
    expect(detail.body.containers).toMatchObject([{ code: box, status: 'DELIVERED' }]);
    const slipLog = await admin.api(packingSlipEndpoints.log, { params: { code: delivery } });
    expect(slipLog.body).toContainEqual(expect.objectContaining({ username: 'operator', kind: 'PREVIEW' }));

    // The same slip through the API: the box and its lines (item, batch, serials).
    const text = await pdfText(await raw.pdf(urlOf(packingSlipEndpoints.pdf, { params: { code: delivery } })));
    expect(text).toContain('Packing slip');
    for (const value of [delivery, code, order, `Container ${box}`, goods.batchItem, goods.batch, goods.serialItem])
      expect(text).toContain(value);
    for (const serial of goods.serials) expect(text).toContain(serial);
    expect(text).toMatch(/Units: 4/);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('repacks units of a batch into a new box: wrong scans are told, the server shows the moved units', async () => {
    const tag = runTag('PR');
    const goods = await makeOwnGoods(raw, admin, tag, 3, 1);
    const { code } = await pickListOfGoods(raw, admin, goods, 3);
    const box = `${tag}-BOX`;
    const second = `${tag}-BOX2`;
    await pickGoods(operator, code, goods, [box]);

    const { context, page, errors } = await openHandheldApp(
      browser,
      baseUrl,
      '/pack_and_delivery',
      'pack-and-delivery-combined',
    );
    await scan(page, code, 'Scan every unit into its container: 0 of 4');
    await page.getByTestId('pd-repack').click();
    await prompt(page, `Repack in ${code}: scan the container to take units out of`);
    // Not a container of this list: told, nothing changes.
    await scan(page, `${tag}-NONE`);
    await notification(page, `${tag}-NONE is not a container of pick list ${code}.`, 'danger');
    await scan(page, box, `Repack from ${box}: scan a unit`);
    await scan(page, goods.batchItem, `Scan the batch of ${goods.batchItem}`);
    await scan(page, goods.batch, `How many ${goods.batchItem} ${goods.batch} move out of ${box}? It holds 3`);
    await scan(page, '5');
    await notification(page, `5 × ${goods.batchItem} is more than container ${box} holds (3).`, 'danger');
    await scan(page, '2', new RegExp(`^Move 2 × ${goods.batchItem} from ${box}: scan the target container`));
    await page.screenshot({ path: screenshotPath('pack-repack-target-360x640') });
    await scan(page, second);
    await notification(page, `2 × ${goods.batchItem} moved from ${box} to ${second}.`, 'success');
    await prompt(page, 'Scan every unit into its container: 0 of 4');
    await page.getByTestId('pack-contents').getByText(second).waitFor();

    // The server's pack view: one unit of the batch left in the first box, two in the new one.
    const view = await admin.api(packEndpoints.view, { params: { code } });
    const containers = view.body.containers as {
      code: string;
      status: string;
      contents: { item: string; quantity: number }[];
    }[];
    const contentsOf = (container: string) =>
      containers.find((each) => each.code === container)?.contents.map((row) => [row.item, row.quantity]);
    expect(contentsOf(box)).toEqual(
      expect.arrayContaining([
        [goods.batchItem, 1],
        [goods.serialItem, 1],
      ]),
    );
    expect(contentsOf(second)).toEqual([[goods.batchItem, 2]]);
    expect(containers.find((each) => each.code === second)?.status).toBe('OPEN');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
