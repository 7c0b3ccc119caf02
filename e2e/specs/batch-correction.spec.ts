import { batchCorrectionEndpoints, itemEndpoints, pathOf } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, openHandheldApp, phone, prompt, scan } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * /corrections/batch_correction at 360x640 with keyboard-wedge scans on the demo data: 12 of
 * BATCH-001 on 01-P01-01 are recorded as batch B2025-014 but are B2024-001. Wrong scans (a batch
 * not on the location, a QC-pending batch as the correct one) are told at their scan and change
 * nothing. The correction is moved back through the API afterwards, so the demo stock other
 * specs read stays as it was.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

let browser: Browser;
let admin: ApiSession;

/** onHandQty of BATCH-001 per location and batch (API). */
async function batchStock(): Promise<Record<string, number>> {
  const answer = await admin.api(itemEndpoints.binLocations, { params: { code: 'BATCH-001' } });
  expect(answer.status).toBe(200);
  const totals: Record<string, number> = {};
  for (const row of answer.body as {
    binLocation: { code: string };
    batch?: { code: string } | null;
    onHandQty: number;
  }[]) {
    const key = `${row.binLocation.code}/${row.batch?.code ?? '-'}`;
    totals[key] = (totals[key] ?? 0) + row.onHandQty;
  }
  return Object.fromEntries(Object.entries(totals).filter(([, quantity]) => quantity !== 0));
}

describe('batch correction (handheld)', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin', 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('corrects 12 × B2025-014 → B2024-001 at 01-P01-01 after two refused scans, with one success message', async () => {
    const before = await batchStock();
    let corrected = false;
    const { context, page, errors } = await openHandheldApp(
      browser,
      baseUrl,
      '/corrections/batch_correction',
      'batch-correction',
      phone,
    );
    try {
      await prompt(page, 'Scan the location');
      await scan(page, '01-P01-01', 'Scan the item at 01-P01-01');
      await scan(page, 'BATCH-001', 'Scan the recorded batch of BATCH-001 at 01-P01-01');
      // B2025-015 is a batch of the item, but none of it is on this location.
      await scan(page, 'B2025-015');
      await notification(page, 'Batch B2025-015 has no stock on 01-P01-01.', 'danger');
      await prompt(page, 'Scan the recorded batch of BATCH-001 at 01-P01-01');
      await scan(page, 'B2025-014', /How much of batch B2025-014 is wrong\?/);
      await scan(page, '12', 'Scan the correct batch (instead of B2025-014)');
      // B2025-015 waits for QC: approved stock cannot go onto it.
      await scan(page, 'B2025-015');
      await notification(page, /differ in QC status/, 'danger');
      await prompt(page, 'Scan the correct batch (instead of B2025-014)');
      await scan(page, 'B2024-001', 'Choose the reason');
      await page.getByTestId('reason-LABEL_ERROR').click();
      await prompt(page, 'Confirm: 12 × B2025-014 → B2024-001 at 01-P01-01');
      expect(await page.getByTestId('batch-correction-confirm').textContent()).toContain(
        '12 × B2025-014 → B2024-001 at 01-P01-01',
      );
      expect(await batchStock()).toEqual(before);
      // The scanner bar sends no empty Enter: OK (the button, or the scanner's OK code) commits.
      await page.getByTestId('batch-correction-ok').click();
      await prompt(page, 'Scan the location');
      await notification(page, 'Corrected: 12 × B2025-014 → B2024-001 at 01-P01-01.', 'success');
      expect(await page.getByTestId('notification').filter({ hasText: 'Corrected' }).count()).toBe(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath('batch-correction-phone') });

      const after = await batchStock();
      corrected = true;
      expect(after['01-P01-01/B2025-014']).toBe((before['01-P01-01/B2025-014'] ?? 0) - 12);
      expect(after['01-P01-01/B2024-001']).toBe((before['01-P01-01/B2024-001'] ?? 0) + 12);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      // Back as it was (B2024-001 -> B2025-014 through the API), when the correction went through.
      const moved = corrected || (await batchStock())['01-P01-01/B2024-001'] !== before['01-P01-01/B2024-001'];
      if (moved) {
        const endpoint = batchCorrectionEndpoints.batchCorrection;
        const back = await admin.call(endpoint.method, pathOf(endpoint), {
          idempotencyKey: `e2e-batch-correction-back-${Date.now()}`,
          location: '01-P01-01',
          item: 'BATCH-001',
          fromBatch: 'B2024-001',
          toBatch: 'B2025-014',
          quantity: 12,
          reason: 'OTHER',
        });
        expect(back.status).toBe(200);
        expect(await batchStock()).toEqual(before);
      }
    }
  });
});
