// Time from navigation to a usable login form: the built server on a fresh data folder with demo
// data, Chromium (playwright-core) with 4x CPU throttling at 360x640, a fresh context (no cache,
// no service worker) per run. "Usable" means the username input is visible (a non-empty box, not
// visibility:hidden) and enabled; the page itself records performance.now() (ms since navigation
// start) the first time that holds, checked on every DOM mutation and every animation frame.
// Run alone: node bench/web-load.mjs (WEB_DIST_DIR picks another build; needs "npm run build").
/* global document, window, performance, getComputedStyle, MutationObserver, requestAnimationFrame -- page functions run in Chromium */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startBuiltServer } from './processes.mjs';

export const loadSettings = {
  runs: Number(process.env.BENCH_WEB_RUNS ?? 3),
  cpuThrottlingRate: 4,
  viewport: { width: 360, height: 640 },
  /** The username input of packages/web/src/shell/login/LoginForm.tsx (Form.Group controlId). */
  selector: 'input#login-username[name="username"]',
};

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Installed before any page script: stores the first moment the login input is usable in window.__wmsLoginUsableMs. */
function watchLoginInput(selector) {
  const usable = () => {
    const input = document.querySelector(selector);
    if (!input || input.disabled || input.closest('fieldset:disabled')) return false;
    const box = input.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(input).visibility !== 'hidden';
  };
  const check = () => {
    if (window.__wmsLoginUsableMs !== undefined) return;
    if (usable()) window.__wmsLoginUsableMs = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => {
    check();
    if (window.__wmsLoginUsableMs === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function loadOnce(browser, baseUrl) {
  const context = await browser.newContext({ viewport: loadSettings.viewport, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: loadSettings.cpuThrottlingRate });
    await page.addInitScript(watchLoginInput, loadSettings.selector);
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const started = Date.now();
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    try {
      await page.waitForFunction(() => window.__wmsLoginUsableMs !== undefined, undefined, { timeout: 60_000 });
    } catch (error) {
      throw new Error(
        `the login form (${loadSettings.selector}) did not become usable within 60 s` +
          (pageErrors.length > 0 ? `; page errors: ${pageErrors.join('; ')}` : ''),
        { cause: error },
      );
    }
    const wallMs = Date.now() - started;
    const usableMs = await page.evaluate(() => window.__wmsLoginUsableMs);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation');
      return navigation
        ? { responseEndMs: navigation.responseEnd, domContentLoadedMs: navigation.domContentLoadedEventEnd }
        : {};
    });
    return {
      usableMs: Math.round(usableMs),
      wallMs,
      responseEndMs: Math.round(timing.responseEndMs ?? 0),
      domContentLoadedMs: Math.round(timing.domContentLoadedMs ?? 0),
      page,
      context,
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
};

/**
 * Measures loadSettings.runs page loads against baseUrl (a running WMS server, signed out).
 * `afterRun(page, index)` may inspect each loaded page (e.g. a screenshot) before its context closes.
 */
export async function measureLoginLoad(baseUrl, { afterRun } = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  try {
    const runs = [];
    for (let index = 0; index < loadSettings.runs; index += 1) {
      const { page, context, ...run } = await loadOnce(browser, baseUrl);
      try {
        if (afterRun) await afterRun(page, index);
      } finally {
        await context.close();
      }
      runs.push(run);
    }
    return {
      cpuThrottlingRate: loadSettings.cpuThrottlingRate,
      viewport: loadSettings.viewport,
      selector: loadSettings.selector,
      medianMs: median(runs.map((run) => run.usableMs)),
      runs,
    };
  } finally {
    await browser.close();
  }
}

export function printLoginLoad(load) {
  console.log(
    `login form usable (Chromium, ${load.cpuThrottlingRate}x CPU throttling, ${load.viewport.width}x${load.viewport.height}, ` +
      `no cache, ${load.runs.length} runs): median ${load.medianMs} ms`,
  );
  load.runs.forEach((run, index) =>
    console.log(
      `  run ${index + 1}: ${run.usableMs} ms after navigation start (HTML ${run.responseEndMs} ms, ` +
        `DOMContentLoaded ${run.domContentLoadedMs} ms; ${run.wallMs} ms wall clock from goto)`,
    ),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const server = await startBuiltServer(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {});
  try {
    printLoginLoad(await measureLoginLoad(server.baseUrl));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`WMS server exited with code ${code}:\n${server.output()}`);
  }
}
