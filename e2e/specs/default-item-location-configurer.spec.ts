import { itemActionEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { notification, phone, prompt, scan } from './handheld-support.js';
import { ApiSession, openLogin, submitLogin } from './login-support.js';

/**
 * /default_item_location_configurer on a 360x640 phone (the scan flow), keyboard-wedge scans, in
 * Chromium against the built server with demo data (itemDefaultLocationUpdater enabled). It gives
 * SERIAL-001 a default in the overflow warehouse 02 (it has none there, and no other spec reads
 * it), replaces it, and clears the bin again afterwards.
 */
const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

const item = 'SERIAL-001';

let browser: Browser;
let admin: ApiSession;

async function defaultIn02() {
  const answer = await admin.api(itemActionEndpoints.defaultLocations, {
    params: { code: item },
    query: { filter: 'all' },
  });
  expect(answer.status).toBe(200);
  return (answer.body as { whs: { code: string } }[]).find((row) => row.whs.code === '02');
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
});

afterAll(async () => {
  await admin?.api(itemActionEndpoints.setDefaultLocation, {
    params: { code: item, whsCode: '02' },
    body: { locationCode: null },
  });
  await browser?.close();
});

describe('default item location configurer (keyboard-wedge scans, 360x640)', () => {
  it('sets a default, refuses max below min at once, and replaces it only after the location is scanned again', async () => {
    expect(await defaultIn02()).toMatchObject({ binLocation: null, version: 0 });
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: phone,
      path: '/default_item_location_configurer',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'manager', 'manager');
    await page.getByTestId('default-location-configurer').waitFor();
    await prompt(page, 'Scan the location');

    await scan(page, 'LOC0201', 'Scan an item for 02-A01-01');
    await scan(page, item, `Enforced for ${item} in 02-A01-01? Yes or No (now: No)`);
    await page.getByTestId('configurer-yes').click();
    await prompt(page, /^Minimum stock of SERIAL-001 in 02-A01-01\? Now none/);
    await scan(page, '5', /^Maximum stock of SERIAL-001 in 02-A01-01\? Now none/);
    // A maximum below the minimum: refused at its scan, nothing saved.
    await scan(page, '2');
    await notification(page, 'The minimum stock (5) is above the maximum stock (2).', 'danger');
    await prompt(page, /^Maximum stock of SERIAL-001/);
    expect(await defaultIn02()).toMatchObject({ version: 0 });
    await scan(page, '50', 'Scan an item for 02-A01-01');
    await notification(page, `02-A01-01 is the default location of ${item} now.`, 'success');
    expect(await defaultIn02()).toMatchObject({
      binLocation: { code: '02-A01-01' },
      enforced: true,
      minStock: 5,
      maxStock: 50,
      version: 1,
    });

    // Another location of the warehouse: the old default is shown, scanning the new one again replaces it.
    await scan(page, 'LOC0211');
    await notification(page, 'Now setting default locations for 02-P01-01.', 'info');
    await prompt(page, 'Scan an item for 02-P01-01');
    await scan(
      page,
      item,
      `${item} has 02-A01-01 as its default location in warehouse 02. Replace it with 02-P01-01? Scan 02-P01-01 again or press Yes`,
    );
    await page.screenshot({ path: screenshotPath('default-location-replace-360x640') });
    await scan(page, 'LOC0211', `Enforced for ${item} in 02-P01-01? Yes or No (now: Yes)`);
    await page.getByTestId('configurer-no').click();
    await prompt(page, /^Minimum stock of SERIAL-001 in 02-P01-01\? Now 5:/);
    await page.getByTestId('quantity-ok').click();
    await prompt(page, /^Maximum stock of SERIAL-001 in 02-P01-01\? Now 50:/);
    await page.getByTestId('quantity-ok').click();
    await prompt(page, 'Scan an item for 02-P01-01');
    expect(await defaultIn02()).toMatchObject({
      binLocation: { code: '02-P01-01' },
      enforced: false,
      minStock: 5,
      maxStock: 50,
      version: 2,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop: the table per warehouse, and the locations and items without a default', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: { width: 1280, height: 800 },
      path: '/default_item_location_configurer',
      deviceConfig: { deviceName: '', useVirtualKeyboard: false },
    });
    page.setDefaultTimeout(10_000);
    await submitLogin(page, 'manager', 'manager');
    const table = page.getByTestId('configurer-defaults');
    await table.getByText('01-P01-01').first().waitFor();
    expect(await page.getByTestId('default-minStock-ITEM-001').inputValue()).toBe('10');
    expect(await page.getByTestId('default-enforced-ITEM-001').isChecked()).toBe(true);
    await page.screenshot({ path: screenshotPath('default-locations-table-1280x800') });
    await page.getByTestId('configurer-warehouse').selectOption('02');
    await table.getByText('02-P01-01').first().waitFor();

    await page.getByTestId('configurer-warehouse').selectOption('01');
    await page.getByTestId('configurer-tab-locationsWithoutDefault').click();
    const locations = page.getByTestId('configurer-locations-without-default');
    await locations.getByText('01-A01-01').first().waitFor();
    expect(await locations.getByText('01-P01-01').count()).toBe(0);
    await page.getByTestId('configurer-tab-itemsWithoutDefault').click();
    const items = page.getByTestId('configurer-items-without-default');
    await items.getByText('SERIAL-002').first().waitFor();
    expect(await items.getByText('ITEM-001', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('default-locations-items-without-1280x800') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
