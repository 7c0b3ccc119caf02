import {
  configEndpoints,
  itemEndpoints,
  masterDataEndpoints,
  recountingEndpoints,
  wallToWallEndpoints,
  type RecountThreshold,
} from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, openHandheldApp, phone, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /recounting at 360x640 with keyboard-wedge scans, on data of its own made through the API: the
 * admin creates a location and an item in warehouse 01, counts 10 into it (a wall-to-wall count
 * of an unrequested location), then, with the recount threshold at 0, counts 7: nothing is
 * posted and a RECOUNT_REQUEST is raised, first counted by admin. The demo operator recounts it
 * blind: a wrong scan is told at its scan and changes nothing; 7 again confirms the first count,
 * so the flush posts ONE COUNT_ADJUSTMENT of -3 under the operator's name.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const suffix = Date.now().toString(36).toUpperCase();
const location = `E2E-RC-${suffix}`;
const item = `E2E-RCI-${suffix}`;

let browser: Browser;
let admin: ApiSession;

async function setThreshold(recountThreshold: RecountThreshold): Promise<void> {
  const current = await admin.api(configEndpoints.settings);
  expect(current.status).toBe(200);
  const { version, settings } = current.body as { version: number; settings: { counting: Record<string, unknown> } };
  const updated = await admin.api(configEndpoints.updateSettings, {
    body: { version, settings: { counting: { ...settings.counting, recountThreshold } as never } },
  });
  expect(updated.status).toBe(200);
}

async function adminCount(quantity: number) {
  const saved = await admin.api(wallToWallEndpoints.save, {
    body: { idempotencyKey: `e2e-rc-${suffix}-${quantity}`, location, lines: [{ item, quantity }] },
  });
  expect(saved.status).toBe(200);
  return saved.body as { outcome: string; recountRequest: string | null };
}

describe('recounting (handheld)', () => {
  let code = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin', 'admin');
    const made = await admin.api(masterDataEndpoints.createBinLocation, {
      body: { code: location, warehouseCode: '01' },
    });
    expect(made.status).toBe(201);
    const madeItem = await admin.api(masterDataEndpoints.createItem, {
      body: { code: item, name: 'E2E recount item' },
    });
    expect(madeItem.status).toBe(201);
    expect((await adminCount(10)).outcome).toBe('POSTED');
    await setThreshold({ mode: 'ABSOLUTE', value: 0 });
    try {
      const first = await adminCount(7);
      expect(first.outcome).toBe('RECOUNT_REQUESTED');
      code = first.recountRequest ?? '';
    } finally {
      await setThreshold({ mode: 'NONE', value: 0 });
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('recounts the request blind after a wrong scan: the first count confirmed, one adjustment under the operator', async () => {
    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/recounting', 'recounting', phone);
    try {
      await prompt(page, 'Scan or choose a recount request');
      await page.getByTestId(`rc-request-${code}`).waitFor();
      // Blind: the list names the first counter, never the first count or the stock.
      const listed = (await page.getByTestId(`rc-request-${code}`).textContent()) ?? '';
      expect(listed).toContain('first counted by admin');
      expect(listed).not.toMatch(/\b(7|10)\b/);
      await scan(page, code, `Scan the location of ${code}: ${location}`);
      await scan(page, 'NO-SUCH-PLACE-42');
      await notification(page, /NO-SUCH-PLACE-42/, 'danger');
      await prompt(page, `Scan the location of ${code}: ${location}`);
      await scan(page, location, `Count at ${location}: scan an item (0 counted)`);
      await scan(page, item, new RegExp(`Quantity of ${item}`));
      await scan(page, '7', `Count at ${location}: scan an item (1 counted)`);
      await page.getByTestId('rc-save').click();
      await prompt(page, `Every location of ${code} is recounted: confirm to finish`);
      await notification(page, `Recount of ${location} saved.`, 'success');
      await page.getByTestId('rc-flush').click();
      await prompt(page, 'Scan or choose a recount request');
      await notification(page, new RegExp(`${code}: the recount confirms the first count`), 'success');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath('recounting-phone') });
      await page.getByTestId(`rc-request-${code}`).waitFor({ state: 'detached' });

      const history = await admin.api(itemEndpoints.history, { params: { code: item }, query: {} });
      const rows = (
        history.body as { rows: { transactionType: string; bin: string; quantity: number; username: string }[] }
      ).rows;
      expect(rows[0]).toMatchObject({
        transactionType: 'COUNT_ADJUSTMENT',
        bin: location,
        quantity: -3,
        username: 'operator',
      });
      const open = await admin.api(recountingEndpoints.requests);
      expect((open.body as { requests: { code: string }[] }).requests.map((r) => r.code)).not.toContain(code);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
