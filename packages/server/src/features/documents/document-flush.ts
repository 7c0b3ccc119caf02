import { CompiledQuery } from 'kysely';
import type { FlushAnswer, FlushLineResult } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { executeCompiled } from '../../db/compiled-query.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

/**
 * Flush: saved work made final, line by line, so one line that breaks a rule does not hold back
 * the others. Each line's work runs on its own and is either written whole or not at all:
 *
 * - given the database (not a transaction), each line in its own transaction (work time flush);
 * - given a transaction, each line in its own savepoint of it, so the whole flush commits once
 *   (with, say, its ERP outbox row and the document's status) and a failed line leaves nothing.
 *
 * A line's refusal is an AppError below 500 (a rule's 4xx: 422 notEnoughAvailableStock, 412, ...):
 * its work is rolled back and it is answered with {key, args}. Anything else (a database failure,
 * a bug) is thrown on, and with a transaction the caller's transaction fails whole.
 */
export type FlushLineWork = (tx: Tx) => Promise<void>;

const savepoint = CompiledQuery.raw('savepoint flush_line');
const rollbackToSavepoint = CompiledQuery.raw('rollback to savepoint flush_line');
const releaseSavepoint = CompiledQuery.raw('release savepoint flush_line');

const isRefusal = (error: unknown): error is AppError => error instanceof AppError && error.status < 500;

/**
 * Runs one line's work on its own (a transaction of its own, or a savepoint of the transaction
 * given). Answers null when it was written, or the refusal it was rolled back for.
 */
export async function flushLine(db: DbOrTx, work: FlushLineWork): Promise<AppError | null> {
  if (!db.isTransaction) {
    try {
      await db.transaction().execute(work);
      return null;
    } catch (error) {
      if (isRefusal(error)) return error;
      throw error;
    }
  }
  const tx = db as Tx;
  await executeCompiled(tx, savepoint);
  try {
    await work(tx);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await executeCompiled(tx, rollbackToSavepoint);
    await executeCompiled(tx, releaseSavepoint);
    return error;
  }
  await executeCompiled(tx, releaseSavepoint);
  return null;
}

/**
 * Flushes the lines in order (see the notes above) and answers every line's outcome; `key` is
 * operationCompletedWithErrors when some line failed. `line` names a line in the answer (its line
 * number, or the entry id).
 */
export async function flushLines<L>(
  ctx: Pick<AppContext, 'messageFor'>,
  db: DbOrTx,
  lines: readonly L[],
  line: (item: L) => number,
  work: (tx: Tx, item: L) => Promise<void>,
): Promise<FlushAnswer> {
  const results: FlushLineResult[] = [];
  for (const item of lines) {
    const refusal = await flushLine(db, (tx) => work(tx, item));
    if (refusal === null) {
      results.push({ line: line(item), outcome: 'FLUSHED' });
      continue;
    }
    const { key, args } = refusal;
    results.push({ line: line(item), outcome: 'FAILED', error: { key, args, message: ctx.messageFor(key, args) } });
  }
  const failed = results.some((result) => result.outcome === 'FAILED');
  return { key: failed ? 'operationCompletedWithErrors' : null, lines: results };
}
