import { binLocationEndpoints, countingEndpoints, itemEndpoints, wallToWallEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { menuBadge, notification, openHandheldApp, phone, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /wall_to_wall at 360x640 with keyboard-wedge scans, as the demo operator: 01-CNT-03 (YES; 12
 * COUNT-DEMO-01 in the counting demo data, read by no other spec) is counted as 10. A wrong scan
 * is told at its scan and changes nothing; "location done" posts one COUNT_ADJUSTMENT of -2, the
 * /wall_to_wall badge drops by one and the item history shows the adjustment. Afterwards the
 * admin counts 12 again and flags the location YES again (through the API), so the demo data
 * stays as it was.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const location = '01-CNT-03';
const item = 'COUNT-DEMO-01';

let browser: Browser;
let admin: ApiSession;

/** onHandQty of the item at the location (API). */
async function onHand(): Promise<number> {
  const answer = await admin.api(itemEndpoints.binLocations, { params: { code: item } });
  expect(answer.status).toBe(200);
  return (answer.body as { binLocation: { code: string }; onHandQty: number }[])
    .filter((row) => row.binLocation.code === location)
    .reduce((sum, row) => sum + row.onHandQty, 0);
}

describe('wall to wall (handheld)', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin', 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('counts 01-CNT-03 blind with a difference after a wrong scan: one adjustment, the badge drops', async () => {
    const before = await onHand();
    expect(before).toBe(12);
    const { context, page, errors } = await openHandheldApp(browser, baseUrl, '/wall_to_wall', 'wall-to-wall', phone);
    try {
      await prompt(page, 'Scan a location to count');
      await page.getByTestId(`w2w-request-${location}`).waitFor();
      const badgeBefore = await menuBadge(page, 'wallToWall');
      expect(badgeBefore).toBeGreaterThan(0);
      await scan(page, location, `Count ${location}: scan an item, batch or serial (0 counted)`);
      // Blind: the screen never shows what the system holds.
      expect(await page.getByTestId('wall-to-wall').textContent()).not.toContain('12');
      await scan(page, 'NO-SUCH-ITEM-42');
      await notification(page, /NO-SUCH-ITEM-42/, 'danger');
      await prompt(page, `Count ${location}: scan an item, batch or serial (0 counted)`);
      expect(await onHand()).toBe(before);
      await scan(page, item, new RegExp(`How many ${item}`));
      await scan(page, '10', `Count ${location}: scan an item, batch or serial (1 counted)`);
      expect(await page.getByTestId('w2w-line').textContent()).toContain('10');
      await page.getByTestId('w2w-done').click();
      await prompt(page, 'Scan a location to count');
      await notification(page, `${location} counted: the difference is posted (1 stock row).`, 'success');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath('wall-to-wall-phone') });
      await page.getByTestId(`w2w-request-${location}`).waitFor({ state: 'detached' });
      await expect.poll(() => menuBadge(page, 'wallToWall')).toBe(badgeBefore - 1);

      expect(await onHand()).toBe(10);
      const history = await admin.api(itemEndpoints.history, { params: { code: item }, query: {} });
      const rows = (
        history.body as { rows: { transactionType: string; bin: string; quantity: number; username: string }[] }
      ).rows;
      expect(rows[0]).toMatchObject({
        transactionType: 'COUNT_ADJUSTMENT',
        bin: location,
        quantity: -2,
        username: 'operator',
      });
      const counts = await admin.api(countingEndpoints.history, { query: { location } });
      expect((counts.body as { rows: unknown[] }).rows[0]).toMatchObject({
        item,
        counted: 10,
        onHand: 12,
        difference: -2,
        outcome: 'POSTED',
        reason: 'COUNT',
        username: 'operator',
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      // Back as it was: the admin counts 12 again, and the location is flagged again.
      if ((await onHand()) !== before) {
        const flag = await admin.api(binLocationEndpoints.setCountingState, {
          params: { code: location },
          body: { countingState: 'YES' },
        });
        expect(flag.status).toBe(200);
        const saved = await admin.api(wallToWallEndpoints.save, {
          body: { idempotencyKey: `e2e-w2w-back-${Date.now()}`, location, lines: [{ item, quantity: before }] },
        });
        expect(saved.status).toBe(200);
      }
      await admin.api(binLocationEndpoints.setCountingState, {
        params: { code: location },
        body: { countingState: 'YES' },
      });
      expect(await onHand()).toBe(before);
    }
  });
});
