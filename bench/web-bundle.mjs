// The production web build's initial download: the entry <script type="module" src> of dist/index.html
// plus every <link rel="modulepreload" href>, each gzipped with node:zlib at level 9 and summed.
// CSS (<link rel="stylesheet">) is measured the same way and reported separately, outside the budget.
// Run alone: node bench/web-bundle.mjs [distDir]  (exits 1 when the JavaScript is over the limit).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { repositoryDir } from './processes.mjs';

/** The budget for the initial JavaScript (login screen and shell; every app is loaded lazily). */
export const initialJsLimitKb = 200;
export const gzipLevel = 9;

const defaultDistDir = path.join(repositoryDir, 'packages', 'web', 'dist');

function attribute(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
}

/** The initial JavaScript and CSS files named by index.html, as paths relative to the dist folder. */
export function initialAssets(html) {
  const scripts = [];
  const stylesheets = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') scripts.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.push(href);
    else if (rel === 'stylesheet') stylesheets.push(href);
  }
  return { scripts: [...new Set(scripts)], stylesheets: [...new Set(stylesheets)] };
}

function sizeOf(distDir, url) {
  const file = path.join(distDir, url.replace(/^\//, '').split(/[?#]/)[0]);
  if (!fs.existsSync(file)) throw new Error(`index.html names ${url}, but ${file} is missing`);
  const content = fs.readFileSync(file);
  return {
    file: url,
    bytes: content.length,
    gzipBytes: zlib.gzipSync(content, { level: gzipLevel }).length,
  };
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Measures the built web app in distDir (default packages/web/dist). */
export function measureWebBundle(distDir = defaultDistDir) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`${indexFile} is missing: run "npm run build" first`);
  const { scripts, stylesheets } = initialAssets(fs.readFileSync(indexFile, 'utf8'));
  if (scripts.length === 0) throw new Error(`${indexFile} names no module script`);
  const js = scripts.map((url) => sizeOf(distDir, url));
  const css = stylesheets.map((url) => sizeOf(distDir, url));
  const sum = (files, key) => files.reduce((total, file) => total + file[key], 0);
  const jsGzipKb = kb(sum(js, 'gzipBytes'));
  return {
    gzipLevel,
    limitKb: initialJsLimitKb,
    jsKb: kb(sum(js, 'bytes')),
    jsGzipKb,
    cssKb: kb(sum(css, 'bytes')),
    cssGzipKb: kb(sum(css, 'gzipBytes')),
    withinLimit: jsGzipKb <= initialJsLimitKb,
    files: [...js, ...css].map((file) => ({ ...file, kb: kb(file.bytes), gzipKb: kb(file.gzipBytes) })),
  };
}

export function printWebBundle(bundle) {
  console.log(`initial web download (gzip level ${bundle.gzipLevel}):`);
  const width = Math.max(...bundle.files.map((file) => file.file.length));
  for (const file of bundle.files)
    console.log(
      `  ${file.file.padEnd(width)}  ${String(file.kb).padStart(7)} KB  ${String(file.gzipKb).padStart(6)} KB gzip`,
    );
  console.log(
    `  JavaScript ${bundle.jsGzipKb} KB gzip (${bundle.jsKb} KB raw), limit ${bundle.limitKb} KB gzip: ` +
      (bundle.withinLimit ? 'within the limit' : 'OVER THE LIMIT'),
  );
  console.log(`  CSS ${bundle.cssGzipKb} KB gzip (${bundle.cssKb} KB raw), not counted in the limit`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    const bundle = measureWebBundle(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
    printWebBundle(bundle);
    if (!bundle.withinLimit) process.exitCode = 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
