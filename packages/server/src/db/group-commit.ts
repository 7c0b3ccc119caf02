import { CompiledQuery } from 'kysely';
import { executeCompiled } from './compiled-query.js';
import type { Db, Tx } from './database.js';

/**
 * Group commit for SQLite (synchronous=FULL: every COMMIT is an fsync). Write transactions that
 * arrive while one runs join a batch: one BEGIN, each job's work inside its own SAVEPOINT, one
 * COMMIT for the batch. A job that throws rolls back to its savepoint (its writes are gone, the
 * others' stay) and gets its error; every job is answered only after the batch's COMMIT returned,
 * so nothing is acknowledged before it is durable. When the COMMIT itself fails, every job of the
 * batch gets that error (nothing of the batch was written).
 *
 * The jobs of a batch run one after another on SQLite's single connection, as separate
 * transactions would; a job sees the writes of the jobs before it in its batch, as it would see
 * them committed. A batch takes at most `maxJobs` jobs and stops taking more after `maxMillis`.
 *
 * better-sqlite3 is synchronous: a transaction's awaits are microtasks, so no request is read
 * while one runs and nothing would ever join a batch by itself. So a batch begins a turn of the
 * event loop after its first job was queued (the requests read in the same turn join it), and
 * after running what is queued it lets the event loop turn once more (holding the transaction):
 * the jobs of requests read meanwhile join too. It commits when a turn brought no job or a cap
 * is reached. Alone, a job waits two turns of the event loop; under load an fsync serves many.
 */
export interface GroupCommit {
  /** Runs the work in a write transaction shared with the jobs around it; resolves after COMMIT. */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface Job {
  work: (tx: Tx) => Promise<unknown>;
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  maxJobs?: number;
  maxMillis?: number;
  /**
   * Resolves when the commits made so far are on disk (wal-sync.ts): a batch's jobs are answered
   * after it, while the next batch already runs. Without it COMMIT itself is taken as durable.
   */
  durable?: () => Promise<void>;
  /**
   * Called before each batch; a promise holds the batch until it resolves (wal-sync.ts
   * beforeWrites: lets the WAL start over while nothing is written).
   */
  beforeBatch?: () => Promise<void> | null;
}

/** Answers the job with its outcome (a job the batch never ran is an error). */
function settle(job: Job): void {
  const outcome = job.outcome ?? { ok: false, error: new Error('group commit job did not run') };
  if (outcome.ok) job.resolve(outcome.value);
  else job.reject(outcome.error);
}

/** Answers every job of the batch with the error. */
function failAll(batch: readonly Job[], error: unknown): void {
  for (const job of batch) {
    job.outcome = { ok: false, error };
    settle(job);
  }
}

const savepoint = CompiledQuery.raw('savepoint group_commit_job');
const rollbackToSavepoint = CompiledQuery.raw('rollback to savepoint group_commit_job');
const releaseSavepoint = CompiledQuery.raw('release savepoint group_commit_job');

/** Resolves after the event loop turned once (its I/O, so new requests, handled). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createGroupCommit(db: Db, options: GroupCommitOptions = {}): GroupCommit {
  const maxJobs = options.maxJobs ?? 64;
  const maxMillis = options.maxMillis ?? 5;
  const queue: Job[] = [];
  let running = false;

  async function runJob(tx: Tx, job: Job): Promise<void> {
    await executeCompiled(tx, savepoint);
    try {
      job.outcome = { ok: true, value: await job.work(tx) };
    } catch (error) {
      job.outcome = { ok: false, error };
      await executeCompiled(tx, rollbackToSavepoint);
    }
    await executeCompiled(tx, releaseSavepoint);
  }

  async function runBatch(): Promise<void> {
    const batch: Job[] = [];
    try {
      await db.transaction().execute(async (tx) => {
        const started = performance.now();
        const open = () => batch.length < maxJobs && performance.now() - started < maxMillis;
        while (open()) {
          while (queue.length > 0 && open()) {
            const job = queue.shift() as Job;
            batch.push(job);
            await runJob(tx, job);
          }
          if (!open()) break;
          await nextTurn();
          if (queue.length === 0) break;
        }
      });
    } catch (error) {
      // BEGIN, a savepoint statement or COMMIT failed: the whole batch rolled back.
      failAll(batch, error);
      return;
    }
    if (!options.durable) {
      batch.forEach(settle);
      return;
    }
    // The flush overlaps the next batch; a failed flush fails every job of the batch (unknown outcome).
    void options.durable().then(
      () => batch.forEach(settle),
      (error: unknown) => failAll(batch, error),
    );
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      await nextTurn();
      while (queue.length > 0) {
        const pause = options.beforeBatch?.();
        if (pause) await pause;
        await runBatch();
      }
    } finally {
      running = false;
    }
  }

  return {
    run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!running) void drain();
      });
    },
  };
}

/**
 * Runs the work in a write transaction: on SQLite a savepoint of the group commit (when the app
 * has one), else a transaction of its own.
 */
export function writeTransaction<T>(
  target: { db: Db; groupCommit?: GroupCommit | undefined },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return target.groupCommit ? target.groupCommit.run(work) : target.db.transaction().execute(work);
}
