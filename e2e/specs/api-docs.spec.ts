import { authEndpoints, configEndpoints } from '@wms/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';

const baseUrl = inject('baseUrl');

describe('API docs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders Swagger UI listing the API', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const response = await page.goto(`${baseUrl}/api/docs`);
    expect(response?.status()).toBe(200);
    await page.locator('.swagger-ui .info .title').waitFor();
    expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('WMS API');
    await page.locator('.opblock').first().waitFor();
    const paths = await page.locator('.opblock-summary-path').allTextContents();
    expect(paths.map((p) => p.replace(/\u200b/g, ''))).toEqual(
      expect.arrayContaining([configEndpoints.version.path, authEndpoints.signin.path, authEndpoints.me.path]),
    );
    await page.screenshot({ path: screenshotPath('api-docs') });
    await page.close();
  });

  it('serves the OpenAPI document', async () => {
    const answer = await fetch(`${baseUrl}/api/docs/json`);
    expect(answer.status).toBe(200);
    const openApi = await answer.json();
    expect(openApi.openapi).toMatch(/^3\./);
    expect(Object.keys(openApi.paths)).toContain(authEndpoints.me.path);
  });
});
