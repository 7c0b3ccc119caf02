import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { headerNames } from '@wms/contract';
import { runCompiled, sendCompiled } from '../db/compiled-query.js';
import type { Db, Tx } from '../db/database.js';
import type { GroupCommit } from '../db/group-commit.js';
import { nowIso } from '../util/time.js';
import { AppError, badRequest } from './app-error.js';

export interface IdempotentResult<T> {
  status: number;
  body: T;
  /** True when this answer is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** The Idempotency-Key header: 8 to 128 visible characters, made by the client per attempt. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[headerNames.idempotencyKey];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{8,128}$/.test(value)) {
    throw badRequest('invalidInput', { fields: [{ field: 'headers.idempotency-key', message: '8-128 characters' }] });
  }
  return value;
}

export function hashRequest(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');
}

/**
 * Runs a write once per idempotency key. The key is claimed by inserting its row inside the
 * same transaction as the work, so a retry (or a concurrent duplicate, which waits for the
 * first to commit) gets the first answer and changes nothing. A failed attempt rolls back its
 * claim, so it can be retried. The same key with a different request body is refused.
 * Without a key the work simply runs in a transaction. With groupCommit (SQLite) the transaction
 * is a savepoint in a batch that commits once for many requests (db/group-commit.ts).
 */
export async function runIdempotent<T>(
  db: Db,
  options: {
    scope: string;
    key: string | undefined;
    userId: number | null;
    request: unknown;
    status?: number;
    groupCommit?: GroupCommit;
  },
  work: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const status = options.status ?? 200;
  const { key, groupCommit } = options;
  const transaction = <R>(run: (tx: Tx) => Promise<R>): Promise<R> =>
    groupCommit ? groupCommit.run(run) : db.transaction().execute(run);
  if (key === undefined) {
    const body = await transaction(work);
    return { status, body, replayed: false };
  }
  const requestHash = hashRequest(options.request);
  return transaction(async (tx) => {
    const { rows: claimed } = await runCompiled(
      tx,
      'idempotency.claim',
      (slot) =>
        tx
          .insertInto('idempotency_record')
          .values({
            scope: slot(0),
            idempotency_key: slot(1),
            user_id: slot(2),
            request_hash: slot(3),
            status_code: 0,
            response: '',
            created_at: slot(4),
          })
          .onConflict((oc) => oc.columns(['scope', 'idempotency_key']).doNothing())
          .returning('scope'),
      [options.scope, key, options.userId, requestHash, nowIso()],
    );
    if (claimed.length === 0) {
      const stored = await tx
        .selectFrom('idempotency_record')
        .selectAll()
        .where('scope', '=', options.scope)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      if (stored.request_hash !== requestHash || stored.user_id !== options.userId) {
        throw new AppError(422, 'idempotencyKeyConflict', { key });
      }
      return { status: stored.status_code, body: JSON.parse(stored.response) as T, replayed: true };
    }
    const body = await work(tx);
    // On PostgreSQL this goes out with the COMMIT (sendCompiled).
    await sendCompiled(
      tx,
      'idempotency.answer',
      (slot) =>
        tx
          .updateTable('idempotency_record')
          .set({ status_code: slot(0), response: slot(1) })
          .where('scope', '=', slot(2))
          .where('idempotency_key', '=', slot(3)),
      [status, JSON.stringify(body ?? null), options.scope, key],
    );
    return { status, body, replayed: false };
  });
}
