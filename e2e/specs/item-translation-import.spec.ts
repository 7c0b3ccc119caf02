import { userEndpoints } from '@wms/contract';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { ApiSession, openLogin, passwordOf, submitLogin, waitSignedIn } from './login-support.js';

/**
 * The item translation importer (/order/item_translation_importer) end to end: a file gives
 * ITEM-002 a German name; a user who switches their language to German in the user settings sees
 * that name in the item view's header, and the item's own name again after switching back.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const desktop = { width: 1280, height: 800 };
/** A stored device config without printers: the device settings dialog does not open by itself. */
const plainDevice = { deviceName: '' };
const runId = Date.now().toString(36);
const germanName = `Unterlegscheibe ${runId}`;
/**
 * The browser suite shares one server: a user of this spec's own switches language, so no demo
 * user another spec signs in as changes.
 */
const translator = `itr-${runId}`;

/** The long layout with German headers: one row sets ITEM-002's German name. */
async function translationFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Übersetzungen');
  sheet.addRow(['Artikelnummer', 'Sprache', 'Bezeichnung']);
  sheet.addRow(['ITEM-002', 'Deutsch', germanName]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

/** Chooses the user's language in the user settings and saves it; waits for the UI to follow. */
async function chooseLanguage(page: Page, language: 'de' | 'en', settingsTab: string) {
  await page.goto(`${baseUrl}/user/settings`);
  await page.getByTestId('user-settings-form').waitFor();
  await page.getByTestId('preferred-language').selectOption(language);
  await page.getByTestId('save-settings').click();
  await page.getByTestId('tab-settings').getByText(settingsTab).waitFor();
}

async function openItem(page: Page, code: string) {
  await page.goto(`${baseUrl}/item/item_info/${code}`);
  await page.locator(`[data-testid="item-view"][data-item-code="${code}"]`).waitFor();
}

describe('item translation importer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
    const created = await admin.api(userEndpoints.create, {
      body: { username: translator, password: passwordOf(translator), roles: ['itemTranslationUpload', 'information'] },
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a German item name that the item view shows once the user reads German', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: desktop,
      deviceConfig: plainDevice,
    });
    // Under the test's own timeout, so a missing element fails with its locator.
    context.setDefaultTimeout(15_000);
    await submitLogin(page, translator, passwordOf(translator));
    await waitSignedIn(page);

    // In English the item has no translation: its own name.
    await openItem(page, 'ITEM-002');
    expect(await text(page, 'item-heading-name')).toBe('Washer M8');

    await page.goto(`${baseUrl}/order/item_translation_importer`);
    await page.getByTestId('import-wizard-item_translations').waitFor();
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: `translations-${runId}.xlsx`, mimeType: xlsxType, buffer: await translationFile() });
    await page.getByTestId('import-map').waitFor();
    // The German headers are mapped to the long layout's columns.
    for (const [column, header] of [
      ['itemCode', 'Artikelnummer'],
      ['language', 'Sprache'],
      ['name', 'Bezeichnung'],
    ]) {
      const chosen = await page
        .locator(`#import-map-${column}`)
        .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
      expect(chosen).toBe(header);
    }
    await page.getByTestId('import-validate').click();
    await page.getByTestId('import-report').waitFor();
    expect(await text(page, 'import-count-valid')).toBe('1 valid');
    expect(await text(page, 'import-count-error')).toBe('0 errors');
    await page.getByTestId('import-report-rows').getByText(germanName).waitFor();
    await page.getByTestId('import-to-commit').click();
    expect(await page.getByTestId('import-mode-ALL_OR_NOTHING').isChecked()).toBe(true);
    await page.getByTestId('import-commit-button').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('import-result').waitFor();
    expect(await text(page, 'import-result-committed')).toBe('1 row imported.');
    expect(await page.getByTestId('import-created-record').allTextContents()).toEqual([
      expect.stringContaining('ITEM-002'),
    ]);

    // German through the user settings: the header shows the German name, the own name as its title.
    await chooseLanguage(page, 'de', 'Benutzereinstellungen');
    await openItem(page, 'ITEM-002');
    const heading = page.getByTestId('item-heading-name');
    expect(await heading.textContent()).toBe(germanName);
    expect(await heading.getAttribute('title')).toBe('Washer M8');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await text(page, 'field-translatedName')).toContain(germanName);
    await page.getByTestId('stock-forecast-chart').locator('canvas').waitFor();
    await page.screenshot({ path: screenshotPath('item-translation-import-item-view-de-1280x800') });

    // Back to English: the item's own name again.
    await chooseLanguage(page, 'en', 'User settings');
    await openItem(page, 'ITEM-002');
    expect(await text(page, 'item-heading-name')).toBe('Washer M8');
    expect(await page.getByTestId('item-heading-name').getAttribute('title')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
