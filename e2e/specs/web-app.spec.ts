import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');

describe('web app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    it(`loads at ${viewport.width}x${viewport.height} and shows the server's version`, async () => {
      const page = await browser.newPage({ viewport });
      const pageErrors: Error[] = [];
      page.on('pageerror', (error) => pageErrors.push(error));
      const response = await page.goto(baseUrl);
      expect(response?.status()).toBe(200);
      await page.getByTestId('server-version').waitFor();
      expect(await page.getByTestId('server-version').textContent()).toBe(serverVersion);
      expect(await page.locator('h1').textContent()).toBe('WMS');
      // Nothing overflows sideways on a phone-sized screen.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: screenshotPath(`web-app-${viewport.width}x${viewport.height}`) });
      expect(pageErrors).toEqual([]);
      await page.close();
    });
  }

  it('sends AppVersion and UniqueSession with its API requests', async () => {
    const page = await browser.newPage();
    const apiRequests: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiRequests.push(request.headers());
    });
    await page.goto(baseUrl);
    await page.getByTestId('server-version').waitFor();
    expect(apiRequests.length).toBeGreaterThanOrEqual(2);
    for (const headers of apiRequests) {
      expect(headers.appversion).toBe(serverVersion);
      expect(headers.uniquesession).toMatch(/^[0-9a-f-]{36}$/);
    }
    await page.close();
  });

  it('shows a red reload button when the config cannot be loaded', async () => {
    const page = await browser.newPage();
    await page.route('**/api/v1/config/version', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto(baseUrl);
    const reload = page.getByTestId('reload');
    await reload.waitFor();
    const color = await reload.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(color).toBe('rgb(220, 53, 69)');
    // Clicking it reloads the page, which now loads.
    await page.unroute('**/api/v1/config/version');
    await reload.click();
    await page.getByTestId('server-version').waitFor();
    await page.close();
  });

  it('serves the app for an unknown page path (single-page fallback)', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/dashboard`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await page.getByTestId('server-version').waitFor();
    await page.close();
  });

  it('answers an unknown API path with a JSON 404, not the app', async () => {
    const answer = await fetch(`${baseUrl}/api/v1/no-such-route`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ status: 404, key: 'notFound' });
  });
});
