import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { createWalSync } from './wal-sync.js';

describe('WAL flushed off the event loop (SQLite file)', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-wal-sync-'));
    file = path.join(dir, 'test.sqlite');
    handle = openDatabase(`sqlite:${file}`);
  });

  afterEach(async () => {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const walSync = () => {
    if (!handle.walSync) throw new Error('a file database has a WAL sync');
    return handle.walSync;
  };

  it('commits with synchronous=NORMAL and counts every write and commit as pending until flushed', async () => {
    const probe = new SQLite(file);
    try {
      await sql`create table t (n integer)`.execute(handle.db);
      await walSync().durable();
      expect(walSync().pending).toBe(false);
      // A read leaves nothing to flush.
      await sql`select count(*) from t`.execute(handle.db);
      expect(walSync().pending).toBe(false);
      await handle.db.transaction().execute(async (tx) => {
        await sql`insert into t values (1)`.execute(tx);
      });
      expect(walSync().pending).toBe(true);
      // Committed and visible to another connection before the flush: answers wait for durable().
      expect(probe.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
      await walSync().durable();
      expect(walSync().pending).toBe(false);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(synchronous.rows[0]?.synchronous).toBe(1);
    } finally {
      probe.close();
    }
  });

  it('flushes again for a commit made while a flush was running', async () => {
    await sql`create table t (n integer)`.execute(handle.db);
    const first = walSync().durable();
    await sql`insert into t values (2)`.execute(handle.db);
    const second = walSync().durable();
    expect(walSync().pending).toBe(true);
    await Promise.all([first, second]);
    expect(walSync().pending).toBe(false);
  });

  it('checkpoints in a worker thread, so the WAL is copied back into the database file', async () => {
    await sql`create table t (n integer, pad text)`.execute(handle.db);
    for (let i = 0; i < 50; i++) {
      await sql`insert into t values (${i}, ${'x'.repeat(2000)})`.execute(handle.db);
      await walSync().durable();
    }
    // A reader that ignores the WAL: only what a checkpoint copied into the file is there.
    const deadline = Date.now() + 5000;
    let copied = 0;
    while (Date.now() < deadline) {
      const snapshot = path.join(dir, 'copy.sqlite');
      fs.copyFileSync(file, snapshot);
      const reader = new SQLite(snapshot, { readonly: true });
      try {
        copied = (reader.prepare('select count(*) as n from t').get() as { n: number }).n;
      } catch {
        copied = 0;
      } finally {
        reader.close();
      }
      if (copied > 0) break;
      await sql`insert into t values (-1, '')`.execute(handle.db);
      await walSync().durable();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(copied).toBeGreaterThan(0);
  });

  it('is not used for an in-memory database, which keeps synchronous=FULL', async () => {
    const memory = openDatabase('sqlite::memory:');
    try {
      expect(memory.walSync).toBeUndefined();
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(memory.db);
      expect(synchronous.rows[0]?.synchronous).toBe(2);
    } finally {
      await memory.close();
    }
  });

  it('lets a writer that commits back to back start the WAL over once it passed restartFrames', async () => {
    const other = path.join(dir, 'restart.sqlite');
    const writer = new SQLite(other);
    writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    // No automatic checkpoint: only the worker copies frames.
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (b blob)');
    const sync = createWalSync(other, { restartFrames: 20 });
    const framesInWal = () => {
      const probe = new SQLite(other);
      try {
        return (probe.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? -1;
      } finally {
        probe.close();
      }
    };
    try {
      expect(sync.beforeWrites()).toBeNull();
      const write = async (rows: number) => {
        writer.transaction(() => {
          for (let i = 0; i < rows; i++) writer.prepare('insert into t values (randomblob(3000))').run();
        })();
        sync.noteWrite();
        await sync.durable();
      };
      // Batches back to back until a checkpoint has seen the WAL past 20 frames.
      let pause: Promise<void> | null = null;
      for (let round = 0; round < 100 && !pause; round++) {
        await write(10);
        await new Promise((resolve) => setTimeout(resolve, 10));
        pause = sync.beforeWrites();
      }
      expect(pause).not.toBeNull();
      await pause;
      // The database file alone (the WAL left out) holds every row: the worker copied every frame.
      const written = (writer.prepare('select count(*) as n from t').get() as { n: number }).n;
      const snapshot = path.join(dir, 'restart-copy.sqlite');
      fs.copyFileSync(other, snapshot);
      const fileOnly = new SQLite(snapshot, { readonly: true });
      try {
        expect((fileOnly.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(written);
      } finally {
        fileOnly.close();
      }
      // So the next write starts the WAL over (it held at least 20 frames).
      await write(1);
      expect(framesInWal()).toBeLessThan(10);
      // Asked once per long WAL: the next checkpoint's count decides again.
      expect(sync.beforeWrites()).toBeNull();
    } finally {
      await sync.close();
      writer.close();
    }
  });
});
