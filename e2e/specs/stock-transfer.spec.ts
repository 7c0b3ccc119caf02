import { configEndpoints, itemEndpoints, pathOf, stockTransferEndpoints, type Extension } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openHandheldApp, phone, prompt, scan, type OpenedApp } from './handheld-support.js';
import { ApiSession } from './login-support.js';

/**
 * The stock transfer apps typed as keyboard-wedge scans (the code, then Enter) into the scanner
 * bar, in Chromium against the built server with demo data. Every transfer is moved back through
 * the API afterwards, so the demo stock other specs read stays as it was.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

const desktop = { width: 1280, height: 800 };

let browser: Browser;
let admin: ApiSession;
/** The operator's session for the calls that put the demo stock back. */
let operator: ApiSession;
let extensionsBefore: Extension[] | null = null;

/** Opens an app path as the operator, keyboard only. */
function openApp(path: string, testId: string, viewport = phone): Promise<OpenedApp> {
  return openHandheldApp(browser, baseUrl, path, testId, viewport);
}

async function notification(page: Page, text: string, variant: string) {
  const toast = page.getByTestId('notification').filter({ hasText: text });
  await toast.first().waitFor();
  expect(await toast.count()).toBe(1);
  expect(await toast.first().getAttribute('data-variant')).toBe(variant);
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

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
/** Moves stock through the API to put the demo stock back: the item's stock is then as before. */
async function moveBack(path: 'lines' | 'location', body: unknown, item: string, before: Record<string, number>) {
  keySequence += 1;
  const endpoint = stockTransferEndpoints[path];
  const response = await operator.call(endpoint.method, pathOf(endpoint), body, {
    'idempotency-key': `e2e-stock-transfer-back-${Date.now()}-${keySequence}`,
  });
  expect(response.status).toBe(200);
  expect(await stockOf(item)).toEqual(before);
}

/**
 * Records the text of every notification that is shown, once each (toasts come and go, at most
 * a few at a time, so counting the visible ones would miss some in a burst).
 */
function recordNotifications() {
  const win = window as unknown as { __shownNotifications: string[] };
  win.__shownNotifications = [];
  const seen = new WeakSet<Element>();
  const collect = () => {
    for (const element of document.querySelectorAll('[data-testid="notification"]')) {
      if (seen.has(element)) continue;
      seen.add(element);
      win.__shownNotifications.push(element.textContent ?? '');
    }
  };
  const start = () => new MutationObserver(collect).observe(document.body, { childList: true, subtree: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

async function shown(page: Page, text: string): Promise<number> {
  const all = await page.evaluate(() => (window as unknown as { __shownNotifications: string[] }).__shownNotifications);
  return all.filter((entry) => entry.includes(text)).length;
}

/**
 * Types one scan into the focused scanner bar and sends Enter, without waiting for the answer.
 * A wedge scanner types a whole code within a few ms, so the code is inserted at once.
 */
async function type(page: Page, text: string) {
  await page.keyboard.insertText(text);
  await page.keyboard.press('Enter');
}

const burstGapMs = 50;

/** A burst: each scan typed 50 ms after the one before, no waiting for any answer. */
async function burst(page: Page, texts: string[]) {
  for (const text of texts) {
    await type(page, text);
    await page.waitForTimeout(burstGapMs);
  }
}

/** Waits until the workflow is idle (no spinner) at the question `text`. */
async function settled(page: Page, text: string | RegExp) {
  await prompt(page, text);
  await expect.poll(() => page.getByRole('status', { name: 'Working…' }).count(), { timeout: 15_000 }).toBe(0);
}

/** The item's ledger rows (newest first), as the item history shows them. */
async function ledgerOf(item: string): Promise<{ bin: string; quantity: number; transactionType: string }[]> {
  const answer = await admin.api(itemEndpoints.history, { params: { code: item }, query: { limit: 1000 } });
  expect(answer.status).toBe(200);
  return answer.body.rows as { bin: string; quantity: number; transactionType: string }[];
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  operator = await ApiSession.signIn(baseUrl, serverVersion, 'operator');
  // The multi and location transfer apps belong to the stockTransferEnhancements extension.
  const settings = await admin.api(configEndpoints.settings);
  expect(settings.status).toBe(200);
  extensionsBefore = settings.body.settings.enabledExtensions as Extension[];
  if (!extensionsBefore.includes('stockTransferEnhancements')) {
    const saved = await admin.api(configEndpoints.updateSettings, {
      body: {
        version: settings.body.version,
        settings: { enabledExtensions: [...extensionsBefore, 'stockTransferEnhancements'] },
      },
    });
    expect(saved.status).toBe(200);
  }
});

afterAll(async () => {
  if (extensionsBefore && !extensionsBefore.includes('stockTransferEnhancements')) {
    const settings = await admin.api(configEndpoints.settings);
    await admin.api(configEndpoints.updateSettings, {
      body: { version: settings.body.version, settings: { enabledExtensions: extensionsBefore } },
    });
  }
  await browser?.close();
});

describe('stock transfer apps (keyboard-wedge scans)', () => {
  it('moves stock on a phone: a wrong location and a wrong item are told, the right scans continue', async () => {
    const before = await stockOf('ITEM-001');
    const { context, page, errors } = await openApp('/item/stock_transfer', 'stock-transfer');
    await prompt(page, 'Scan the location to take stock from');

    await scan(page, 'NO-SUCH-BIN');
    await notification(page, 'Unknown location NO-SUCH-BIN.', 'danger');
    await prompt(page, 'Scan the location to take stock from');
    await scan(page, 'LOC0101', 'Scan the item');
    expect(await page.getByTestId('summary-from').textContent()).toBe('01-A01-01');

    await scan(page, 'NO-SUCH-ITEM');
    await notification(page, 'No item found for code NO-SUCH-ITEM.', 'warning');
    await prompt(page, 'Scan the item');
    // The box barcode counts 12; 7 typed replaces it.
    await scan(page, '8712345000028', 'How many pcs of ITEM-001? Now 12');
    expect(await page.getByTestId('summary-item').textContent()).toBe('ITEM-001 · Hex bolt M8x40');
    await page.screenshot({ path: screenshotPath('stock-transfer-quantity-360x640') });
    await noHorizontalScroll(page);
    await scan(page, '7', 'Scan the target location');
    await scan(page, '01-a01-01');
    await notification(page, 'Stock can not be moved to the location it is on (01-A01-01).', 'danger');
    await scan(page, 'LOC0201');
    await notification(page, 'Moved 7 of ITEM-001 from 01-A01-01 to 02-A01-01.', 'success');
    // The next transfer starts from the same location.
    await prompt(page, 'Scan the item');
    expect(await page.getByTestId('summary-from').textContent()).toBe('01-A01-01');
    await page.screenshot({ path: screenshotPath('stock-transfer-done-360x640') });

    const after = await stockOf('ITEM-001');
    expect(after['01-A01-01']).toBe((before['01-A01-01'] ?? 0) - 7);
    expect(after['02-A01-01']).toBe((before['02-A01-01'] ?? 0) + 7);
    expect(errors).toEqual([]);
    await context.close();
    await moveBack(
      'lines',
      {
        lines: [{ fromLocation: '02-A01-01', item: 'ITEM-001', quantity: 7 }],
        toLocation: '01-A01-01',
      },
      'ITEM-001',
      before,
    );
  });

  it('moves a batch and a serial collected as two lines to one target in one transfer (desktop)', async () => {
    const pillsBefore = await stockOf('BATCH-001');
    const { context, page, errors } = await openApp('/item/multi_stock_transfer', 'multi-stock-transfer', desktop);
    await scan(page, '01-P01-01', 'Scan the item');
    // One batch of BATCH-001 on the location: selected without asking.
    await scan(page, 'BATCH-001', 'How many box of BATCH-001? Now 1');
    expect(await page.getByTestId('summary-batch').textContent()).toBe('B2025-014');
    await scan(page, '3', 'Scan the item');
    await scan(page, 'SERIAL-001', 'Scan the serial number of SERIAL-001');
    await scan(page, 'NO-SUCH-SERIAL');
    await notification(page, 'No serial number found for code NO-SUCH-SERIAL.', 'danger');
    await scan(page, 'sn-0001', 'Scan the item');
    const lines = page.getByTestId('transfer-line');
    expect(await lines.count()).toBe(2);
    expect(await page.getByTestId('transfer-lines').getByRole('heading').textContent()).toBe('Lines to move (2)');
    // Drop the serial line again: only the batch line moves.
    await lines.nth(1).getByTestId('remove-line').click();
    await expect.poll(() => lines.count()).toBe(1);
    await page.getByTestId('choose-target').click();
    await scan(page, 'LOC0102', 'Scan the location to take stock from');
    await notification(page, 'Moved 3 of BATCH-001 from 01-P01-01 to 01-A01-02.', 'success');
    expect(await lines.count()).toBe(0);
    await page.screenshot({ path: screenshotPath('multi-stock-transfer-desktop') });

    const after = await stockOf('BATCH-001');
    expect(after['01-P01-01']).toBe((pillsBefore['01-P01-01'] ?? 0) - 3);
    expect(after['01-A01-02']).toBe((pillsBefore['01-A01-02'] ?? 0) + 3);
    expect(errors).toEqual([]);
    await context.close();
    await moveBack(
      'lines',
      {
        lines: [{ fromLocation: '01-A01-02', item: 'BATCH-001', batch: 'B2025-014', quantity: 3 }],
        toLocation: '01-P01-01',
      },
      'BATCH-001',
      pillsBefore,
    );
  });

  it('moves the whole content of a location after the confirmation', async () => {
    const before = await stockOf('ITEM-002');
    const { context, page, errors } = await openApp('/item/location_stock_transfer', 'location-stock-transfer');
    await scan(page, '01-EMPTY-NOT-KNOWN');
    await notification(page, 'Unknown location 01-EMPTY-NOT-KNOWN.', 'danger');
    await scan(page, 'LOC01DV1', 'Scan the location to move everything to');
    await page.getByTestId('from-contents').getByText('ITEM-002').first().waitFor();
    await scan(page, '02-P01-01', 'Move everything from 01-DIV-01 to 02-P01-01?');
    await noHorizontalScroll(page);
    await page.screenshot({ path: screenshotPath('location-stock-transfer-360x640') });
    await page.getByTestId('location-transfer-confirm').click();
    await notification(page, 'Moved the content of 01-DIV-01 to 02-P01-01.', 'success');
    await prompt(page, 'Scan the location to empty');

    const after = await stockOf('ITEM-002');
    expect(after['01-DIV-01'] ?? 0).toBe(0);
    expect(after['02-P01-01']).toBe((before['02-P01-01'] ?? 0) + (before['01-DIV-01'] ?? 0));
    expect(errors).toEqual([]);
    await context.close();
    await moveBack('location', { fromLocation: '02-P01-01', toLocation: '01-DIV-01' }, 'ITEM-002', before);
  });
});

describe('stock transfer under fast scanning (360x640, scans 50 ms apart)', () => {
  it('5 rounds of item, quantity and target in a burst: 5 moves, 5 success messages, no scan lost', async () => {
    const before = await stockOf('ITEM-001');
    const ledgerBefore = (await ledgerOf('ITEM-001')).length;
    const { context, page, errors } = await openApp('/item/stock_transfer', 'stock-transfer');
    await page.evaluate(recordNotifications);
    await scan(page, 'LOC0101', 'Scan the item');
    // As tried in the review: the CPU slowed 4x, so each move takes longer than a round of scans.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await burst(page, Array.from({ length: 5 }, () => ['ITEM-001', '1', 'LOC0201']).flat());
    await settled(page, 'Scan the item');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect.poll(async () => (await stockOf('ITEM-001'))['02-A01-01']).toBe((before['02-A01-01'] ?? 0) + 5);

    const after = await stockOf('ITEM-001');
    expect(after['01-A01-01']).toBe((before['01-A01-01'] ?? 0) - 5);
    const rows = await ledgerOf('ITEM-001');
    const ledger = rows.slice(0, rows.length - ledgerBefore);
    expect(ledger.filter((row) => row.bin === '02-A01-01').map((row) => row.quantity)).toEqual([1, 1, 1, 1, 1]);
    expect(ledger.filter((row) => row.bin === '01-A01-01').map((row) => row.quantity)).toEqual([-1, -1, -1, -1, -1]);
    // Every success message stands for one committed move; nothing was refused or left unused.
    expect(await shown(page, 'Moved 1 of ITEM-001 from 01-A01-01 to 02-A01-01.')).toBe(5);
    expect(await shown(page, 'Moved')).toBe(5);
    expect(
      await page
        .getByTestId('notification')
        .filter({ hasText: /not used|No item|not a valid/ })
        .count(),
    ).toBe(0);
    expect(await page.getByTestId('summary-from').textContent()).toBe('01-A01-01');
    await page.screenshot({ path: screenshotPath('stock-transfer-burst-360x640') });
    expect(errors).toEqual([]);
    await context.close();
    await moveBack(
      'lines',
      {
        lines: [{ fromLocation: '02-A01-01', item: 'ITEM-001', quantity: 5 }],
        toLocation: '01-A01-01',
      },
      'ITEM-001',
      before,
    );
  });

  it('counts by scanning: the item scanned again 4 times quickly counts 5', async () => {
    const { context, page, errors } = await openApp('/item/stock_transfer', 'stock-transfer');
    await scan(page, 'LOC0101', 'Scan the item');
    await scan(page, 'ITEM-001', /^How many pcs of ITEM-001\? Now 1:/);
    for (let i = 0; i < 4; i += 1) {
      await page.waitForTimeout(250);
      await type(page, 'ITEM-001');
    }
    await settled(page, /^How many pcs of ITEM-001\? Now 5:/);
    expect(await page.getByTestId('summary-quantity').textContent()).toBe('5 pcs');
    expect(await page.getByTestId('scanner-hint').textContent()).toBe('');
    await page.getByTestId('handheld-cancel').click();
    await prompt(page, 'Scan the location to take stock from');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells each wrong scan at its own question and keeps the flow; a location at the item question becomes the source', async () => {
    const before = await stockOf('ITEM-001');
    const { context, page, errors } = await openApp('/item/stock_transfer', 'stock-transfer');
    // A blocked location is refused at the location question, with its reason.
    await scan(page, 'LOC01BL');
    await notification(
      page,
      'Location 01-BLOCKED is blocked for stock movements: Damaged rack, awaiting inspection',
      'danger',
    );
    await settled(page, 'Scan the location to take stock from');
    // An item that is not on the source is refused at the item question.
    await scan(page, 'LOC0101', 'Scan the item');
    await scan(page, 'ITEM-002');
    await notification(page, 'ITEM-002 is not on 01-A01-01.', 'danger');
    await settled(page, 'Scan the item');
    // A location at the item question: the line starts over from it.
    await scan(page, 'LOC0111');
    await notification(page, '01-P01-01 is a location: stock is now taken from 01-P01-01.', 'info');
    await settled(page, 'Scan the item');
    expect(await page.getByTestId('summary-from').textContent()).toBe('01-P01-01');
    // 48 on hand, 12 released: 36 can move. 40 is refused at the quantity question.
    await scan(page, 'ITEM-001', /^How many pcs of ITEM-001\? Now 1:/);
    await scan(page, '40');
    await notification(page, 'Only 36 pcs of ITEM-001 can be moved from 01-P01-01: 40 is too many.', 'danger');
    await settled(page, /^How many pcs of ITEM-001\? Now 1:/);
    await page.screenshot({ path: screenshotPath('stock-transfer-quantity-refused-360x640') });
    await page.getByTestId('handheld-cancel').click();
    await prompt(page, 'Scan the location to take stock from');
    expect(await stockOf('ITEM-001')).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('confirms the location transfer by scanning the target again right away', async () => {
    const before = await stockOf('ITEM-002');
    const { context, page, errors } = await openApp('/item/location_stock_transfer', 'location-stock-transfer');
    await scan(page, 'LOC01DV1', 'Scan the location to move everything to');
    await type(page, '02-P01-01');
    await page.waitForTimeout(300);
    await type(page, '02-P01-01');
    await notification(page, 'Moved the content of 01-DIV-01 to 02-P01-01.', 'success');
    await settled(page, 'Scan the location to empty');
    const after = await stockOf('ITEM-002');
    expect(after['01-DIV-01'] ?? 0).toBe(0);
    expect(after['02-P01-01']).toBe((before['02-P01-01'] ?? 0) + (before['01-DIV-01'] ?? 0));
    expect(errors).toEqual([]);
    await context.close();
    await moveBack('location', { fromLocation: '02-P01-01', toLocation: '01-DIV-01' }, 'ITEM-002', before);
  });
});
