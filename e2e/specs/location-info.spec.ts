import { authEndpoints, binLocationEndpoints } from '@wms/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

const phone = { name: 'phone', viewport: { width: 360, height: 640 } };
const desktop = { name: 'desktop', viewport: { width: 1280, height: 800 } };

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: Error[];
}

/** A fresh touch-capable context, signed in as admin on /location/location_info. */
async function openLocationInfo(browser: Browser, viewport: { width: number; height: number }): Promise<Opened> {
  // A stored device config: otherwise the device settings dialog opens by itself after sign-in.
  const opened = await openLogin(browser, baseUrl, {
    viewport,
    hasTouch: true,
    path: '/location/location_info',
    deviceConfig: { deviceName: '' },
  });
  opened.page.setDefaultTimeout(10_000);
  await submitLogin(opened.page, 'admin', 'admin');
  await opened.page.getByTestId('location-info').waitFor();
  return opened;
}

/** Scans a code into the scanner bar (typed, then Enter as a scanner sends it). */
async function scan(page: Page, text: string) {
  const input = page.getByTestId('scanner-input');
  await input.fill(text);
  await input.press('Enter');
}

async function openTab(page: Page, tab: string): Promise<Locator> {
  await page.getByTestId(`tab-${tab}`).click();
  const pane = page.getByTestId(`pane-${tab}`);
  await pane.waitFor();
  return pane;
}

/** The live /wall_to_wall waiting count shown beside the counting actions, once it equals `value`. */
async function waitForCount(page: Page, value: number) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="wall-to-wall-count"]')?.textContent === String(expected),
    value,
    { timeout: 10_000 },
  );
}

async function readCount(page: Page): Promise<number> {
  // The counter arrives over the live connection after sign-in; demo data has locations to count.
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="wall-to-wall-count"]')?.textContent ?? 0) > 0,
    undefined,
    { timeout: 10_000 },
  );
  return Number(await page.getByTestId('wall-to-wall-count').textContent());
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A real touch through the DevTools protocol: a finger goes down on the target and stays. */
async function touchDown(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

describe('location information app', () => {
  let browser: Browser;
  let admin: ApiSession;
  let holdMs = 1500;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
    const me = await admin.api(authEndpoints.me);
    holdMs = me.body.settings.linkableHoldToOpenDuration;
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { name, viewport } of [phone, desktop]) {
    it(`opens a location by its barcode and walks the tabs (${name})`, async () => {
      const { context, page, errors } = await openLocationInfo(browser, viewport);
      await scan(page, 'LOC0111');
      await page.waitForURL('**/location/location_info/01-P01-01');
      expect(await page.getByTestId('location-title').textContent()).toBe('01-P01-01');

      const attributes = page.getByTestId('pane-attributes');
      await attributes.getByTestId('location-fields').waitFor();
      expect(await attributes.locator('[data-field="barcode"] [data-value]').textContent()).toBe('LOC0111');
      expect(await attributes.locator('[data-field="pickingStrategy"] [data-value]').textContent()).toBe('FIFO');
      expect(await attributes.locator('[data-field="locationType"] [data-value]').textContent()).toBe('Pick');

      const contents = await openTab(page, 'contents');
      await contents.locator('[data-row-id="item:ITEM-001"]').waitFor();
      await contents.locator('[data-row-id="item:BATCH-001"] button[aria-expanded]').click();
      await contents.locator('[data-row-id="batch:BATCH-001/B2025-014"]').waitFor();

      await (await openTab(page, 'defaultFor')).getByTestId('location-default-for').waitFor();
      await (await openTab(page, 'history')).getByTestId('location-history').waitFor();
      const actions = await openTab(page, 'actions');
      await actions.getByTestId('action-counting').waitFor();
      await actions.getByTestId('action-labels').waitFor();
      await noHorizontalScroll(page);
      await page.waitForTimeout(400);
      await page.screenshot({ path: screenshotPath(`location-info-actions-${name}`) });

      // An unknown code: the server's unknownLocation error, shown once; the page stays.
      await scan(page, 'NO-SUCH-LOCATION');
      await page.getByTestId('notification').getByText('Unknown location NO-SUCH-LOCATION.').waitFor();
      await page.waitForTimeout(300);
      expect(await page.getByTestId('notification').getByText('Unknown location NO-SUCH-LOCATION.').count()).toBe(1);
      expect(page.url()).toMatch(/\/location\/location_info\/01-P01-01$/);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`requests counting and sees the live waiting count change (${name})`, async () => {
      // Both locations start not requested (a failed earlier run may have left a request).
      for (const code of ['01-P01-01', '01-P01-02'])
        await admin.api(binLocationEndpoints.setCountingState, { params: { code }, body: { countingState: 'NO' } });
      const { context, page, errors } = await openLocationInfo(browser, viewport);
      await scan(page, 'LOC0111');
      await page.waitForURL('**/location/location_info/01-P01-01');
      let actions = await openTab(page, 'actions');
      const start = await readCount(page);
      expect(await actions.getByTestId('counting-state').textContent()).toBe('Not requested');

      // Partial, with one item.
      await actions.getByTestId('request-partial-count').click();
      const modal = page.getByTestId('partial-count-modal');
      await modal.getByTestId('count-item-input').fill('ITEM-001');
      await modal.getByTestId('count-item-input').press('Enter');
      await modal.locator('[data-testid="count-item-input"][data-status="valid"]').waitFor();
      await modal.getByTestId('count-item-add').click();
      await modal.locator('[data-item-code="ITEM-001"]').waitFor();
      await modal.getByTestId('partial-count-save').click();
      await modal.waitFor({ state: 'detached' });
      await waitForCount(page, start + 1);
      await actions.getByTestId('counting-state').getByText('Partial count requested').waitFor();

      // Full, on another location.
      await scan(page, 'LOC0112');
      await page.waitForURL('**/location/location_info/01-P01-02');
      actions = await openTab(page, 'actions');
      await actions.getByTestId('request-full-count').click();
      // Asked first (issue 14): nothing is requested until it is confirmed, then a message says so.
      await page.getByTestId('confirm-dialog').getByText('Request a full count of location 01-P01-02?').waitFor();
      await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
      await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
      await page
        .getByTestId('notification')
        .filter({ hasText: 'A full count of location 01-P01-02 was requested.' })
        .waitFor();
      await waitForCount(page, start + 2);
      await actions.getByTestId('counting-state').getByText('Full count requested').waitFor();

      // Marked counted (confirmed): the count goes down again.
      await actions.getByTestId('mark-counted').click();
      await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
      await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
      await waitForCount(page, start + 1);
      await actions.getByTestId('counting-state').getByText('Not requested').waitFor();

      await scan(page, 'LOC0111');
      await page.waitForURL('**/location/location_info/01-P01-01');
      actions = await openTab(page, 'actions');
      await actions.getByTestId('mark-counted').click();
      await page.getByTestId('confirm-dialog').getByTestId('confirm').click();
      await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
      await waitForCount(page, start);

      // A partial count's list is edited: it stays PARTIAL and the count does not change.
      await scan(page, 'LOC01CT1');
      await page.waitForURL('**/location/location_info/01-COUNT-01');
      actions = await openTab(page, 'actions');
      await actions.getByTestId('edit-partial-count').click();
      const editor = page.getByTestId('partial-count-modal');
      await editor.locator('[data-item-code="ITEM-002"]').waitFor();
      await editor.getByTestId('count-item-input').fill('ITEM-001');
      await editor.locator('[data-testid="count-item-input"][data-status="valid"]').waitFor();
      await editor.getByTestId('count-item-add').click();
      await editor.getByTestId('partial-count-save').click();
      await editor.waitFor({ state: 'detached' });
      await page.getByTestId('notification').getByText('The counting request was saved.').first().waitFor();
      const items = await admin.api(binLocationEndpoints.itemsToCount, { params: { code: '01-COUNT-01' } });
      expect(items.body.map((item: { code: string }) => item.code).sort()).toEqual(['ITEM-001', 'ITEM-002']);
      expect(await actions.getByTestId('counting-state').textContent()).toBe('Partial count requested');
      await waitForCount(page, start);
      await admin.api(binLocationEndpoints.setCountingState, {
        params: { code: '01-COUNT-01' },
        body: { countingState: 'PARTIAL', itemsToCount: ['ITEM-002'] },
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('finds a location by suggestion, refreshes live, copies its code and prints labels on a chosen printer', async () => {
    const { context, page, errors } = await openLocationInfo(browser, desktop.viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByTestId('location-search').fill('01-P01');
    await page.getByTestId('location-suggestions').getByText('01-P01-02').click();
    await page.waitForURL('**/location/location_info/01-P01-02');
    const barcode = page.getByTestId('pane-attributes').locator('[data-field="barcode"] [data-value]');
    await barcode.getByText('LOC0112', { exact: true }).waitFor();

    // Another user changes the location: BIN_LOCATION_CHANGED refreshes the open page.
    const setBarcode = (barcode: string) =>
      admin.api(binLocationEndpoints.setBarcode, { params: { code: '01-P01-02' }, body: { barcode } });
    expect((await setBarcode('LOC0112-NEW')).status).toBe(200);
    await barcode.getByText('LOC0112-NEW', { exact: true }).waitFor();
    expect((await setBarcode('LOC0112')).status).toBe(200);
    await barcode.getByText('LOC0112', { exact: true }).waitFor();

    // authCopyObjectCodes: the copy button puts the code on the clipboard.
    await page.getByTestId('location-header').getByTestId('copy-code').click();
    await page.locator('[data-testid="copy-code"][data-copied="true"]').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('01-P01-02');

    // 0 labels ask nothing. No printer on this device: the user chooses one of the server's,
    // cancelling prints nothing, and a remembered choice is used without asking until reload.
    const actions = await openTab(page, 'actions');
    await actions.getByTestId('print-label').click();
    await page.getByTestId('count-prompt').getByTestId('label-count').fill('0');
    await page.getByTestId('count-prompt').getByTestId('print').click();
    await page.getByTestId('count-prompt').waitFor({ state: 'detached' });
    expect(await page.getByTestId('notification').count()).toBe(0);
    const choice = page.getByTestId('printer-choice');
    await actions.getByTestId('print-label').click();
    await page.getByTestId('count-prompt').getByTestId('print').click();
    await choice.getByTestId('printer-choice-cancel').click();
    await choice.waitFor({ state: 'detached' });
    expect(await page.getByTestId('notification').count()).toBe(0);
    await actions.getByTestId('print-label').click();
    await page.getByTestId('count-prompt').getByTestId('print').click();
    await choice.locator('select').selectOption({ label: 'Test printer' });
    await choice.getByTestId('printer-choice-ok').click();
    await page.getByTestId('notification').getByText('1 label sent to the printer.').waitFor();
    await actions.getByTestId('print-label').click();
    await page.getByTestId('count-prompt').getByTestId('print').click();
    await page.getByTestId('notification').getByText('1 label sent to the printer.').nth(1).waitFor();
    expect(await choice.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a batch dialog by a long press on its link and shows its fields', async () => {
    const { context, page, errors } = await openLocationInfo(browser, phone.viewport);
    await page.goto(`${baseUrl}/location/location_info/01-P01-01`);
    const contents = await openTab(page, 'contents');
    await contents.locator('[data-row-id="item:BATCH-001"] button[aria-expanded]').click();
    const link = contents.locator('[data-object-type="batch"][data-object-code="B2025-014"]');
    await link.waitFor();

    // The finger stays down: nothing before linkableHoldToOpenDuration, the dialog after it (before the finger lifts).
    const touchUp = await touchDown(page, link);
    await page.waitForTimeout(Math.min(300, holdMs / 2));
    const dialog = page.getByTestId('batch-dialog');
    expect(await dialog.count()).toBe(0);
    await dialog.waitFor({ timeout: holdMs + 2000 });
    await touchUp();
    // The click after the hold is swallowed: still one dialog.
    await page.waitForTimeout(300);
    expect(await dialog.count()).toBe(1);
    const fields = dialog.getByTestId('batch-fields');
    expect(await fields.locator('[data-field="code"] [data-value]').textContent()).toBe('B2025-014');
    expect(await fields.locator('[data-field="mnfBatchCode"] [data-value]').textContent()).toBe('MNF-8120');
    expect(await fields.locator('[data-field="expirationDate"] [data-value]').textContent()).toMatch(
      /^\d{2}-\d{2}-\d{4}$/,
    );
    expect(await fields.locator('[data-field="item"] [data-value]').textContent()).toContain('BATCH-001');
    expect(await fields.locator('[data-field="qualityControlApprovedOrNotRequired"] [data-value]').textContent()).toBe(
      'Yes',
    );
    expect(await dialog.getByTestId('expired').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('location-info-batch-dialog-phone') });

    // A location link inside the batch dialog opens a second dialog above it.
    await dialog.getByTestId('tab-actions').click();
    await dialog.getByTestId('print-item-label').waitFor();
    await dialog.locator('.btn-close').click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a restricted location with the stop sign, and an expired batch in danger style', async () => {
    const { context, page, errors } = await openLocationInfo(browser, desktop.viewport);
    await scan(page, 'LOC01BL');
    await page.waitForURL('**/location/location_info/01-BLOCKED');
    await page.getByTestId('stop-sign').waitFor();
    expect(await page.getByTestId('location-header').getAttribute('data-danger')).toBe('true');
    const contents = await openTab(page, 'contents');
    await contents.locator('[data-row-id="item:BATCH-001"] button[aria-expanded]').click();
    await contents.locator('[data-object-type="batch"][data-object-code="B2024-001"]').click();
    const dialog = page.getByTestId('batch-dialog');
    await dialog.getByTestId('expired').waitFor();
    expect(await dialog.locator('.modal-header').getAttribute('data-danger')).toBe('true');

    // The batch's custom grid links its location: that dialog opens above the batch dialog.
    await dialog.locator('[data-object-type="binLocation"][data-object-code="01-BLOCKED"]').click();
    const locationDialog = page.getByTestId('location-dialog');
    await locationDialog.getByTestId('stop-sign').waitFor();
    expect(await page.locator('.modal.wms-modal-layer-1').getByTestId('location-dialog').count()).toBe(1);
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('location-info-stacked-dialogs-desktop') });
    await locationDialog.locator('.btn-close').click();
    await locationDialog.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('location-info-restricted-desktop') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
