import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Tx } from './database.js';
import { createGroupCommit } from './group-commit.js';

describe('group commit (SQLite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  /** A second connection: sees only what was committed. */
  let observer: SQLite.Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-group-commit-'));
    const file = path.join(dir, 'test.sqlite');
    handle = openDatabase(`sqlite:${file}`);
    await sql`create table gc_row (id integer primary key, job integer not null)`.execute(handle.db);
    observer = new SQLite(file);
  });

  afterEach(async () => {
    observer.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const committed = () =>
    (observer.prepare('select job from gc_row order by job').all() as { job: number }[]).map((r) => r.job);
  const insert = (tx: Tx, job: number) => sql`insert into gc_row (job) values (${job})`.execute(tx);

  it('runs concurrent jobs in one transaction and answers them only after its commit', async () => {
    const group = createGroupCommit(handle.db);
    const seen: { job: number; committedRows: number[]; visibleInBatch: number }[] = [];
    const answered: number[] = [];
    const jobs = [1, 2, 3, 4, 5].map((job) =>
      group
        .run(async (tx) => {
          await insert(tx, job);
          const visible = await sql<{ n: number }>`select count(*) as n from gc_row`.execute(tx);
          seen.push({ job, committedRows: committed(), visibleInBatch: Number(visible.rows[0]?.n) });
          return job * 10;
        })
        .then((value) => {
          answered.push(job);
          expect(committed()).toEqual([1, 2, 3, 4, 5]);
          return value;
        }),
    );
    expect(await Promise.all(jobs)).toEqual([10, 20, 30, 40, 50]);
    // All five queued before the batch began: one after another in one transaction, none committed while it ran.
    expect(seen.map((s) => s.job)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((s) => s.visibleInBatch)).toEqual([1, 2, 3, 4, 5]);
    expect(seen.map((s) => s.committedRows)).toEqual([[], [], [], [], []]);
    expect(answered).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets jobs queued in a later turn of the event loop join the open batch', async () => {
    const group = createGroupCommit(handle.db);
    const committedWhenRun: number[][] = [];
    const job = (n: number) =>
      group.run(async (tx) => {
        committedWhenRun.push(committed());
        await insert(tx, n);
      });
    const first = job(1);
    const later = new Promise<void>((resolve) => setImmediate(() => resolve(job(2))));
    await Promise.all([first, later]);
    expect(committedWhenRun).toEqual([[], []]);
    expect(committed()).toEqual([1, 2]);
  });

  it('rolls back only the failing job to its savepoint and gives it its error', async () => {
    const group = createGroupCommit(handle.db);
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((job) =>
        group.run(async (tx) => {
          await insert(tx, job);
          if (job === 2) throw new Error('job 2 refused');
          return job;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('job 2 refused'));
    expect(committed()).toEqual([1, 3]);
  });

  it('caps a batch at maxJobs: the next jobs commit in a batch of their own', async () => {
    const group = createGroupCommit(handle.db, { maxJobs: 2, maxMillis: 1000 });
    const committedWhenRun: number[][] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((job) =>
        group.run(async (tx) => {
          committedWhenRun.push(committed());
          await insert(tx, job);
        }),
      ),
    );
    expect(committedWhenRun).toEqual([[], [], [1, 2], [1, 2], [1, 2, 3, 4]]);
    expect(committed()).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects every job of a batch whose commit fails, and keeps working afterwards', async () => {
    const group = createGroupCommit(handle.db);
    await sql`create table gc_parent (id integer primary key)`.execute(handle.db);
    await sql`create table gc_child (parent integer references gc_parent (id) deferrable initially deferred)`.execute(
      handle.db,
    );
    // A deferred foreign key fails at COMMIT: the whole batch rolls back.
    const batch = await Promise.allSettled([
      group.run((tx) => insert(tx, 2)),
      group.run((tx) => insert(tx, 3)),
      group.run((tx) => sql`insert into gc_child (parent) values (42)`.execute(tx)),
    ]);
    expect(batch.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await group.run(async (tx) => insert(tx, 4).then(() => 'ok'))).toBe('ok');
    expect(committed()).toEqual([4]);
  });

  it('answers a batch only after durable() resolved, while the next batch already runs', async () => {
    let flushed!: () => void;
    const flushes: Promise<void>[] = [];
    const durable = () => {
      const flush = new Promise<void>((resolve) => (flushed = resolve));
      flushes.push(flush);
      return flush;
    };
    const group = createGroupCommit(handle.db, { durable });
    let answered = false;
    const first = group.run((tx) => insert(tx, 1)).then(() => (answered = true));
    while (flushes.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // Committed (a second connection sees it) but not answered until the flush is done.
    expect(committed()).toEqual([1]);
    expect(answered).toBe(false);
    const releaseFirst = flushed;
    // The next batch runs and commits meanwhile.
    const second = group.run((tx) => insert(tx, 2));
    while (flushes.length === 1) await new Promise((resolve) => setImmediate(resolve));
    expect(committed()).toEqual([1, 2]);
    releaseFirst();
    flushed();
    await Promise.all([first, second]);
    expect(answered).toBe(true);
  });

  it('fails the jobs of a batch whose flush failed', async () => {
    const group = createGroupCommit(handle.db, { durable: () => Promise.reject(new Error('EIO')) });
    await expect(group.run((tx) => insert(tx, 1))).rejects.toThrow('EIO');
  });

  it('holds a batch while beforeBatch has it wait, and runs it after', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const group = createGroupCommit(handle.db, { beforeBatch: () => (asked++ === 0 ? gate : null) });
    let ran = false;
    const job = group.run(async (tx) => {
      ran = true;
      await insert(tx, 1);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
    expect(committed()).toEqual([]);
    release();
    await job;
    expect(committed()).toEqual([1]);
    await group.run((tx) => insert(tx, 2));
    expect(committed()).toEqual([1, 2]);
    expect(asked).toBe(2);
  });
});
