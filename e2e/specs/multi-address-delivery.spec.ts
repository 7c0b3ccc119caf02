import { deliveryEndpoints, multiAddressDeliveryEndpoints, pickListEndpoints, type PutWallView } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { runTag } from './delivery-support.js';
import { burst, notification, openHandheldApp, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /multi_address_delivery typed as keyboard-wedge scans at 360x640, in Chromium against the built
 * server with demo data. The demo operator scans the demo's picked cart PUTWALL-CART-1 (SO-MULTI-1:
 * PUTWALL-DEMO-01 to Store 12 (2), Store 14 (3) and Store 17 (1)); the put wall opens slots A, B
 * and C. Every unit is scanned, the screen says where it goes ("Store 12, slot A, 0 of 2") and
 * the slot's container confirms the put (new codes of this run become the slots' containers). A
 * container of another slot is refused (wrongSlotScanned) and nothing moves; slot B's units come
 * as a burst of scans 50 ms apart. The list ends CLOSED with three deliveries, one per ship-to,
 * checked through the API. Only this spec uses SO-MULTI-1, its cart and its item.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const item = 'PUTWALL-DEMO-01';

let browser: Browser;
let admin: ApiSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

async function wallOf(code: string): Promise<PutWallView> {
  const answer = await admin.api(multiAddressDeliveryEndpoints.view, { params: { code } });
  expect(answer.status).toBe(200);
  return answer.body as PutWallView;
}

const slotText = (page: Page, slot: string) => page.getByTestId(`put-wall-slot-${slot}`).textContent();

describe('multi-address delivery (keyboard-wedge scans, 360x640)', () => {
  it('puts every unit of the demo cart into its store slot and ends with one delivery per ship-to', async () => {
    const tag = runTag('MA');
    const box = { A: `${tag}-A`, B: `${tag}-B`, C: `${tag}-C` };
    const { context, page, errors } = await openHandheldApp(
      browser,
      baseUrl,
      '/multi_address_delivery',
      'multi-address-delivery',
    );
    await prompt(page, 'Scan the picked cart or a container');
    await scan(page, 'PUTWALL-CART-1', 'Scan a unit');
    const summary = (await page.getByTestId('put-wall-list').textContent()) ?? '';
    const code = /Put wall of (\S+): 3 addresses/.exec(summary)?.[1] ?? '';
    expect(code, summary).not.toBe('');
    expect(await slotText(page, 'C')).toContain('Store 17');

    // Slot A (Store 12, 2 units): the first unit's scanned box becomes the slot's container.
    await scan(page, item, 'Scan a new container for slot A');
    expect(await page.getByTestId('put-wall-target').textContent()).toContain('Store 12, slot A, 0 of 2');
    await page.screenshot({ path: screenshotPath('multi-address-delivery-target-360x640') });
    await scan(page, box.A, 'Scan a unit');
    await notification(page, `${item} into slot A (${box.A}): 1 of 2.`, 'success');
    await scan(page, item, `Scan container ${box.A} of slot A`);
    expect(await page.getByTestId('put-wall-target').textContent()).toContain('Store 12, slot A, 1 of 2');
    await scan(page, box.A, 'Scan a unit');
    await notification(page, /Store 12 is complete: delivery \S+\./, 'success');
    expect(await slotText(page, 'A')).toMatch(/Delivered/);

    // Slot B (Store 14, 3 units): slot A's box is refused and nothing moves.
    await scan(page, item, 'Scan a new container for slot B');
    expect(await page.getByTestId('put-wall-target').textContent()).toContain('Store 14, slot B, 0 of 3');
    await scan(page, box.A);
    await notification(page, 'Wrong slot: put it in slot B.', 'danger');
    await prompt(page, 'Scan a new container for slot B');
    const untouched = await wallOf(code);
    expect(untouched.slots.map((slot) => [slot.slot, slot.container, slot.lines[0]?.put])).toEqual([
      ['A', box.A, 2],
      ['B', null, 0],
      ['C', null, 0],
    ]);
    await page.screenshot({ path: screenshotPath('multi-address-delivery-wrong-slot-360x640') });

    // The rest of slot B as a burst of scans 50 ms apart: handled in order.
    await burst(page, [box.B, item, box.B, item, box.B]);
    await prompt(page, 'Scan a unit');
    await notification(page, /Store 14 is complete: delivery \S+\./, 'success');

    // Slot C (Store 17, 1 unit): its delivery closes the list.
    await scan(page, item, 'Scan a new container for slot C');
    await scan(page, box.C, `Every address of ${code} is delivered. Scan the next cart or press OK`);
    await notification(
      page,
      new RegExp(`Store 17 is complete: delivery \\S+\\. Pick list ${code} is closed\\.`),
      'success',
    );
    await page.screenshot({ path: screenshotPath('multi-address-delivery-done-360x640') });

    // Through the API: the list CLOSED, three deliveries, one per ship-to with its units.
    const list = await admin.api(pickListEndpoints.detail, { params: { code } });
    expect(list.body.status).toBe('CLOSED');
    const found = await admin.api(deliveryEndpoints.all, { query: { pickList: code } });
    expect(found.body.total).toBe(3);
    const deliveries = await Promise.all(
      (found.body.rows as { code: string }[]).map(async (row) => {
        const detail = await admin.api(deliveryEndpoints.detail, { params: { code: row.code } });
        expect(detail.status).toBe(200);
        return detail.body as {
          status: string;
          pickList: string;
          shipTo: { name: string; city: string };
          containers: { code: string; status: string }[];
          lines: { item: string; quantity: number; salesOrder: string | null }[];
        };
      }),
    );
    const byStore = deliveries
      .map((delivery) => ({
        store: delivery.shipTo.name,
        city: delivery.shipTo.city,
        status: delivery.status,
        pickList: delivery.pickList,
        containers: delivery.containers.map((container) => [container.code, container.status]),
        lines: delivery.lines.map((line) => [line.item, line.quantity, line.salesOrder]),
      }))
      .sort((a, b) => a.store.localeCompare(b.store));
    expect(byStore).toEqual([
      {
        store: 'Store 12',
        city: 'Utrecht',
        status: 'CREATED',
        pickList: code,
        containers: [[box.A, 'DELIVERED']],
        lines: [[item, 2, 'SO-MULTI-1']],
      },
      {
        store: 'Store 14',
        city: 'Groningen',
        status: 'CREATED',
        pickList: code,
        containers: [[box.B, 'DELIVERED']],
        lines: [[item, 3, 'SO-MULTI-1']],
      },
      {
        store: 'Store 17',
        city: 'Eindhoven',
        status: 'CREATED',
        pickList: code,
        containers: [[box.C, 'DELIVERED']],
        lines: [[item, 1, 'SO-MULTI-1']],
      },
    ]);
    const wall = await wallOf(code);
    expect(wall.done).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
