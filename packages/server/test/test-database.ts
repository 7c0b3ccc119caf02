import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

export interface TestDatabase {
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one suite: a SQLite file in a temporary folder, or (project
 * server-postgres) a new database on the server of TEST_DATABASE_URL, dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.WMS_TEST_DATABASE !== 'postgres' || !serverUrl) {
    return { url: `sqlite:${path.join(dataDir, 'wms.sqlite')}`, dataDir, drop: async () => removeDir() };
  }
  const name = `wms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      removeDir();
    },
  };
}

/** A fresh database (createTestDatabase), opened and migrated to the latest schema; close() also drops it. */
export async function openMigratedTestDatabase(): Promise<{
  handle: DatabaseHandle;
  url: string;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase();
  const handle = openDatabase(database.url);
  await migrateToLatest(handle);
  return {
    handle,
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
