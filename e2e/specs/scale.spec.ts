import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openLogin, submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');

/** Signs in (a device config is stored, so the settings do not open by themselves) and opens the Actions tab. */
async function openScaleSettings(page: Page) {
  await page.getByTestId('user-dropdown-toggle').click();
  await page.getByTestId('device-settings-item').click();
  await page.getByTestId('device-settings').waitFor();
  await page.getByRole('tab', { name: 'Actions' }).click();
  await page.getByTestId('scale-settings').waitFor();
}

const storedScaleConfig = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('wms.scaleConfig') ?? 'null') as Record<string, unknown> | null);

/**
 * A Web Bluetooth stand-in installed before the app loads: one serial-over-BLE scale whose
 * characteristic answers the command "P\r\n" with "S S 1250 g" in two notifications. With
 * `cancel`, the device chooser is dismissed (NotFoundError), as when no scale is near.
 */
function fakeBluetooth(mode: string) {
  const encoder = new TextEncoder();
  const characteristic = Object.assign(new EventTarget(), {
    value: null as DataView | null,
    properties: { write: true, notify: true },
    written: [] as string[],
    startNotifications: async () => characteristic,
    stopNotifications: async () => characteristic,
    writeValueWithResponse: async (data: Uint8Array) => {
      const command = new TextDecoder().decode(data);
      characteristic.written.push(command);
      if (command !== 'P\r\n') return;
      for (const [index, part] of ['S S   12', '50 g\r\n'].entries()) {
        setTimeout(
          () => {
            characteristic.value = new DataView(encoder.encode(part).buffer);
            characteristic.dispatchEvent(new Event('characteristicvaluechanged'));
          },
          20 * (index + 1),
        );
      }
    },
  });
  const gatt = {
    connected: false,
    connect: async () => ((gatt.connected = true), gatt),
    disconnect: () => {
      gatt.connected = false;
    },
    getPrimaryService: async () => ({ getCharacteristic: async () => characteristic }),
  };
  const device = Object.assign(new EventTarget(), { id: 'scale-1', name: 'Fake scale', gatt });
  const requests: unknown[] = [];
  const bluetooth = {
    requests,
    characteristic,
    requestDevice: async (options: unknown) => {
      requests.push(options);
      if (mode === 'cancel') throw new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError');
      return device;
    },
  };
  Object.defineProperty(navigator, 'bluetooth', { value: bluetooth, configurable: true });
}

describe('scale', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on a phone: the TEST driver is selected, Test reads and shows its weight, and the choice persists', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: { width: 360, height: 640 },
      deviceConfig: { deviceName: 'scale-phone' },
    });
    await submitLogin(page, 'operator', 'operator');
    await waitSignedIn(page);
    await openScaleSettings(page);

    // On this TEST server the automatic choice is already the TEST scale.
    await page.getByTestId('scale-test').click();
    expect(await page.getByTestId('scale-weight').textContent()).toBe('Weight: 1.234 kg');

    await page.locator('#scale-driver').selectOption('TEST');
    await page.locator('#scale-test-weight').fill('12,5');
    expect(await page.getByTestId('scale-weight').count()).toBe(0);
    await page.getByTestId('scale-test').click();
    await page.getByText('Weight: 12.5 kg').waitFor();
    expect(await page.getByTestId('scale-status').textContent()).toBe('Connected');
    expect(await storedScaleConfig(page)).toMatchObject({ driver: 'TEST', testWeight: 12.5 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('scale-settings').screenshot({ path: screenshotPath('scale-settings-360x640') });

    await page.getByRole('button', { name: 'Disconnect' }).click();
    expect(await page.getByTestId('scale-status').textContent()).toBe('Not connected');

    await page.reload();
    await page.getByTestId('user-dropdown-toggle').waitFor();
    await openScaleSettings(page);
    expect(await page.locator('#scale-driver').inputValue()).toBe('TEST');
    expect(await page.locator('#scale-test-weight').inputValue()).toBe('12.5');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('over Web Bluetooth: writes the command, reads the reply in grams as kg; a cancelled chooser is an error', async () => {
    const { context, page, errors } = await openLogin(browser, baseUrl, {
      viewport: { width: 1280, height: 800 },
      deviceConfig: { deviceName: 'scale-desk' },
    });
    await context.addInitScript(fakeBluetooth, 'scale');
    await page.reload();
    await submitLogin(page, 'operator', 'operator');
    await waitSignedIn(page);
    await openScaleSettings(page);

    await page.locator('#scale-driver').selectOption('BLUETOOTH');
    expect(await page.locator('#scale-service').inputValue()).toBe('0000ffe0-0000-1000-8000-00805f9b34fb');
    expect(await page.locator('#scale-characteristic').inputValue()).toBe('0000ffe1-0000-1000-8000-00805f9b34fb');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Disconnect' }).waitFor();
    expect(await page.getByTestId('scale-status').textContent()).toBe('Connected');
    await page.getByTestId('scale-test').click();
    await page.getByText('Weight: 1.25 kg').waitFor();
    const seen = await page.evaluate(() => {
      const bluetooth = (
        navigator as unknown as { bluetooth: { requests: unknown[]; characteristic: { written: string[] } } }
      ).bluetooth;
      return { requests: bluetooth.requests, written: bluetooth.characteristic.written };
    });
    expect(seen).toEqual({
      requests: [
        {
          filters: [{ services: ['0000ffe0-0000-1000-8000-00805f9b34fb'] }],
          optionalServices: ['0000ffe0-0000-1000-8000-00805f9b34fb'],
        },
      ],
      written: ['P\r\n'],
    });
    await page.screenshot({ path: screenshotPath('scale-settings-1280x800') });
    await context.close();

    const cancelled = await openLogin(browser, baseUrl, { deviceConfig: { deviceName: 'scale-desk-2' } });
    await cancelled.context.addInitScript(fakeBluetooth, 'cancel');
    await cancelled.context.addInitScript(() =>
      localStorage.setItem('wms.scaleConfig', JSON.stringify({ driver: 'BLUETOOTH' })),
    );
    await cancelled.page.reload();
    await submitLogin(cancelled.page, 'operator', 'operator');
    await waitSignedIn(cancelled.page);
    await openScaleSettings(cancelled.page);
    await cancelled.page.getByTestId('scale-test').click();
    expect(await cancelled.page.getByTestId('scale-error').textContent()).toBe('Could not connect to the device.');
    expect(await cancelled.page.getByTestId('scale-status').textContent()).toBe('Not connected');
    expect([...errors, ...cancelled.errors]).toEqual([]);
    await cancelled.context.close();
  });
});
