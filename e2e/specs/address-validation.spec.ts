import { addressValidationEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { importSalesOrder, RawSession, runTag } from './delivery-support.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';

/**
 * /address_validation on a desktop (1280x800), in Chromium against the built server with demo
 * data. The spec imports its own sales order shipping to a Dutch address with the postcode
 * "ABCDE" (the importer validates it: INVALID), finds it in the list with its reason, corrects
 * the postcode, revalidates, and the address is VALID; the original stays as imported.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const desktop = { width: 1280, height: 800 };

let browser: Browser;
let admin: ApiSession;
let raw: RawSession;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
  raw = await RawSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await browser?.close();
});

describe('address validation (desktop)', () => {
  it('lists an imported order with an invalid postcode; an edit and a revalidation make it VALID', async () => {
    const tag = runTag('AV');
    const order = `SO-${tag}`;
    const shipTo = {
      name: 'Jansen Tuinen',
      street: 'Dorpsstraat 4',
      postcode: 'ABCDE',
      city: 'Utrecht',
      countryCode: 'NL',
    };
    await importSalesOrder(raw, admin, order, [{ item: 'ITEM-001', quantity: 3 }], shipTo);
    const listed = await admin.api(addressValidationEndpoints.all, { query: { status: 'INVALID', search: order } });
    expect(listed.body.total).toBe(1);
    const id = listed.body.rows[0].id as number;

    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: desktop,
      path: '/address_validation',
      deviceConfig: { deviceName: '' },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'admin', 'admin');
    await page.getByTestId('address-validation-app').waitFor();
    await page.getByTestId('address-search').fill(order);
    const open = page.getByTestId(`address-open-${id}`);
    await open.waitFor();
    const row = page.locator('tr', { has: open });
    await row.getByText('Postcode ABCDE is not valid in NL.').waitFor();
    await page.screenshot({ path: screenshotPath('address-validation-invalid-1280x800') });

    await open.click();
    const dialog = page.getByTestId('address-dialog');
    await dialog.getByText(`Ship-to address of ${order}`).waitFor();
    expect(await dialog.getByTestId('address-original').textContent()).toContain('ABCDE');
    await dialog.getByTestId('address-field-postcode').fill('3512 JE');
    await dialog.getByTestId('address-save').click();
    await dialog.locator('.badge', { hasText: 'Valid' }).waitFor();
    await dialog.getByTestId('address-revalidate').click();
    const actions = async () =>
      (
        (await admin.api(addressValidationEndpoints.detail, { params: { id } })).body.history as { action: string }[]
      ).map((entry) => entry.action);
    await expect.poll(actions).toContain('REVALIDATE');
    await dialog.locator('.badge', { hasText: 'Valid' }).waitFor();
    await page.screenshot({ path: screenshotPath('address-validation-valid-1280x800') });

    const detail = await admin.api(addressValidationEndpoints.detail, { params: { id } });
    expect(detail.body).toMatchObject({
      status: 'VALID',
      reasons: [],
      documentCode: order,
      original: { postcode: 'ABCDE' },
      address: { postcode: '3512 JE', city: 'Utrecht', countryCode: 'NL' },
    });
    expect(detail.body.history.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['VALIDATE', 'EDIT', 'REVALIDATE']),
    );

    // Closed: the INVALID list no longer holds it; the VALID one does.
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await open.waitFor({ state: 'detached' });
    await page.getByTestId('address-status-filter').selectOption('VALID');
    await page.getByTestId(`address-open-${id}`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
