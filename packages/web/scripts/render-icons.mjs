// Renders public/icons/icon.svg to the PNG icons of the web manifest with Chromium (no ImageMagick needed).
// Run from the repository root: node packages/web/scripts/render-icons.mjs
import fs from 'node:fs';
import { chromium } from 'playwright-core';
const svg = fs.readFileSync('packages/web/public/icons/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
for (const [size, name, pad] of [
  [192, 'icon-192.png', 0],
  [512, 'icon-512.png', 0],
  [180, 'apple-touch-icon.png', 0],
  [512, 'icon-maskable-512.png', 1],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = pad
    ? `<div style="width:${size}px;height:${size}px;background:#0d6efd;display:flex;align-items:center;justify-content:center"><div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg.replace('width="512" height="512"', 'width="100%" height="100%"')}</div></div>`
    : svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({
    path: `packages/web/public/icons/${name}`,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  await page.close();
}
await browser.close();
