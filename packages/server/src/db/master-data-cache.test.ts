import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { createMasterDataCache } from './master-data-cache.js';
import { migrateToLatest } from './migrate.js';

describe('master-data answer cache (SQLite)', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-master-cache-'));
    file = path.join(dir, 'test.sqlite');
    handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    await sql`insert into warehouse (code, code_lower, visual_code, name, active) values ('W1', 'w1', 'W1', 'Main', 1)`.execute(
      handle.db,
    );
  });

  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A load that reads the warehouse's name and counts how often it ran. */
  function counter() {
    let loads = 0;
    const load = async () => {
      loads++;
      const { rows } = await sql<{ name: string }>`select name from warehouse where code_lower = 'w1'`.execute(
        handle.db,
      );
      return rows[0]?.name ?? '';
    };
    return { load, loads: () => loads };
  }

  it('keeps an answer until a master-data table changes, then loads it again', async () => {
    const cache = createMasterDataCache(handle.db, 'sqlite');
    const w = counter();
    expect(await cache.cached('space', 'w1', w.load)).toBe('Main');
    expect(await cache.cached('space', 'w1', w.load)).toBe('Main');
    expect(w.loads()).toBe(1);

    // A change of a table that is not master data keeps the answers.
    await sql`create table other (n integer)`.execute(handle.db);
    await sql`insert into other values (1)`.execute(handle.db);
    expect(await cache.cached('space', 'w1', w.load)).toBe('Main');
    expect(w.loads()).toBe(1);

    await sql`update warehouse set name = 'Renamed' where code_lower = 'w1'`.execute(handle.db);
    expect(await cache.cached('space', 'w1', w.load)).toBe('Renamed');
    expect(w.loads()).toBe(2);
  });

  it('sees a change committed by another connection (another process)', async () => {
    const cache = createMasterDataCache(handle.db, 'sqlite');
    const w = counter();
    await cache.cached('space', 'w1', w.load);
    const other = new SQLite(file);
    try {
      other.prepare("update warehouse set name = 'Elsewhere' where code_lower = 'w1'").run();
    } finally {
      other.close();
    }
    expect(await cache.cached('space', 'w1', w.load)).toBe('Elsewhere');
  });

  it('drops answers on insert and delete of items, locations and their attributes too', async () => {
    const cache = createMasterDataCache(handle.db, 'sqlite');
    const w = counter();
    const changes = [
      sql`insert into item (code, code_lower, visual_code, name, search_text, updated_at) values ('I1', 'i1', 'I1', 'Item', 'i1 item', '2026-01-01')`,
      sql`insert into bin_location (code, code_lower, visual_code, warehouse_id, updated_at) values ('L1', 'l1', 'L1', 1, '2026-01-01')`,
      sql`insert into bin_location_attribute (bin_location_id, name, value) values (1, 'zone', 'A')`,
      sql`delete from bin_location_attribute`,
      sql`delete from bin_location`,
      sql`delete from item`,
    ];
    await cache.cached('space', 'w1', w.load);
    for (const [index, change] of changes.entries()) {
      await change.execute(handle.db);
      await cache.cached('space', 'w1', w.load);
      expect(w.loads(), `after change ${index}`).toBe(index + 2);
    }
  });

  it('does not keep a failed load, and drops the least recently used answers past the size limit', async () => {
    // Room for two answers of five characters.
    const cache = createMasterDataCache(handle.db, 'sqlite', { maxCharacters: 10 });
    await expect(cache.cached('space', 'x', () => Promise.reject(new Error('unknown')))).rejects.toThrow('unknown');
    expect(await cache.cached('space', 'x', () => Promise.resolve('found'))).toBe('found');
    await cache.cached('space', 'y', () => Promise.resolve('yyyyy'));
    await cache.cached('space', 'x', () => Promise.resolve('not used'));
    await cache.cached('space', 'z', () => Promise.resolve('zzzzz'));
    // y was the least recently used: dropped; x stayed.
    expect(await cache.cached('space', 'x', () => Promise.resolve('again'))).toBe('found');
    expect(await cache.cached('space', 'y', () => Promise.resolve('loaded again'))).toBe('loaded again');
  });

  it('always loads on PostgreSQL (no generation there)', async () => {
    const cache = createMasterDataCache(handle.db, 'postgres');
    const w = counter();
    await cache.cached('space', 'w1', w.load);
    await cache.cached('space', 'w1', w.load);
    expect(w.loads()).toBe(2);
  });

  it('reads the number once per turn of the event loop while we write nothing, again after a write of ours', async () => {
    const ownWrites = { writes: 0 };
    const cache = createMasterDataCache(handle.db, 'sqlite', { ownWrites });
    const w = counter();
    const other = new SQLite(file);
    try {
      await cache.cached('space', 'w1', w.load);
      // Another process commits within the same turn: this turn's answers may still show the state read in it.
      other.prepare("update warehouse set name = 'Elsewhere' where code_lower = 'w1'").run();
      expect(await cache.cached('space', 'w1', w.load)).toBe('Main');
      // The next turn reads the number again.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await cache.cached('space', 'w1', w.load)).toBe('Elsewhere');
      // A write of ours in the same turn is seen at once.
      await sql`update warehouse set name = 'Ours' where code_lower = 'w1'`.execute(handle.db);
      ownWrites.writes++;
      expect(await cache.cached('space', 'w1', w.load)).toBe('Ours');
    } finally {
      other.close();
    }
  });
});
