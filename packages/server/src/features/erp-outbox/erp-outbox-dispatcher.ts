import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { ErpType } from '@wms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/database.js';
import type { ErpOutboxRow } from '../../db/schema.js';
import { claimNextDue, finishAttempt, type AttemptOutcome } from './erp-outbox.repository.js';
import { failureText, outboxIdempotencyKey, retryDelayMs } from './erp-outbox-rules.js';
import { toErpOutboxEntry } from './erp-outbox.service.js';
import type { ErpOutboxMessage, ErpSender, ErpSenderRegistry } from './erp-senders.js';

export interface ErpOutboxDispatcherOptions {
  db: Db;
  dialect: Dialect;
  /** The configured ERP type (the setting erpType), read once per batch. */
  erpType: () => Promise<ErpType>;
  senders: ErpSenderRegistry;
  /** Between the end of one batch and the start of the next. */
  intervalMs: number;
  /** The wait after the first failure; doubled per further failure, at most an hour. */
  retryBaseMs: number;
  /** A row whose send failed this many times is DEAD. */
  maxAttempts: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Rows sent per batch at most (default 50): one batch never runs unbounded. */
  batchSize?: number;
  /** How long a claimed row is this instance's (default 2 minutes); then another may take it over. */
  leaseMs?: number;
  /** A send without an answer for this long failed (default 30 s; keep it well below the lease). */
  sendTimeoutMs?: number;
}

export interface DispatchResult {
  /** Rows the ERP took (DONE). */
  done: number;
  /** Rows whose send failed and that wait for their next attempt. */
  retried: number;
  /** Rows that failed for the last time (DEAD). */
  dead: number;
}

/**
 * Sends due outbox rows through the sender of the configured ERP type, one row at a time in
 * queue order: claim it (a conditional update, so one instance of several sends it), send it,
 * write DONE or the failure. A batch sends at most `batchSize` rows and ends at the first failed
 * send; batches of one instance never overlap; the next starts `intervalMs` after one ends.
 */
export class ErpOutboxDispatcher {
  /** This instance's name on the rows it claims. */
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly sendTimeoutMs: number;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: ErpOutboxDispatcherOptions) {
    this.batchSize = options.batchSize ?? 50;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.sendTimeoutMs = options.sendTimeoutMs ?? 30_000;
  }

  /** Starts the batches on the interval. */
  start(): void {
    if (this.timer || this.stopped) return;
    this.schedule();
  }

  /**
   * Sends what is due now, after any batch already running (the timer's or an earlier call's).
   * After stop() it sends nothing.
   */
  dispatchDue(): Promise<DispatchResult> {
    const run = this.queue.then(() => this.runBatch());
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * No new batch starts; waits (up to `waitMs`) for the running one to end, so the database is
   * not closed under it. A send cut off by a shutdown is sent again once its lease ends.
   */
  async stop(waitMs = 5_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref();
    });
    await Promise.race([this.queue, waited]);
    clearTimeout(timer);
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.dispatchDue();
    } catch (error) {
      this.options.log.warn({ err: error }, 'ERP outbox: dispatching failed');
    }
    if (!this.stopped) this.schedule();
  }

  private async runBatch(): Promise<DispatchResult> {
    const result: DispatchResult = { done: 0, retried: 0, dead: 0 };
    if (this.stopped) return result;
    const erpType = await this.options.erpType();
    const sender = this.options.senders[erpType];
    for (let sent = 0; sent < this.batchSize && !this.stopped; sent++) {
      const now = Date.now();
      const row = await claimNextDue(this.options.db, this.options.dialect, {
        owner: this.owner,
        now: new Date(now).toISOString(),
        leaseUntil: new Date(now + this.leaseMs).toISOString(),
      });
      if (!row) break;
      const outcome = await this.attempt(row, sender, erpType);
      const written = await finishAttempt(this.options.db, row.id, this.owner, outcome);
      if (!written) {
        this.options.log.info({ outboxId: row.id }, 'ERP outbox: the lease ended before the answer; not written');
        continue;
      }
      if (outcome.status === 'DONE') {
        result.done += 1;
        continue;
      }
      if (outcome.status === 'DEAD') result.dead += 1;
      else result.retried += 1;
      // The ERP is likely down or refusing: the rest waits for the next round, not a timeout each.
      break;
    }
    return result;
  }

  /** One send of a claimed row (its attempts already counted by the claim), and what to write after it. */
  private async attempt(row: ErpOutboxRow, sender: ErpSender | undefined, erpType: ErpType): Promise<AttemptOutcome> {
    const { maxAttempts, retryBaseMs, log } = this.options;
    if (row.attempts > maxAttempts) {
      // Taken over after its last allowed attempt ended without an answer (the instance died).
      const lastError = `no answer to attempt ${row.attempts - 1} before its lease ended`;
      log.error({ outboxId: row.id, lastError }, 'ERP outbox: row is DEAD');
      return { status: 'DEAD', nextAttemptAt: new Date().toISOString(), lastError };
    }
    try {
      if (!sender) throw new Error(`there is no ERP connector for the ERP type ${erpType}`);
      await this.sendWithTimeout(sender, toMessage(row));
      return { status: 'DONE', at: new Date().toISOString() };
    } catch (error) {
      const lastError = failureText(error);
      const context = { outboxId: row.id, kind: row.kind, documentCode: row.document_code, attempts: row.attempts };
      if (row.attempts >= maxAttempts) {
        log.error({ ...context, lastError }, 'ERP outbox: row is DEAD');
        return { status: 'DEAD', nextAttemptAt: new Date().toISOString(), lastError };
      }
      log.warn({ ...context, lastError }, 'ERP outbox: send failed, retrying later');
      const nextAttemptAt = new Date(Date.now() + retryDelayMs(row.attempts, retryBaseMs)).toISOString();
      return { status: 'PENDING', nextAttemptAt, lastError };
    }
  }

  private async sendWithTimeout(sender: ErpSender, message: ErpOutboxMessage): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the ERP within ${this.sendTimeoutMs} ms`)),
        this.sendTimeoutMs,
      );
    });
    try {
      await Promise.race([Promise.resolve().then(() => sender.send(message)), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function toMessage(row: ErpOutboxRow): ErpOutboxMessage {
  const { id, kind, documentType, documentCode, payload, attempts } = toErpOutboxEntry(row);
  return {
    id,
    kind,
    documentType,
    documentCode,
    payload,
    attempt: attempts,
    idempotencyKey: outboxIdempotencyKey(kind, documentType, documentCode),
  };
}
