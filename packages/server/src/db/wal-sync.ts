import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Durable commits for the embedded SQLite database without an fsync on the event loop.
 *
 * SQLite's synchronous=FULL makes every COMMIT wait for an fsync of the WAL on the calling
 * thread; for better-sqlite3 that is the one JavaScript thread, which then serves nobody for the
 * 0.3-2 ms of the flush (it grows with the pages written). The server opens its connection with
 * synchronous=NORMAL instead (a COMMIT writes the WAL without flushing it) and flushes the WAL
 * itself, on libuv's thread pool, before it answers: `durable()` resolves once every commit made
 * before the call is on disk. HTTP answers wait for it (http/durable-answers.ts and group commit),
 * so no answer reports or shows a write that a power cut could take back: FULL's guarantee (live
 * messages published right after a commit are not held back;
 * docs/decisions/0087-wal-flushed-off-the-event-loop.md).
 * One flush serves every commit made before it began, so under load flushes overlap the work of
 * the next requests. A crash of the process alone loses nothing either way: committed frames are
 * in the operating system's cache.
 *
 * Checkpoints (copying the WAL back into the database file, with its own fsyncs) run on a
 * connection in a worker thread after flushes; the main connection keeps SQLite's automatic
 * checkpoint only as a safety net for a WAL that grows past `safetyCheckpointPages`. SQLite
 * starts the WAL over only when a writer begins with every frame copied, which a writer that
 * commits back to back never does: group commit asks `beforeWrites` before each batch and waits,
 * once the WAL passed `restartFrames`, for one checkpoint that copies everything.
 */
export interface WalSync {
  /** Called for each statement that may write (the statement cache does): the next durable() flushes. */
  noteWrite(): void;
  /** True when a commit may not be on disk yet. */
  readonly pending: boolean;
  /** Grows with every statement of ours that may write or commit (what noteWrite counted). */
  readonly writes: number;
  /** Resolves when every commit made before the call is on disk (a bound function: pass it on as is). */
  readonly durable: () => Promise<void>;
  /**
   * For a writer that commits back to back (group commit, before each batch): null, or when the
   * WAL has grown past `restartFrames`, a promise that resolves after the worker copied every
   * frame. The caller writes nothing meanwhile, so its next write transaction starts the WAL over
   * (SQLite restarts it only when a writer begins with every frame copied). A bound function.
   */
  readonly beforeWrites: () => Promise<void> | null;
  close(): Promise<void>;
}

/** Pages of WAL after which the main connection checkpoints by itself (SQLite's default is 1,000). */
export const safetyCheckpointPages = 20_000;
/** Least time between two checkpoints of the worker. */
const checkpointEveryMs = 200;
/** WAL frames after which a back-to-back writer waits for a full copy so that the WAL starts over. */
export const restartFrames = 10_000;
/** Longest wait in beforeWrites (a checkpoint that never answers must not hold the writer). */
const restartWaitMs = 1_000;

/** The checkpoint worker: its own connection, a PASSIVE checkpoint per message (never blocks writers). */
const checkpointWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  let result = null;
  try {
    result = db.pragma('wal_checkpoint(PASSIVE)')[0];
  } catch (error) {
    result = { error: String(error && error.message) };
  }
  parentPort.postMessage(result);
});
`;

/**
 * The WAL's directory entry must survive a power cut too (once: the file stays while we are open).
 * Best effort, as SQLite's own: some file systems (and Windows) cannot open or flush a directory.
 */
async function syncDirectoryOf(file: string): Promise<void> {
  let dir: fs.promises.FileHandle | null = null;
  try {
    dir = await fs.promises.open(path.dirname(file), 'r');
    await dir.sync();
  } catch {
    // Not supported here: the file's own flushes still hold its data.
  } finally {
    await dir?.close();
  }
}

/** What the checkpoint worker answers: SQLite's wal_checkpoint row, or the error. */
interface CheckpointResult {
  busy?: number;
  log?: number;
  checkpointed?: number;
  error?: string;
}

export function createWalSync(file: string, options: { restartFrames?: number } = {}): WalSync {
  const restartAt = options.restartFrames ?? restartFrames;
  const walFile = `${file}-wal`;
  let epoch = 0;
  let syncedEpoch = 0;
  let flushing: Promise<void> | null = null;
  let handle: fs.promises.FileHandle | null = null;
  let closed = false;

  let worker: Worker | null = null;
  let checkpointing = false;
  let lastCheckpoint = 0;
  /** WAL frames at the last checkpoint (SQLite's `log`). */
  let walFrames = 0;
  /** Waiting for a checkpoint that starts after they asked / for the one running now. */
  let waitingForNext: (() => void)[] = [];
  let waitingForCurrent: (() => void)[] = [];

  function checkpointDone(result: CheckpointResult | null): void {
    checkpointing = false;
    // After a checkpoint that a writer waited for, the writer's next write starts the WAL over.
    if (waitingForCurrent.length > 0) walFrames = 0;
    else if (typeof result?.log === 'number') walFrames = result.log;
    const done = waitingForCurrent;
    waitingForCurrent = [];
    done.forEach((resolve) => resolve());
    if (waitingForNext.length > 0) startCheckpoint();
  }

  /** Lets every waiting writer go (closing, or no checkpoint can run). */
  function releaseWaiting(): void {
    const waiting = [...waitingForNext, ...waitingForCurrent];
    waitingForNext = [];
    waitingForCurrent = [];
    waiting.forEach((resolve) => resolve());
  }

  function startCheckpoint(): void {
    if (closed) {
      releaseWaiting();
      return;
    }
    checkpointing = true;
    lastCheckpoint = performance.now();
    waitingForCurrent.push(...waitingForNext);
    waitingForNext = [];
    if (!worker) {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      const started = new Worker(checkpointWorkerSource, { eval: true, workerData: { file, driver } });
      worker = started;
      started.unref();
      started.on('message', (result: CheckpointResult) => checkpointDone(result));
      // A failed checkpoint is retried after the next flush; the safety net stays.
      started.on('error', () => {
        if (worker === started) worker = null;
        checkpointDone(null);
      });
    }
    worker.postMessage('checkpoint');
  }

  function checkpointSoon(): void {
    if (closed || checkpointing || performance.now() - lastCheckpoint < checkpointEveryMs) return;
    startCheckpoint();
  }

  const beforeWrites = (): Promise<void> | null => {
    if (closed || walFrames < restartAt) return null;
    // Asked once per long WAL: the next checkpoint's count decides again.
    walFrames = 0;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, restartWaitMs);
      timer.unref();
      waitingForNext.push(() => {
        clearTimeout(timer);
        resolve();
      });
      if (!checkpointing) startCheckpoint();
    });
  };

  async function openWal(): Promise<fs.promises.FileHandle | null> {
    if (handle) return handle;
    try {
      handle = await fs.promises.open(walFile, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    await syncDirectoryOf(walFile);
    return handle;
  }

  async function flush(): Promise<void> {
    const upTo = epoch;
    const wal = await openWal();
    await wal?.datasync();
    syncedEpoch = Math.max(syncedEpoch, upTo);
    checkpointSoon();
  }

  /** An arrow function: group commit is handed it unbound. */
  const durable = async (): Promise<void> => {
    const target = epoch;
    while (syncedEpoch < target) {
      // A flush that began before our commit may not cover it: wait for it, then flush again.
      flushing ??= flush().finally(() => (flushing = null));
      await flushing;
    }
  };

  return {
    noteWrite() {
      epoch++;
    },
    get pending() {
      return syncedEpoch < epoch;
    },
    get writes() {
      return epoch;
    },
    durable,
    beforeWrites,
    async close() {
      closed = true;
      releaseWaiting();
      while (flushing) await flushing;
      await handle?.close();
      handle = null;
      if (worker) {
        const stopped = new Promise((resolve) => worker?.once('exit', resolve));
        worker.postMessage('close');
        await stopped;
        worker = null;
      }
    },
  };
}
