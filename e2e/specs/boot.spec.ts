import { configEndpoints, ipRuleEndpoints, pathOf, urlOf, userdataEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { openLogin } from './login-support.js';

const baseUrl = inject('baseUrl');
const serverVersion = inject('serverVersion');
/** The specialization bundle the app checks for at boot. */
const bundlePath = pathOf(userdataEndpoints.frontendBundle, { '*': 'main.js' });

describe('app boot', () => {
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
    it(`loads at ${viewport.width}x${viewport.height} into the login modal with the server's version`, async () => {
      const { context, page, errors } = await openLogin(browser, baseUrl, { viewport });
      expect(await page.getByTestId('server-version').textContent()).toBe(serverVersion);
      // The e2e server runs with runtime type TEST: the marker shows.
      expect(await page.getByTestId('test-marker').textContent()).toBe('TEST');
      // Nothing overflows sideways on a phone-sized screen.
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: screenshotPath(`boot-${viewport.width}x${viewport.height}`) });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sends AppVersion and UniqueSession with its API requests', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const apiRequests: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiRequests.push(request.headers());
    });
    await page.goto(baseUrl);
    await page.getByTestId('login-modal').waitFor();
    // config, version, ipRules and auth/me at least
    expect(apiRequests.length).toBeGreaterThanOrEqual(4);
    for (const headers of apiRequests) {
      expect(headers.appversion).toBe(serverVersion);
      expect(headers.uniquesession).toMatch(/^[0-9a-f-]{36}$/);
    }
    await context.close();
  });

  const bootPaths = [configEndpoints.get, configEndpoints.version, ipRuleEndpoints.current].map((endpoint) =>
    pathOf(endpoint),
  );
  for (const failing of bootPaths) {
    it(`shows a red reload button when ${failing} cannot be loaded`, async () => {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const pattern = (url: URL) => url.pathname === failing;
      await page.route(pattern, (route) => route.fulfill({ status: 503, body: '{}' }));
      await page.goto(baseUrl);
      const reload = page.getByTestId('reload');
      await reload.waitFor();
      const color = await reload.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(color).toBe('rgb(220, 53, 69)');
      expect(await page.getByTestId('login-modal').count()).toBe(0);
      // Clicking it reloads the page, which now loads.
      await page.unroute(pattern);
      await reload.click();
      await page.getByTestId('login-modal').waitFor();
      await context.close();
    });
  }

  it('serves the app for an unknown page path (single-page fallback)', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/dashboard`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await page.getByTestId('login-modal').waitFor();
    await context.close();
  });

  it('answers an unknown API path with a JSON 404, not the app', async () => {
    // eslint-disable-next-line no-restricted-syntax -- a path that is no endpoint, on purpose
    const answer = await fetch(`${baseUrl}/api/v1/no-such-route`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toMatchObject({ status: 404, key: 'notFound' });
  });

  it('applies customCssCode from the config', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route(
      (url) => url.pathname === pathOf(configEndpoints.get),
      async (route) => {
        const answer = await route.fetch();
        const config = await answer.json();
        config.settings.customCssCode = 'body { background-color: rgb(1, 2, 3) !important; }';
        await route.fulfill({ response: answer, json: config });
      },
    );
    await page.goto(baseUrl);
    await page.getByTestId('login-modal').waitFor();
    expect(await page.locator('style#custom-css').textContent()).toContain('rgb(1, 2, 3)');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(1, 2, 3)');
    await context.close();
  });

  it('loads a specialization bundle when the server has one', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const checks: string[] = [];
    await page.route(`**${bundlePath}*`, (route) => {
      checks.push(`${route.request().method()} ${new URL(route.request().url()).search}`);
      return route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: route.request().method() === 'HEAD' ? '' : 'window.__wmsSpecialized = true;',
      });
    });
    await page.goto(baseUrl);
    await page.getByTestId('login-modal').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __wmsSpecialized?: boolean }).__wmsSpecialized)).toBe(
      true,
    );
    expect(checks[0]).toMatch(/^HEAD \?v=\d+$/);
    expect(await page.getByTestId('specialization-failed').count()).toBe(0);
    await context.close();
  });

  it("shows 'Could not load specializations' when the bundle fails, and continues", async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route(`**${bundlePath}*`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'this is not javascript (' }),
    );
    await page.goto(baseUrl);
    await page.getByTestId('specialization-failed').waitFor();
    expect(await page.getByTestId('specialization-failed').textContent()).toContain('Could not load specializations');
    await page.getByTestId('login-modal').waitFor();
    await context.close();
  });

  it('is an installable PWA: manifest with icons, and a service worker in the production build', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByTestId('login-modal').waitFor();
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = await (await fetch(`${baseUrl}${manifestHref}`)).json();
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone', short_name: 'WMS' });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(`${baseUrl}${icon.src}`)).status).toBe(200);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    // The API is never answered from the cache: after going offline, API calls fail.
    await page.reload();
    await page.getByTestId('login-modal').waitFor();
    await context.setOffline(true);
    const apiStatus = await page.evaluate(
      (url) =>
        fetch(url).then(
          (answer) => answer.status,
          () => 0,
        ),
      urlOf(configEndpoints.version),
    );
    expect(apiStatus).toBe(0);
    // The app shell still opens offline (index.html from the cache), showing the reload button.
    await page.reload();
    await page.getByTestId('reload').waitFor();
    await context.close();
  });
});
