import { productionEndpoints, userEndpoints } from '@wms/contract';
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

async function openApp(browser: Browser, username: string, viewport: typeof phone, path: string, testId: string) {
  const opened = await openLogin(browser, baseUrl, { viewport, deviceConfig: plainDevice });
  // A wait that never ends names its locator instead of running into the test's time-out.
  opened.page.setDefaultTimeout(15_000);
  await submitLogin(opened.page, username, passwordOf(username));
  await waitSignedIn(opened.page);
  await opened.page.goto(baseUrl + path);
  await opened.page.getByTestId(testId).waitFor();
  return opened;
}

/** Fills the edit dialog's order (picked from the autocomplete) and step. */
async function chooseOrderAndStep(page: Page, typed: string, order: string, step: string) {
  const dialog = page.getByTestId('work-time-dialog');
  await dialog.getByTestId('work-time-order').fill(typed);
  await dialog.getByTestId('work-order-suggestion').filter({ hasText: order }).click();
  await expectValue(page, 'work-time-order', order);
  // The steps of the order load once the order code has rested 500 ms.
  await dialog.locator(`[data-testid="work-time-step"] option[value="${step}"]`).waitFor({ state: 'attached' });
  await dialog.getByTestId('work-time-step').selectOption(step);
}

async function expectValue(page: Page, testId: string, value: string) {
  await page.waitForFunction(
    ([id, expected]) => (document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)?.value ?? null) === expected,
    [testId, value] as const,
  );
}

describe('work confirmation (work time on work orders)', () => {
  let browser: Browser;
  let admin: ApiSession;
  const worker = `wt-worker-${suffix}`;
  const verifier = `wt-manager-${suffix}`;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await ApiSession.signIn(baseUrl, serverVersion, 'admin');
    for (const [username, roles] of [
      [worker, ['production', 'information']],
      [verifier, ['productionManager']],
    ] as const) {
      const created = await admin.api(userEndpoints.create, {
        body: { username, password: passwordOf(username), roles: [...roles] },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The worker's own work confirmation screen on a phone. */
  const openOwnOnPhone = () =>
    openApp(browser, worker, phone, '/production/work_confirmation', 'work-confirmation-own');

  it('on a 360x640 phone: saves a good and a bad entry, Flush marks the bad row red', async () => {
    const { context, page, errors } = await openOwnOnPhone();

    // A good entry: the step's planned work center is taken over.
    await page.getByTestId('work-time-new').click();
    const dialog = page.getByTestId('work-time-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('work-time-submit').textContent()).toBe('Start');
    await chooseOrderAndStep(page, 'wo-300', 'WO-3001', 'MILL');
    await expectValue(page, 'work-time-center', 'CNC-01');
    await dialog.getByTestId('work-time-produced').fill('4');
    await dialog.getByRole('button', { name: 'Now' }).click();
    expect(await dialog.getByTestId('work-time-submit').textContent()).toBe('Save');
    await page.screenshot({ path: screenshotPath('work-time-dialog-360x640') });
    await dialog.getByTestId('work-time-submit').click();
    await dialog.waitFor({ state: 'detached' });

    // A bad entry: a step without a planned work center, so it has none and cannot be booked.
    await page.getByTestId('work-time-new').click();
    await chooseOrderAndStep(page, 'WO-3001', 'WO-3001', 'INSPECT');
    await expectValue(page, 'work-time-center', '');
    await dialog.getByTestId('work-time-type-SETUP').click();
    expect(await dialog.getByTestId('work-time-produced').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Now' }).click();
    await dialog.getByTestId('work-time-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByTestId('work-time-table');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="work-time-table"] [data-row-id]').length === 2,
    );
    await page.getByTestId('work-time-flush').click();
    await page.getByText('The operation completed with errors.').waitFor();

    // On a phone each row is a card (DataTable below sm).
    const failedRow = table.locator('[data-row-id]:has([data-testid="flush-error"])');
    await failedRow.waitFor();
    expect(await failedRow.count()).toBe(1);
    expect(await failedRow.textContent()).toContain('INSPECT');
    const background = await failedRow.evaluate((card) => getComputedStyle(card).backgroundColor);
    const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(green);
    expect(red).toBeGreaterThan(blue);
    // A tap shows the message. The flush's live message refetches the table once more, which may
    // close a tooltip opened before it: tap again until the message shows.
    const message = page.getByTestId('flush-error-tooltip').getByText('Choose a work center before booking.');
    await expect
      .poll(
        async () => {
          if (!(await message.isVisible())) await failedRow.getByTestId('flush-error').click();
          await page.waitForTimeout(300);
          return message.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.screenshot({ path: screenshotPath('work-time-flush-error-360x640') });
    await failedRow.getByTestId('flush-error').click();

    const session = await ApiSession.signIn(baseUrl, serverVersion, worker);
    const entries = (await session.api(productionEndpoints.workTimes)).body as {
      workOrderStep: string;
      flushed: boolean;
      flushError: { key: string } | null;
    }[];
    expect(entries.map((e) => [e.workOrderStep, e.flushed, e.flushError?.key ?? null]).sort()).toEqual([
      ['INSPECT', false, 'workCenterRequired'],
      ['MILL', true, null],
    ]);
    const goodRow = table.locator('[data-row-id]').filter({ hasText: 'MILL' });
    expect(await goodRow.getByTestId('work-time-edit').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('on a 360x640 phone: a started timer stops in the full-screen time measurements modal', async () => {
    const { context, page, errors } = await openOwnOnPhone();
    const dialog = page.getByTestId('work-time-dialog');
    const session = await ApiSession.signIn(baseUrl, serverVersion, worker);
    // A timer: Start without an end, then Stop it in the full-screen time measurements modal.
    await page.getByTestId('work-time-new').click();
    await chooseOrderAndStep(page, 'WO-3002', 'WO-3002', 'PACK');
    expect(await dialog.getByTestId('work-time-submit').textContent()).toBe('Start');
    await dialog.getByTestId('work-time-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-testid="running-count"]')?.textContent === '1');
    await page.getByTestId('work-time-timers').click();
    const timers = page.getByTestId('time-measurements');
    const elapsed = timers.getByTestId('timer-elapsed');
    await elapsed.waitFor();
    const first = await elapsed.textContent();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="timer-elapsed"]')?.textContent !== before,
      first,
    );
    const stop = timers.getByTestId('timer-stop');
    const box = await stop.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    await page.screenshot({ path: screenshotPath('work-time-timers-360x640') });
    await stop.click();
    await timers.getByTestId('no-timers').waitFor();
    await timers.getByRole('button', { name: 'Close' }).first().click();
    const stopped = (await session.api(productionEndpoints.workTimes)).body as {
      workOrderStep: string;
      endTime: string | null;
    }[];
    expect(stopped.find((e) => e.workOrderStep === 'PACK')?.endTime).toEqual(expect.any(String));
    // In another app, the _be_open_work_times_ scan comes back here with the timers open.
    await page.goto(`${baseUrl}/location/location_info`);
    const scanner = page.getByTestId('scanner-input');
    await scanner.fill('_be_open_work_times_');
    await scanner.press('Enter');
    await page.getByTestId('work-confirmation-own').waitFor();
    await page.getByTestId('time-measurements').getByTestId('no-timers').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('on a 1280x800 desktop: the verification table shows every user and refreshes live', async () => {
    const { context, page, errors } = await openApp(
      browser,
      verifier,
      desktop,
      '/production/work_confirmation_verification',
      'work-confirmation-all',
    );
    const table = page.getByTestId('work-time-table');
    await table.getByText('admin').first().waitFor();
    // An entry saved elsewhere appears without a reload (WORK_TIMES_CHANGED on /topic/production/timer).
    const session = await ApiSession.signIn(baseUrl, serverVersion, worker);
    const saved = await session.api(productionEndpoints.saveWorkTime, {
      body: {
        workOrderCode: 'WO-3003',
        workOrderStep: 'REWORK',
        workTimeType: 'WORK',
        produced: 2,
        startTime: new Date(Date.now() - 600_000).toISOString(),
        endTime: new Date().toISOString(),
      },
    });
    expect(saved.status).toBe(200);
    const row = table.locator(`tr[data-row-id="${saved.body.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(worker);
    expect(await row.textContent()).toContain('REWORK');
    await page.screenshot({ path: screenshotPath('work-time-verification-1280x800') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
