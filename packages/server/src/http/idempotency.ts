import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { headerNames } from '@wms/contract';
import { isSqlite, runCompiled, sendCompiled, type Slot } from '../db/compiled-query.js';
import type { Db, Tx } from '../db/database.js';
import { writeTransaction, type GroupCommit } from '../db/group-commit.js';
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

/** What identifies a request's idempotency record, and what must match for a replay. */
interface RecordKey {
  scope: string;
  key: string;
  userId: number | null;
  requestHash: string;
}

/**
 * The stored answer of an earlier request with this key (undefined when there is none); 422
 * idempotencyKeyConflict when that request had another body or another user.
 */
async function storedAnswer<T>(db: Db, record: RecordKey): Promise<IdempotentResult<T> | undefined> {
  const stored = await db
    .selectFrom('idempotency_record')
    .selectAll()
    .where('scope', '=', record.scope)
    .where('idempotency_key', '=', record.key)
    .executeTakeFirst();
  if (!stored) return undefined;
  if (stored.request_hash !== record.requestHash || stored.user_id !== record.userId) {
    throw new AppError(422, 'idempotencyKeyConflict', { key: record.key });
  }
  return { status: stored.status_code, body: JSON.parse(stored.response) as T, replayed: true };
}

/**
 * The stored answer of an earlier request with this scope, key, user and body, read before the
 * work's transaction (undefined when there is none; 422 idempotencyKeyConflict as runIdempotent).
 * For a request that does a check of its own first which a replay must not repeat (a manager
 * approval counted like a sign-in); runIdempotent still decides a concurrent duplicate.
 */
export function findStoredAnswer<T>(
  db: Db,
  options: { scope: string; key: string; userId: number | null; request: unknown },
): Promise<IdempotentResult<T> | undefined> {
  return storedAnswer<T>(db, {
    scope: options.scope,
    key: options.key,
    userId: options.userId,
    requestHash: hashRequest(options.request),
  });
}

/** Stores the answer in the claimed record (on PostgreSQL it goes out with the COMMIT: sendCompiled). */
async function answer<T>(tx: Tx, record: RecordKey, status: number, body: T): Promise<IdempotentResult<T>> {
  await sendCompiled(
    tx,
    'idempotency.answer',
    (slot) =>
      tx
        .updateTable('idempotency_record')
        .set({ status_code: slot(0), response: slot(1) })
        .where('scope', '=', slot(2))
        .where('idempotency_key', '=', slot(3)),
    [status, JSON.stringify(body ?? null), record.scope, record.key],
  );
  return { status, body, replayed: false };
}

/** The unique violation of a claim whose key another request holds (pipelinedClaim). */
function claimTaken(error: unknown): boolean {
  const { code, table } = (error ?? {}) as { code?: unknown; table?: unknown };
  return code === '23505' && table === 'idempotency_record';
}

/**
 * Runs a write once per idempotency key. The key is claimed by inserting its row inside the
 * same transaction as the work, so a retry (or a concurrent duplicate, which waits for the
 * first to commit) gets the first answer and changes nothing. A failed attempt rolls back its
 * claim, so it can be retried. The same key with a different request body is refused.
 * Without a key the work simply runs in a transaction. With groupCommit (SQLite) the transaction
 * is a savepoint in a batch that commits once for many requests (db/group-commit.ts).
 *
 * pipelinedClaim (PostgreSQL without group commit): the claim is a plain insert written with the
 * work's first statement, one round trip fewer (db/pg-pool.ts). When another request holds the
 * key, that insert fails, the work's first statement throws its error, the transaction rolls back,
 * and the stored answer is read afterwards. Only for work that lets database errors through (a
 * work that turned a unique violation into its own answer would hide the claim's).
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
    pipelinedClaim?: boolean;
  },
  work: (tx: Tx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const status = options.status ?? 200;
  const { key, groupCommit } = options;
  const transaction = <R>(run: (tx: Tx) => Promise<R>): Promise<R> => writeTransaction({ db, groupCommit }, run);
  if (key === undefined) {
    const body = await transaction(work);
    return { status, body, replayed: false };
  }
  const record: RecordKey = {
    scope: options.scope,
    key,
    userId: options.userId,
    requestHash: hashRequest(options.request),
  };
  const claimValues = [record.scope, key, record.userId, record.requestHash, nowIso()];
  const claimRow = (tx: Tx, slot: Slot) =>
    tx.insertInto('idempotency_record').values({
      scope: slot(0),
      idempotency_key: slot(1),
      user_id: slot(2),
      request_hash: slot(3),
      status_code: 0,
      response: '',
      created_at: slot(4),
    });
  if (options.pipelinedClaim && !groupCommit && !isSqlite(db)) {
    try {
      return await db.transaction().execute(async (tx) => {
        await sendCompiled(tx, 'idempotency.claimOrFail', (slot) => claimRow(tx, slot), claimValues);
        return answer(tx, record, status, await work(tx));
      });
    } catch (error) {
      if (!claimTaken(error)) throw error;
      const stored = await storedAnswer<T>(db, record);
      if (stored) return stored;
      // The record that held the key is gone again: claim it the usual way.
    }
  }
  return transaction(async (tx) => {
    const { rows: claimed } = await runCompiled(
      tx,
      'idempotency.claim',
      (slot) =>
        claimRow(tx, slot)
          .onConflict((oc) => oc.columns(['scope', 'idempotency_key']).doNothing())
          .returning('scope'),
      claimValues,
    );
    if (claimed.length === 0) {
      const stored = await storedAnswer<T>(tx, record);
      if (!stored) throw new Error(`idempotency record ${record.scope}/${key} vanished while claimed`);
      return stored;
    }
    return answer(tx, record, status, await work(tx));
  });
}
