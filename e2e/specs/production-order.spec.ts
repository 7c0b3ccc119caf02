import { lookupEndpoints, productionEndpoints, userEndpoints } from '@wms/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { ApiSession, openLogin, passwordOf, submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
const phone = { width: 360, height: 640 };
const desktop = { width: 1280, height: 800 };
const plainDevice = { deviceName: '' };
const suffix = Date.now().toString(36);

/** Creates a production order for PROD-001 in the dialog; answers the new order's code. */
async function createOrder(page: Page, quantity: string, plan: string, name: string): Promise<string> {
  await page.getByTestId('create-production-order').click();
  const dialog = page.getByTestId('production-order-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('production-order-quantity').fill(quantity);
  await dialog.locator('[data-testid="production-order-warehouse"] option[value="01"]').waitFor({ state: 'attached' });
  await dialog.getByTestId('production-order-warehouse').selectOption('01');
  await dialog.locator(`[data-testid="production-order-plan"] option[value="${plan}"]`).waitFor({ state: 'attached' });
  await dialog.getByTestId('production-order-plan').selectOption(plan);
  await dialog.getByTestId('production-order-release').check();
  await page.screenshot({ path: screenshotPath(`production-order-dialog-${name}`) });
  await dialog.getByTestId('production-order-submit').click();
  const notice = page.getByText(/Production order PRD-\d+ created\./);
  await notice.waitFor();
  await dialog.waitFor({ state: 'detached' });
  return /PRD-\d+/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
}

describe('production order creation from the item information app', () => {
  let browser: Browser;
  const planner = `po-planner-${suffix}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
    const created = await admin.api(userEndpoints.create, {
      body: {
        username: planner,
        password: passwordOf(planner),
        roles: ['information', 'itemAuthCreateProductionOrder'],
      },
    });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport, user, plan] of [
    ['360x640', phone, () => planner, 'PLAN-BRACKET'],
    ['1280x800', desktop, () => 'manager', 'PLAN-BRACKET-RW'],
  ] as const) {
    it(`on ${name}: creates a production order and sees it in the item's open documents`, async () => {
      const username = user();
      const { context, page, errors } = await openLogin(browser, baseUrl, { viewport, deviceConfig: plainDevice });
      await submitLogin(page, username, passwordOf(username));
      await waitSignedIn(page);
      await page.goto(`${baseUrl}/item/item_info/PROD-001?tab=actions`);
      await page.getByTestId('action-production-order').waitFor();
      const code = await createOrder(page, '7,5', plan, name);
      expect(code).toMatch(/^PRD-\d{6}$/);
      await page.screenshot({ path: screenshotPath(`production-order-${name}`) });

      await page.getByTestId('item-tab-openDocuments').click();
      const pane = page.getByTestId('item-pane-openDocuments');
      await pane.getByText(code).first().waitFor();
      // A table row on the desktop, a card on the phone.
      const row = pane.locator('[data-row-id]', { hasText: code });
      expect(await row.first().textContent()).toContain('7.5');
      await page.screenshot({ path: screenshotPath(`production-order-documents-${name}`) });

      const session = await ApiSession.signIn(baseUrl, serverVersion, 'manager');
      const steps = await session.api(productionEndpoints.workOrderSteps, { body: { codes: [code] } });
      expect(Object.keys(steps.body)).toEqual([code]);
      expect((await session.api(lookupEndpoints.order, { params: { code } })).body).toMatchObject({
        type: 'PRODUCTION_ORDER',
        status: 'RELEASED',
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('hides the action from a user without itemAuthCreateProductionOrder', async () => {
    const { context, page } = await openLogin(browser, baseUrl, { viewport: phone, deviceConfig: plainDevice });
    await submitLogin(page, 'operator', 'operator');
    await waitSignedIn(page);
    await page.goto(`${baseUrl}/item/item_info/PROD-001?tab=actions`);
    await page.getByTestId('action-print').waitFor();
    expect(await page.getByTestId('action-production-order').count()).toBe(0);
    await context.close();
  });
});
