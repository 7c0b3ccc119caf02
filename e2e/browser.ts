import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium off the network it cannot reach here and quiet in a container. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/** Debian's Chromium driven by playwright-core (no browser download), with any extra flags. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: run "bash scripts/ensure-chromium.sh"`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extraArgs] });
}

/** Screenshots go to test-results/ (git-ignored) for a person to look at. */
export function screenshotPath(name: string): string {
  const dir = path.resolve(import.meta.dirname, '..', 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}
