import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openLogin, submitLogin, waitSignedIn } from './login-support.js';

/**
 * The sales order importer (/order/importer) end to end: a German-headed XLSX of two orders whose
 * file row 7 names an unknown item is refused for all-or-nothing, the corrected file is imported
 * as a whole, and the new orders are open documents (direction Out) of their items.
 */
const baseUrl = inject('baseUrl');
const desktop = { width: 1280, height: 800 };
/** A stored device config without printers: the device settings dialog does not open by itself. */
const plainDevice = { deviceName: '' };
const runId = Date.now().toString(36);
const orderA = `E2E-SO-${runId}-A`;
const orderB = `E2E-SO-${runId}-B`;
const unknownItem = `NO-ITEM-${runId}`;

/** The German headers the importer maps by itself (order-columns.ts aliases). */
const headers = ['Kundennummer', 'Auftragsreferenz', 'Lager', 'Artikelnummer', 'Menge', 'Versanddatum'];
const expectedMapping: Record<string, string> = {
  customerCode: 'Kundennummer',
  orderReference: 'Auftragsreferenz',
  warehouseCode: 'Lager',
  itemCode: 'Artikelnummer',
  quantity: 'Menge',
  shipDate: 'Versanddatum',
};

/** Eight data rows (file rows 2-9): order A for C0001, order B for C0002; file row 7 has `row7Item`. */
async function orderFile(row7Item: string): Promise<Buffer> {
  const shipDate = new Date(Date.UTC(2030, 5, 14));
  const rows: [string, string, string, number][] = [
    ['C0001', orderA, 'ITEM-001', 10],
    ['C0001', orderA, 'ITEM-002', 20],
    ['C0001', orderA, 'BATCH-001', 2],
    ['C0001', orderA, 'LIQUID-001', 5],
    ['C0002', orderB, 'ITEM-001', 7],
    ['C0002', orderB, row7Item, 3],
    ['C0002', orderB, 'ITEM-002', 40],
    ['C0002', orderB, 'SERIAL-001', 1],
  ];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Aufträge');
  sheet.addRow(headers);
  for (const [customer, reference, item, quantity] of rows)
    sheet.addRow([customer, reference, '01', item, quantity, shipDate]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: xlsxType, buffer });
  await page.getByTestId('import-map').waitFor();
}

/** The file header each importer column's select has preselected. */
async function chosenHeaders(page: Page): Promise<Record<string, string>> {
  const chosen: Record<string, string> = {};
  for (const name of Object.keys(expectedMapping)) {
    chosen[name] = await page
      .locator(`#import-map-${name}`)
      .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
  }
  return chosen;
}

async function validate(page: Page) {
  await page.getByTestId('import-validate').click();
  await page.getByTestId('import-report').waitFor();
  await page.getByTestId('import-report-rows').waitFor();
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? '';

describe('sales order importer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses all-or-nothing for an unknown item, imports the corrected file and shows the orders on the item', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: desktop,
      deviceConfig: plainDevice,
    });
    // Under the test's own timeout, so a missing element fails with its locator.
    context.setDefaultTimeout(15_000);
    await submitLogin(page, 'admin', 'admin');
    await waitSignedIn(page);
    await page.goto(`${baseUrl}/order/importer`);
    await page.getByTestId('import-wizard-sales_orders').waitFor();
    await page.getByTestId('import-upload').waitFor();

    // The first file: the German headers are mapped automatically.
    await upload(page, `orders-${runId}.xlsx`, await orderFile(unknownItem));
    expect(await page.getByTestId('import-map').textContent()).toContain('8');
    expect(await chosenHeaders(page)).toEqual(expectedMapping);
    expect(await page.getByTestId('import-map-missing').count()).toBe(0);

    // The dry run: row 7 is the only error, named by the item code column and the unknown code;
    // the other rows of its order (file rows 6, 8, 9) are warned that they go with it.
    await validate(page);
    expect(await text(page, 'import-count-valid')).toBe('4 valid');
    expect(await text(page, 'import-count-warning')).toBe('3 warnings');
    expect(await text(page, 'import-count-error')).toBe('1 error');
    const reportRows = page.getByTestId('import-report-rows');
    // With errors the report opens filtered to them: row 7 alone.
    await reportRows.locator('[data-row-id="7"]').waitFor();
    expect(await reportRows.locator('[data-row-id]').count()).toBe(1);
    expect(await reportRows.locator('[data-row-id="7"]').getByTestId('import-row-messages').textContent()).toBe(
      `Row 7 · Item code: No item found for code ${unknownItem}.`,
    );
    await page.screenshot({ path: screenshotPath('sales-order-import-report-1280x800'), fullPage: true });
    await page.getByTestId('import-report-status').selectOption('WARNING');
    await reportRows.locator('[data-row-id="6"]').waitFor();
    expect(
      await reportRows.locator('[data-row-id]').evaluateAll((rows) => rows.map((row) => row.dataset.rowId)),
    ).toEqual(['6', '8', '9']);
    expect(await reportRows.locator('[data-row-id="8"]').getByTestId('import-row-messages').textContent()).toContain(
      'it belongs with rows that have errors (7)',
    );

    // All or nothing can not be chosen (nor committed) while a row has an error.
    await page.getByTestId('import-to-commit').click();
    await page.getByTestId('import-commit').waitFor();
    expect(await page.getByTestId('import-mode-ALL_OR_NOTHING').isDisabled()).toBe(true);
    expect(await page.getByTestId('import-mode-ALL_OR_NOTHING').isChecked()).toBe(false);
    expect(await text(page, 'import-mode-blocked')).toContain('1');
    expect(await page.getByTestId('import-mode-VALID_ROWS_ONLY').isChecked()).toBe(true);

    // Back to the report and upload the corrected file: no errors now.
    await page.getByTestId('import-commit').getByRole('button', { name: 'Back' }).click();
    await page.getByTestId('import-upload-again').click();
    await page.getByTestId('import-upload').waitFor();
    await upload(page, `orders-${runId}-fixed.xlsx`, await orderFile('PROD-001'));
    expect(await chosenHeaders(page)).toEqual(expectedMapping);
    await validate(page);
    expect(await text(page, 'import-count-valid')).toBe('8 valid');
    expect(await text(page, 'import-count-error')).toBe('0 errors');
    expect(await reportRows.locator('[data-row-id]').count()).toBe(8);
    expect(await reportRows.textContent()).not.toContain(unknownItem);

    // All or nothing is the default now; the commit asks first.
    await page.getByTestId('import-to-commit').click();
    const allOrNothing = page.getByTestId('import-mode-ALL_OR_NOTHING');
    expect(await allOrNothing.isDisabled()).toBe(false);
    expect(await allOrNothing.isChecked()).toBe(true);
    await page.getByTestId('import-commit-button').click();
    await page.getByTestId('confirm').click();
    await page.getByTestId('import-result').waitFor();
    expect(await text(page, 'import-result-committed')).toContain('8');
    expect(await page.getByTestId('import-result-skipped').count()).toBe(0);
    const created = await page.getByTestId('import-created-record').allTextContents();
    expect(created).toHaveLength(2);
    expect(created.some((record) => record.includes(orderA))).toBe(true);
    expect(created.some((record) => record.includes(orderB))).toBe(true);
    for (const record of created) expect(record).toContain('Sales order');
    await page.screenshot({ path: screenshotPath('sales-order-import-result-1280x800') });

    // The item both orders have a line of: its open documents list them, going out.
    await page.goto(`${baseUrl}/item/item_info/ITEM-002?tab=openDocuments`);
    const documents = page.getByTestId('item-open-documents');
    for (const [code, quantity] of [
      [orderA, '20'],
      [orderB, '40'],
    ] as const) {
      const row = documents.locator(`[data-row-id^="SALES_ORDER:${code}:"]`);
      await row.waitFor();
      expect(await row.locator('[data-column-id="visualCode"]').textContent()).toBe(code);
      expect(await row.locator('[data-column-id="quantity"]').textContent()).toBe(quantity);
      // The file's date cell (a real XLSX date) is the order's ship date.
      expect(await row.locator('[data-column-id="shipDate"]').textContent()).toBe('14-06-2030');
      expect(await row.locator('[data-column-id="direction"]').textContent()).toBe('Out');
    }
    expect(
      await documents
        .locator(`[data-row-id^="SALES_ORDER:${orderB}:"] [data-column-id="businessPartner"]`)
        .textContent(),
    ).toBe('Müller Werkzeuge GmbH');
    await page.screenshot({ path: screenshotPath('sales-order-import-open-documents-1280x800') });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
