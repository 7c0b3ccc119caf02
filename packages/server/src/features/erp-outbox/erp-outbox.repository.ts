import type { ErpOutboxStatus } from '@wms/contract';
import type { ExpressionBuilder } from 'kysely';
import type { DbOrTx, Dialect } from '../../db/database.js';
import type { Database, ErpOutboxRow } from '../../db/schema.js';

export interface NewOutboxRow {
  kind: string;
  documentType: string;
  documentCode: string;
  payload: string;
  at: string;
}

/** Inserts the row unless its (kind, document type, code) is queued already; the new id, or undefined. */
export async function insertOutboxRow(tx: DbOrTx, row: NewOutboxRow): Promise<number | undefined> {
  const inserted = await tx
    .insertInto('erp_outbox')
    .values({
      kind: row.kind,
      document_type: row.documentType,
      document_code: row.documentCode,
      payload: row.payload,
      status: 'PENDING' satisfies ErpOutboxStatus,
      attempts: 0,
      next_attempt_at: row.at,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['kind', 'document_type', 'document_code']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/** Due at `now`: PENDING whose next attempt has come, or SENDING whose lease has ended. */
const dueAt = (now: string) => (eb: ExpressionBuilder<Database, 'erp_outbox'>) =>
  eb.or([
    eb.and([eb('status', '=', 'PENDING'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'SENDING'), eb('lease_until', '<=', now)]),
  ]);

/**
 * Claims the next due row for `owner` until `leaseUntil` and counts the attempt, in one
 * statement, so of several instances exactly one gets each row. On PostgreSQL the row is picked
 * with FOR UPDATE SKIP LOCKED: an instance passes over a row another is claiming right now (and
 * re-checks a row changed since its snapshot), so concurrent instances take different rows. On
 * SQLite the statement runs alone. The outer condition repeats the due test either way.
 */
export function claimNextDue(
  db: DbOrTx,
  dialect: Dialect,
  claim: { owner: string; now: string; leaseUntil: string },
): Promise<ErpOutboxRow | undefined> {
  let next = db
    .selectFrom('erp_outbox')
    .select('id')
    .where(dueAt(claim.now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1);
  if (dialect === 'postgres') next = next.forUpdate().skipLocked();
  return db
    .updateTable('erp_outbox')
    .set((eb) => ({
      status: 'SENDING' satisfies ErpOutboxStatus,
      lease_owner: claim.owner,
      lease_until: claim.leaseUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', next)
    .where(dueAt(claim.now))
    .returningAll()
    .executeTakeFirst();
}

/** What a finished attempt writes. */
export type AttemptOutcome =
  { status: 'DONE'; at: string } | { status: 'PENDING' | 'DEAD'; nextAttemptAt: string; lastError: string };

/**
 * Writes the outcome of an attempt, if `owner` still holds the row (a row whose lease ended and
 * that another instance took over is that instance's now); true when written.
 */
export async function finishAttempt(db: DbOrTx, id: number, owner: string, outcome: AttemptOutcome) {
  const values =
    outcome.status === 'DONE'
      ? { status: outcome.status, done_at: outcome.at, lease_until: null }
      : {
          status: outcome.status,
          next_attempt_at: outcome.nextAttemptAt,
          last_error: outcome.lastError,
          lease_until: null,
        };
  const result = await db
    .updateTable('erp_outbox')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'SENDING')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The rows of one status, or every row not DONE; newest first. */
export function listOutboxRows(db: DbOrTx, status: ErpOutboxStatus | undefined, limit: number) {
  let query = db.selectFrom('erp_outbox').selectAll();
  query = status ? query.where('status', '=', status) : query.where('status', '<>', 'DONE');
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function countOutboxRowsByStatus(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('erp_outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

export function findOutboxRow(db: DbOrTx, id: number): Promise<ErpOutboxRow | undefined> {
  return db.selectFrom('erp_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** DEAD -> PENDING, due now, attempts from 0; true when the row was DEAD. */
export async function retryDeadRow(db: DbOrTx, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('erp_outbox')
    .set({ status: 'PENDING' satisfies ErpOutboxStatus, attempts: 0, next_attempt_at: at, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'DEAD')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
