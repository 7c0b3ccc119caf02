import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotPath } from '../browser.js';
import { writeFakeCameraVideo } from '../support/fake-camera-video.js';
import { submitLogin, waitSignedIn } from './login-support.js';

const baseUrl = inject('baseUrl');
const phone = { width: 360, height: 640 };
/** ITEM-001's second barcode (EAN-13), shown by the fake camera. */
const eanText = '8712345000028';

/** A one-page PDF ("CSP test"), written by hand: the PDF preview shows what the server sends. */
function tinyPdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 20 40 Td (CSP test) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

interface Violations {
  /** securitypolicyviolation events seen in any page or frame of the context. */
  events(): Promise<string[]>;
  /** Console messages about the Content Security Policy. */
  console: string[];
}

/**
 * A context that records every CSP violation: a securitypolicyviolation listener in every document
 * (addInitScript) and the console messages Chromium writes for blocked loads. Service workers are
 * allowed here (the other specs block them), so sw.js is registered under the policy too.
 */
async function watchedContext(browser: Browser): Promise<{ context: BrowserContext; page: Page; seen: Violations }> {
  const context = await browser.newContext({ viewport: phone });
  await context.grantPermissions(['camera'], { origin: baseUrl });
  await context.addInitScript(() => {
    // The device uses the camera as its scanner; no printers, so no settings dialog opens. (A PDF
    // viewer's document has no local storage.)
    try {
      if (!localStorage.getItem('wms.deviceConfig'))
        localStorage.setItem('wms.deviceConfig', JSON.stringify({ deviceName: '', useEmbeddedBarcodeScanner: true }));
    } catch {
      // Not the app's document.
    }
    const record = (event: SecurityPolicyViolationEvent) => {
      const entry = `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} in ${event.documentURI}`;
      const list = ((window as unknown as { __cspViolations?: string[] }).__cspViolations ??= []);
      list.push(entry);
      try {
        const stored = JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]') as string[];
        sessionStorage.setItem('cspViolations', JSON.stringify([...stored, entry]));
      } catch {
        // An opaque (blob: or sandboxed) document has no session storage: the window list holds it.
      }
    };
    document.addEventListener('securitypolicyviolation', record);
  });
  const page = await context.newPage();
  const consoleMessages: string[] = [];
  const listen = (target: Page) =>
    target.on('console', (message) => {
      if (/content security policy/i.test(message.text())) consoleMessages.push(message.text());
    });
  listen(page);
  context.on('page', listen);
  const events = async () => {
    const all: string[] = [];
    for (const open of context.pages()) {
      for (const frame of open.frames()) {
        const seen = await frame
          .evaluate(() => {
            const own = (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [];
            let stored: string[] = [];
            try {
              stored = JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]') as string[];
            } catch {
              stored = [];
            }
            return [...new Set([...stored, ...own])];
          })
          .catch(() => [] as string[]);
        all.push(...seen);
      }
    }
    return [...new Set(all)];
  };
  return { context, page, seen: { events, console: consoleMessages } };
}

describe('security headers: the app passes its own Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    const video = await writeFakeCameraVideo([{ bcid: 'ean13', text: eanText, seconds: 3 }]);
    browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the headers with the app', async () => {
    const answer = await fetch(`${baseUrl}/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('signs in, opens an item, the camera scanner, a PDF preview and the API docs without a violation', async () => {
    const { context, page, seen } = await watchedContext(browser);
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));

    await page.goto(baseUrl);
    await page.getByTestId('login-modal').waitFor();
    await submitLogin(page, 'admin', 'admin');
    await waitSignedIn(page);
    // The service worker (worker-src) registers after load in the production build.
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration('/'))?.active != null, null, {
      timeout: 15_000,
    });

    // The item information app with an item open (fonts, icons, styles, pictures).
    await page.goto(`${baseUrl}/item/item_info/ITEM-001`);
    await page.getByTestId('item-info').waitFor();
    await page.getByText('ITEM-001').first().waitFor();

    // The camera scanner: zxing-wasm compiles its .wasm ('wasm-unsafe-eval') and reads the code.
    await page.getByTestId('camera-scan-button').click();
    const box = page.getByTestId('camera-scanner-box');
    await box.getByTestId('camera-reads').getByText(eanText, { exact: true }).first().waitFor({ timeout: 20_000 });
    await box.getByRole('button', { name: 'Close' }).last().click();
    await box.waitFor({ state: 'detached' });

    // A PDF preview as PdfPreviewModal shows one: the browser's viewer in an iframe, from a blob:
    // URL and from a same-origin URL; and the PDF opened as a page of its own.
    const pdf = tinyPdf();
    const framed = await page.evaluate(async (text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/pdf' }));
      const frame = document.createElement('iframe');
      frame.setAttribute('style', 'position: fixed; inset: 0; width: 100%; height: 100%; z-index: 5000; border: 0');
      const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
      frame.src = url;
      document.body.appendChild(frame);
      await loaded;
      return url;
    }, pdf);
    expect(framed).toMatch(/^blob:/);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: screenshotPath('security-headers-pdf-preview') });

    // The API docs (Swagger UI) under the same policy.
    const docs = await context.newPage();
    await docs.goto(`${baseUrl}/api/docs`);
    await docs.locator('.swagger-ui .info .title').waitFor();
    await docs.locator('.opblock').first().click();
    await docs.locator('.opblock-body').first().waitFor();

    expect(await seen.events()).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    // Sign-in, service worker, camera and docs: more than the default 30 s on a busy machine.
  }, 90_000);

  it('records a violation when something is blocked (the watch works)', async () => {
    const { context, page, seen } = await watchedContext(browser);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('login-modal').waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.appendChild(script);
    });
    await expect.poll(() => seen.events()).toEqual([expect.stringContaining('script-src-elem blocked inline')]);
    expect(seen.console.join('\n')).toContain('Content Security Policy');
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
    await context.close();
  });
});
