// The bench's large data set (packages/server/src/db/seed/large-data.ts), generated once per run by
// the built `seed:large` command into a fresh temporary data folder (embedded SQLite), or, when
// BENCH_DATABASE_URL names a PostgreSQL server, into a fresh database on it that is dropped afterwards
// (the role needs CREATEDB). Then a random sample of its codes, for requests spread over many rows.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { repositoryDir } from './processes.mjs';

const serverDist = path.join(repositoryDir, 'packages', 'server', 'dist');
/** The server's own PostgreSQL client, for creating and dropping the bench database. */
const pg = createRequire(path.join(repositoryDir, 'packages', 'server', 'package.json'))('pg');

/** BENCH_ITEMS, BENCH_LOCATIONS and BENCH_STOCK shrink the set for quick trials. */
export const largeDataSize = {
  items: Number(process.env.BENCH_ITEMS ?? 100_000),
  locations: Number(process.env.BENCH_LOCATIONS ?? 20_000),
  stock: Number(process.env.BENCH_STOCK ?? 1_000_000),
};

function run(script, env) {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(
      process.execPath,
      [script, ...Object.entries(largeDataSize).flatMap(([k, v]) => [`--${k}`, String(v)])],
      {
        cwd: repositoryDir,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * Generates the set. Returns { dialect, dataDir, serverEnv, databaseUrl, seconds, summary, drop() }:
 * serverEnv and dataDir start a server on it; drop removes the folder (and the database).
 */
export async function prepareLargeData() {
  const script = path.join(serverDist, 'db', 'seed', 'large-data-cli.js');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: build the server first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-bench-large-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  let databaseUrl = `sqlite:${path.join(dataDir, 'wms.sqlite')}`;
  let dropDatabase = async () => {};
  if (serverUrl) {
    if (!/^postgres(ql)?:\/\//.test(serverUrl)) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');
    const name = `wms_bench_${randomBytes(5).toString('hex')}`;
    const admin = async (statement) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
  const serverEnv = serverUrl ? { DATABASE_URL: databaseUrl } : {};
  const drop = async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = performance.now();
    const output = await run(script, { DATA_DIR: dataDir, ...serverEnv });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const summary = output.trim().split('\n').at(-1) ?? '';
    return { dialect: serverUrl ? 'postgres' : 'sqlite', dataDir, serverEnv, databaseUrl, seconds, summary, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Random items (code, three barcodes, name) and bin locations (code, barcode) of the set. */
export async function sampleLargeData(databaseUrl, count) {
  const { openDatabase } = await import(pathToFileURL(path.join(serverDist, 'db', 'database.js')).href);
  const handle = openDatabase(databaseUrl);
  try {
    const items = await handle.db
      .selectFrom('item')
      .select(['code', 'barcode', 'barcode2', 'barcode3', 'name'])
      .where('code_lower', 'like', 'ld-i%')
      .where('barcode', 'is not', null)
      .where('barcode2', 'is not', null)
      .where('barcode3', 'is not', null)
      .orderBy((eb) => eb.fn('random'))
      .limit(count)
      .execute();
    const locations = await handle.db
      .selectFrom('bin_location')
      .select(['code', 'barcode'])
      .where('code_lower', 'like', 'ld-l%')
      .where('barcode', 'is not', null)
      .orderBy((eb) => eb.fn('random'))
      .limit(count)
      .execute();
    if (items.length === 0 || locations.length === 0)
      throw new Error('the large data set has no items or bin locations');
    return { items, locations };
  } finally {
    await handle.close();
  }
}
