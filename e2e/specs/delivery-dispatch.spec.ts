import { deliveryEndpoints, pickListEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import {
  closeContainer,
  deliver,
  makeOwnGoods,
  pickGoods,
  pickListOfGoods,
  RawSession,
  runTag,
} from './delivery-support.js';
import { notification, openHandheldApp, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /delivery_dispatch typed as keyboard-wedge scans at 360x640, in Chromium against the built
 * server with demo data (which turns delivery.enableDeliveryDispatchApplication on). The spec
 * makes its own delivery of two containers through the API: its own goods and sales order, a
 * pick list picked into two boxes (a key per pick), both closed, marked packed and delivered.
 * The operator scans the dock, a container that is in no delivery (told, nothing loaded), the
 * first box (the delivery stays open: 1 of 2) and the second (dispatched).
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;
let operator: ApiSession;
let raw: RawSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  operator = await ApiSession.signIn(baseUrl, serverVersion, 'operator');
  raw = await RawSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

/** A CREATED delivery of two closed containers (the batch item in the first, the serial in the second). */
async function deliveryOfTwoContainers(tag: string) {
  const goods = await makeOwnGoods(raw, admin, tag, 3, 1);
  const { code } = await pickListOfGoods(raw, admin, goods, 3);
  const containers = [`${tag}-C1`, `${tag}-C2`] as const;
  await pickGoods(operator, code, goods, containers);
  await closeContainer(operator, containers[0], 2_500_000);
  await closeContainer(operator, containers[1], 900_000);
  const packed = await operator.api(pickListEndpoints.markPacked, { params: { code } });
  expect(packed.status, JSON.stringify(packed.body)).toBe(200);
  const delivery = await deliver(operator, code, `${tag}-delivery`);
  return { delivery, containers };
}

const statusOf = async (code: string) =>
  (await admin.api(deliveryEndpoints.detail, { params: { code } })).body as {
    status: string;
    dispatchedBy: string | null;
    containers: { code: string; status: string }[];
  };

describe('delivery dispatch (keyboard-wedge scans, 360x640)', () => {
  it('loads a delivery container by container: open after the first, dispatched after the last', async () => {
    const tag = runTag('DD');
    const { delivery, containers } = await deliveryOfTwoContainers(tag);
    expect((await statusOf(delivery)).status).toBe('CREATED');

    const { context, page, errors } = await openHandheldApp(
      browser,
      baseUrl,
      '/delivery_dispatch',
      'delivery-dispatch',
    );
    await page.getByTestId(`dispatch-delivery-${delivery}`).waitFor();
    const dock = `DOCK-${tag}`;
    await scan(page, dock, `Scan a container to load at ${dock}`);
    await notification(page, `Loading at ${dock}`, 'info');

    // A container of no delivery: told, nothing loaded, the question stays.
    await scan(page, `${tag}-NONE`);
    await notification(page, `Container ${tag}-NONE is not in any delivery waiting for dispatch.`, 'danger');
    await prompt(page, `Scan a container to load at ${dock}`);

    await scan(page, containers[0]);
    const progress = page.getByTestId('dispatch-progress');
    await progress.filter({ hasText: `1 of 2 loaded for ${delivery}` }).waitFor();
    const row = page.getByTestId('dispatch-load-deliveries').getByTestId(`dispatch-delivery-${delivery}`);
    expect(await row.getByTestId('dispatch-counts').textContent()).toBe('1 of 2');
    await page.screenshot({ path: screenshotPath('delivery-dispatch-partly-loaded-360x640') });
    const partly = await statusOf(delivery);
    expect(partly.status).toBe('CREATED');
    expect(partly.containers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: containers[0], status: 'DISPATCHED' }),
        expect.objectContaining({ code: containers[1], status: 'DELIVERED' }),
      ]),
    );

    await scan(page, containers[1]);
    await notification(page, `Delivery ${delivery} is dispatched`, 'success');
    await progress.filter({ hasText: `Delivery ${delivery} is dispatched` }).waitFor();
    await prompt(page, `Scan a container to load at ${dock}`);
    await page.screenshot({ path: screenshotPath('delivery-dispatch-dispatched-360x640') });

    const dispatched = await statusOf(delivery);
    expect(dispatched).toMatchObject({ status: 'DISPATCHED', dispatchedBy: 'operator' });
    expect(dispatched.containers.map((container) => container.status)).toEqual(['DISPATCHED', 'DISPATCHED']);
    // The waiting list no longer shows it.
    await page
      .getByTestId('not-dispatched')
      .getByTestId(`dispatch-delivery-${delivery}`)
      .waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
