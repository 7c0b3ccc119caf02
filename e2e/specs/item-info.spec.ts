import { itemActionEndpoints, pathOf } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { ApiSession, openLogin, submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const phone = { width: 360, height: 640 };
const desktop = { width: 1280, height: 800 };
/** A stored device config without printers: the device settings dialog does not open by itself. */
const plainDevice = { deviceName: '' };

/** Signs in through the login modal and opens the item information app. */
async function openItemInfo(
  browser: Browser,
  username: string,
  viewport: { width: number; height: number },
  path = '/item/item_info',
) {
  const opened = await openLogin(browser, baseUrl, { viewport, deviceConfig: plainDevice });
  await submitLogin(opened.page, username, username);
  await waitSignedIn(opened.page);
  await opened.page.goto(baseUrl + path);
  await opened.page.getByTestId('item-info').waitFor();
  return opened;
}

async function openTab(page: Page, tab: string) {
  await page.getByTestId(`item-tab-${tab}`).click();
  await page.getByTestId(`item-pane-${tab}`).waitFor();
}

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? '';
}

describe('item information app', () => {
  let browser: Browser;
  let admin: ApiSession;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on a 360x640 phone: a scanned barcode opens the item and every tab shows its content', async () => {
    const { context, page, errors } = await openItemInfo(browser, 'admin', phone);
    const scanner = page.getByTestId('item-scanner-input');

    // An unknown code: one notification, no navigation.
    await scanner.fill('NO-SUCH-CODE');
    await scanner.press('Enter');
    await page.getByText('No item found for code NO-SUCH-CODE.').waitFor();
    expect(await page.getByText('No item found for code NO-SUCH-CODE.').count()).toBe(1);

    // ITEM-001's second barcode (a box of 12), not its code.
    await scanner.fill('8712345000028');
    await scanner.press('Enter');
    await page.waitForURL(`${baseUrl}/item/item_info/ITEM-001`);
    await page.getByTestId('item-information').waitFor();
    expect(await text(page, 'field-name')).toContain('Hex bolt M8x40');
    expect(await text(page, 'field-secondName')).toContain('Zeskantbout M8x40');
    expect(await text(page, 'field-barcode2')).toContain('8712345000028');
    expect(await text(page, 'field-barcode2')).toContain('× 12 pcs');
    expect(await text(page, 'field-units')).toContain('pcs');
    expect(await page.getByTestId('item-image-placeholder').isVisible()).toBe(true);
    // The forecast: on hand 500 + 48 + 6 + 30 + 100, PO-1001's 1,000 due today (demo-inbound), less
    // the 2 of SO-ADDR-1 (demo-address-validation: no ship date, so due now), drawn by uPlot on a canvas.
    expect(await text(page, 'stock-forecast-summary')).toContain('Now 1,682 pcs');
    await page.getByTestId('stock-forecast-chart').locator('canvas').waitFor();
    const chartWidth = (await page.getByTestId('stock-forecast-chart').boundingBox())?.width ?? 0;
    expect(chartWidth).toBeGreaterThan(250);
    expect(chartWidth).toBeLessThanOrEqual(360);
    await page.screenshot({ path: screenshotPath('item-info-360x640') });
    await page.getByTestId('stock-forecast').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('item-info-forecast-360x640') });

    await openTab(page, 'details');
    expect(await text(page, 'field-groupName')).toContain('Fasteners');
    expect(await text(page, 'field-weight')).toContain('0.015 kg');
    expect(await text(page, 'field-managedBy')).toContain('Normal');

    await openTab(page, 'locations');
    const stock = page.getByTestId('item-stock-table');
    await stock.getByText('01-A01-01').waitFor();
    for (const bin of ['01-P01-01', 'CART-01', '02-A01-01']) expect(await stock.textContent()).toContain(bin);
    await page.getByTestId('group-by-item').click();
    await stock.getByText('ITEM-001').waitFor();
    await stock.getByRole('button', { name: 'Expand' }).first().click();
    await stock.getByText('02-A01-01').waitFor();
    await page.screenshot({ path: screenshotPath('item-info-locations-360x640') });

    await openTab(page, 'defaultLocations');
    const defaults = page.getByTestId('item-default-locations');
    await defaults.getByText('01-P01-01').waitFor();
    expect(await defaults.textContent()).toContain('02-P01-01');

    await openTab(page, 'openDocuments');
    const documents = page.getByTestId('item-open-documents');
    await documents.getByText('PO-1001').waitFor();
    const documentsText = (await documents.textContent()) ?? '';
    for (const code of ['SO-2001', 'SO-2002', 'WO-3001', 'Nordic Fasteners AB']) expect(documentsText).toContain(code);
    expect(documentsText).not.toContain('SO-1999');
    // SO-2002's ship date (SO-ADDR-1 of the address validation demo data has none).
    const shipDate = await documents
      .locator('[data-row-id]', { hasText: 'SO-2002' })
      .locator('[data-column-id="shipDate"]')
      .first()
      .textContent();
    expect(shipDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);

    await openTab(page, 'history');
    const history = page.getByTestId('item-history');
    // On a phone each row is a card of label: value pairs (issue 14): quantity and location too.
    await history.locator('[data-row-id]').first().waitFor();
    const at = await history.locator('[data-row-id] [data-column-id="at"]').first().textContent();
    expect(at).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(
      await history.locator('[data-row-id] [data-column-id="bin"] [data-testid="object-link"]').count(),
    ).toBeGreaterThan(0);

    await openTab(page, 'actions');
    for (const id of ['print-label', 'print-large-label', 'print-quick', 'set-barcode-1', 'managed-by-convert'])
      expect(await page.getByTestId(id).isVisible()).toBe(true);
    expect(await page.getByTestId('item-image-file').count()).toBe(1);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.waitForTimeout(300); // the tab's fade
    await page.screenshot({ path: screenshotPath('item-info-actions-360x640') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('suggests items while typing and marks a restricted location (desktop)', async () => {
    const { context, page, errors } = await openItemInfo(browser, 'admin', desktop);
    await page.getByTestId('item-scanner-input').pressSequentially('paracet');
    const suggestion = page.getByTestId('item-suggestion').filter({ hasText: 'Paracetamol 500 mg' });
    await suggestion.click();
    await page.waitForURL(`${baseUrl}/item/item_info/BATCH-001`);
    await page.getByTestId('stock-forecast-chart').locator('canvas').waitFor();
    await page.screenshot({ path: screenshotPath('item-info-1280x800') });
    await openTab(page, 'locations');
    const restricted = page.getByTestId('item-stock-table').locator('[data-restricted="true"]');
    await restricted.waitFor();
    expect(await restricted.textContent()).toContain('01-BLOCKED');
    expect(await restricted.locator('.bi-sign-stop').count()).toBe(1);
    expect(await page.getByTestId('item-stock-table').getByTestId('qc-pending').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes a default location and shows it after a reload (desktop)', async () => {
    const { context, page } = await openItemInfo(browser, 'admin', desktop, '/item/item_info/ITEM-002');
    await openTab(page, 'defaultLocations');
    await page.getByTestId('edit-default-01').click();
    const field = page.getByTestId('default-location-code');
    await page.locator('[data-testid="default-location-code"][data-status="valid"]').waitFor();

    await field.fill('NO-SUCH-BIN');
    await field.press('Tab');
    await page.locator('[data-testid="default-location-code"][data-status="invalid"]').waitFor();
    expect(await field.getAttribute('class')).toContain('is-invalid');
    expect(await page.getByTestId('default-location-save').isDisabled()).toBe(true);

    await field.fill('01-A01-02');
    await field.press('Tab');
    await page.locator('[data-testid="default-location-code"][data-status="valid"]').waitFor();
    await page.getByTestId('default-location-minStock').fill('5');
    await page.getByTestId('default-location-maxStock').fill('50,5');
    await page.getByTestId('default-location-save').click();
    await page.getByText('Saved successfully').waitFor();
    await page.getByTestId('default-location-modal').waitFor({ state: 'detached' });

    await page.reload();
    const defaults = page.getByTestId('item-default-locations');
    await defaults.getByText('01-A01-02').waitFor();
    expect(await defaults.textContent()).toContain('50.5');
    const stored = await admin.api(itemActionEndpoints.defaultLocations, {
      params: { code: 'ITEM-002' },
      query: { filter: 'present' },
    });
    expect(stored.body.find((row: any) => row.whs.code === '01')).toMatchObject({
      binLocation: { code: '01-A01-02' },
      minStock: 5,
      maxStock: 50.5,
    });
    await context.close();
  });

  it('prints labels on the VOID "Test printer" chosen as item label printer in the device settings', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, { viewport: phone });
    await submitLogin(page, 'admin', 'admin');
    await waitSignedIn(page);
    // First sign-in on this device: the device settings open; choose the item label printer there.
    await page.getByTestId('device-settings').waitFor();
    const select = page.locator('#device-defaultItemLabelPrinter');
    await select.locator('option', { hasText: 'Test printer' }).waitFor({ state: 'attached' });
    await select.selectOption({ label: 'Test printer' });
    await page.getByTestId('device-settings-save').click();
    await page.getByTestId('device-settings').waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/item/item_info/ITEM-001?tab=actions`);
    await page.getByTestId('print-label').click();
    const count = page.getByTestId('question-input');
    await count.fill('2');
    await page.getByTestId('question-ok').click();
    await page.getByText('2 labels printed on Test printer').waitFor();

    // 0 prints nothing: no request is made.
    let requests = 0;
    const labelPath = pathOf(itemActionEndpoints.label);
    page.on('request', (request) => {
      if (request.url().endsWith(labelPath)) requests += 1;
    });
    await page.getByTestId('print-label').click();
    await count.fill('0');
    await page.getByTestId('question-ok').click();
    await count.waitFor({ state: 'detached' });

    await page.getByTestId('print-quick').click();
    await page.getByText('1 label printed on Test printer').waitFor();
    expect(requests).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads an item image and shows it at once', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
      'base64',
    );
    const { context, page, errors } = await openItemInfo(
      browser,
      'admin',
      desktop,
      '/item/item_info/PROD-001?tab=actions',
    );
    await page
      .getByTestId('item-image-file')
      .setInputFiles({ name: 'bracket.png', mimeType: 'image/png', buffer: png });
    await page.getByText('The image is uploaded').waitFor();
    const image = page.getByTestId('action-image').getByTestId('item-image');
    await image.waitFor();
    await page.waitForFunction(() => {
      const shown = document.querySelector<HTMLImageElement>('[data-testid="action-image"] [data-testid="item-image"]');
      return shown?.complete && shown.naturalWidth === 2;
    });
    await openTab(page, 'information');
    await page.getByTestId('item-pane-information').getByTestId('item-image').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the barcode and image actions from a user without barcodeSetup', async () => {
    const { context, page } = await openItemInfo(browser, 'operator', phone, '/item/item_info/ITEM-001?tab=actions');
    await page.getByTestId('action-print').waitFor();
    expect(await page.getByTestId('action-barcode').count()).toBe(0);
    expect(await page.getByTestId('set-barcode-1').count()).toBe(0);
    expect(await page.getByTestId('action-image').count()).toBe(0);
    expect(await page.getByTestId('action-managed-by').count()).toBe(0);
    // The server refuses it all the same.
    const operator = await ApiSession.signIn(baseUrl, serverVersion, 'operator');
    const refused = await operator.api(itemActionEndpoints.setBarcode, {
      params: { code: 'ITEM-001' },
      body: { slot: 'BARCODE3', barcode: 'X' },
    });
    expect(refused.status).toBe(403);
    await context.close();
  });
});
