import { randomUUID } from 'node:crypto';
import type { ImportCommitMode, ImportKind, ImportSession } from '@wms/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { AppError, conflict, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { importerOf, mappingOf, ownSession, runContextOf, sessionView, wireStatus } from './import-access.js';
import {
  changedResults,
  countsOf,
  groupsOf,
  judge,
  markRowsCommitted,
  storeResults,
  storeVerdicts,
  type RowCounts,
  type RowVerdict,
} from './import-checks.js';
import { judgeSessionRows, type JudgedChunk } from './import-judging.js';
import { importProgress, type ImportProgress } from './import-progress.js';
import * as repository from './import-sessions.repository.js';
import type { ImportSessionRecord } from './import-sessions.repository.js';
import {
  letOthersRun,
  rowError,
  type ImportCreated,
  type Importer,
  type ImportRunContext,
  type SourceRow,
} from './importer.js';

/**
 * The commit of an import session (PROCESSES.md 7; Decision 0176). The session id is the
 * idempotency key: a COMMITTED session answers its stored result; the commit claims the session
 * with one conditional update (VALIDATED -> COMMITTING, a claim token), so of two commits at once
 * one runs and the other answers its outcome (in this process it awaits the same promise; from
 * another instance it waits for the result). A claim whose holder stopped renewing it (a crash)
 * is taken over after claimLeaseMs; each group's rows are marked committed inside the group's
 * transaction, so a taken-over or retried commit never writes a group twice.
 *
 * ALL_OR_NOTHING: one transaction: the importer's check over every row (a chunk at a time for a
 * chunked importer, each chunk committed while no ERROR was found); any ERROR rolls it all back
 * (422 importHasErrors {errors}, the fresh verdicts stored, VALIDATED again); else every group is
 * committed in file order and the session becomes COMMITTED in the same transaction.
 * VALID_ROWS_ONLY: the check over every row (or chunk) says which groups are clean (a group with
 * an ERROR row is skipped whole); clean groups are committed in batches of about batchRows rows,
 * one transaction per batch with a savepoint per group: the batch's rows are checked again inside
 * it and each group commits, or is skipped, on its own.
 */

const claimLeaseMs = 5 * 60_000;
const claimRenewMs = 30_000;
const waitForOtherMs = 30_000;
const batchRows = 500;
/** Inside a long transaction, the event loop gets a turn at least this often. */
const sliceMs = 20;

const inFlight = new Map<string, Promise<ImportSession>>();

class RowsHaveErrors extends Error {
  constructor(
    /** The verdicts that differ from the stored ones, to store once the transaction rolled back. */
    readonly changed: repository.StoredRowResult[],
    readonly counts: RowCounts,
  ) {
    super('rows have errors');
  }
}

class CommittedElsewhere extends Error {}

interface Commit {
  ctx: AppContext;
  importer: Importer;
  record: ImportSessionRecord;
  claim: string;
  run: ImportRunContext;
  progress: ImportProgress;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POST /{kind}/sessions/{id}/commit {mode}. */
export async function commitImportSession(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
  mode: ImportCommitMode,
): Promise<ImportSession> {
  const { importer } = await importerOf(ctx, principal, kind);
  const deadline = Date.now() + waitForOtherMs;
  for (;;) {
    const record = await ownSession(ctx, principal, kind, id);
    const status = wireStatus(record);
    if (record.status === 'COMMITTED') return sessionView(record);
    if (status === 'EXPIRED') throw unprocessable('importSessionExpired');
    if (status === 'FAILED') throw unprocessable('importSessionFailed');
    const running = inFlight.get(id);
    if (running) return running;
    const stale =
      record.status === 'COMMITTING' && (record.claimed_at ?? '') < new Date(Date.now() - claimLeaseMs).toISOString();
    if (record.status === 'COMMITTING' && !stale) {
      if (Date.now() > deadline) throw conflict('importCommitInProgress');
      await sleep(200);
      continue;
    }
    if (record.status !== 'VALIDATED' && record.status !== 'COMMITTING')
      throw unprocessable('importSessionNotValidated');
    const claim = randomUUID();
    const claimed = await repository.updateSession(
      ctx.db,
      id,
      record.version,
      { status: 'COMMITTING', claim, claimed_at: nowIso(), commit_mode: mode },
      ['VALIDATED', 'COMMITTING'],
    );
    if (!claimed) {
      if (Date.now() > deadline) throw conflict('importCommitInProgress');
      continue;
    }
    const promise = runCommit(ctx, principal, importer, { ...record, commit_mode: mode }, claim).finally(() =>
      inFlight.delete(id),
    );
    inFlight.set(id, promise);
    return promise;
  }
}

async function runCommit(
  ctx: AppContext,
  principal: Principal,
  importer: Importer,
  record: ImportSessionRecord,
  claim: string,
): Promise<ImportSession> {
  const renew = setInterval(() => {
    repository.touchClaim(ctx.db, record.id, claim, nowIso()).catch(() => undefined);
  }, claimRenewMs);
  renew.unref();
  const release = (changes: repository.ImportSessionChanges) =>
    repository.updateClaimed(ctx.db, record.id, claim, { claim: null, ...changes });
  const commit: Commit = {
    ctx,
    importer,
    record,
    claim,
    run: await runContextOf(ctx, principal, record.id),
    progress: importProgress(ctx, principal.userId, record.id, 'COMMIT', record.row_count),
  };
  try {
    const created =
      record.commit_mode === 'VALID_ROWS_ONLY' ? await commitValidRowsOnly(commit) : await commitAllOrNothing(commit);
    commit.progress.finish();
    await importer.afterCommit?.(ctx, created);
  } catch (error) {
    if (error instanceof RowsHaveErrors) {
      await storeResults(ctx.db, record.id, error.changed);
      await release({ status: 'VALIDATED', counts: JSON.stringify(error.counts) });
      throw unprocessable('importHasErrors', { errors: error.counts.error });
    }
    if (!(error instanceof CommittedElsewhere)) {
      if (error instanceof AppError && record.commit_mode !== 'VALID_ROWS_ONLY') {
        await release({ status: 'VALIDATED' });
        throw error;
      }
      const { committedRows } = await repository.committedOfSession(ctx.db, record.id);
      await release({
        status: 'FAILED',
        failure: JSON.stringify(
          error instanceof AppError ? { key: error.key, args: error.args } : { key: 'importSessionFailed', args: {} },
        ),
        result: JSON.stringify(await resultOf(ctx.db, record, committedRows)),
      });
      throw error;
    }
  } finally {
    clearInterval(renew);
  }
  return sessionView(await ownSession(ctx, principal, record.kind as ImportKind, record.id));
}

async function resultOf(db: DbOrTx, record: ImportSessionRecord, committedRows?: number) {
  const committed = await repository.committedOfSession(db, record.id);
  const created = committed.created.flatMap((text) => JSON.parse(text) as ImportCreated[]);
  const rows = committedRows ?? committed.committedRows;
  return { created, committedRows: rows, skippedRows: record.row_count - rows };
}

/**
 * Commits each group in turn, letting the event loop turn every sliceMs; answers what the groups
 * created. `progress` is told `done` + the rows committed so far.
 */
async function commitGroups(commit: Commit, tx: Tx, groups: RowVerdict[][], progress?: ImportProgress, done = 0) {
  const created: { rowNumber: number; created: ImportCreated[] }[] = [];
  let sliceStart = Date.now();
  for (const group of groups) {
    const groupCreated = await commit.importer.commit(tx, group, commit.run);
    // What a group wrote is not needed again: its rows keep only their verdicts (issue 17).
    for (const verdict of group) verdict.prepared = undefined;
    if (groupCreated.length > 0) created.push({ rowNumber: group[0]!.rowNumber, created: groupCreated });
    done += group.length;
    progress?.step(done);
    if (Date.now() - sliceStart >= sliceMs) {
      await letOthersRun();
      sliceStart = Date.now();
    }
  }
  return created;
}

/**
 * One transaction over the file, a chunk at a time (the whole file for an importer that is not
 * chunked): each chunk is checked and, while no row so far has an ERROR, committed; an ERROR
 * anywhere rolls it all back once every row has its verdict (their counts are in the answer).
 */
async function commitAllOrNothing(commit: Commit): Promise<ImportCreated[]> {
  const { ctx, importer, record, run } = commit;
  const counts = countsOf([]);
  const changed: repository.StoredRowResult[] = [];
  const written: { rowNumber: number; created: ImportCreated[] }[] = [];
  let done = 0;
  await ctx.db.transaction().execute(async (tx) => {
    await judgeSessionRows(tx, importer, record.id, mappingOf(record), run, async ({ verdicts }) => {
      countsOf(verdicts, counts);
      for (const result of await changedResults(tx, record.id, verdicts)) changed.push(result);
      if (counts.error === 0) {
        const rowNumbers = verdicts.map((verdict) => verdict.rowNumber);
        if ((await markRowsCommitted(tx, record.id, rowNumbers)) !== verdicts.length) throw new CommittedElsewhere();
        for (const group of await commitGroups(commit, tx, groupsOf(verdicts), commit.progress, done)) {
          written.push(group);
        }
      }
      done += verdicts.length;
    });
    if (counts.error > 0) throw new RowsHaveErrors(changed, counts);
    const created = written.flatMap((group) => group.created);
    const finished = await repository.updateClaimed(tx, record.id, commit.claim, {
      claim: null,
      status: 'COMMITTED',
      committed_at: nowIso(),
      counts: JSON.stringify(counts),
      result: JSON.stringify({ created, committedRows: done, skippedRows: 0 }),
    });
    if (!finished) throw new CommittedElsewhere();
  });
  await storeResults(ctx.db, record.id, changed);
  return written.flatMap((group) => group.created);
}

/**
 * A chunk at a time (the whole file for an importer that is not chunked): the chunk's verdicts
 * are stored and its clean groups committed in batches (commitBatch); a group with an ERROR row
 * is skipped whole.
 */
async function commitValidRowsOnly(commit: Commit): Promise<ImportCreated[]> {
  const { ctx, importer, record, run, progress } = commit;
  const created: ImportCreated[] = [];
  let done = 0;
  const commitChunk = async ({ source, verdicts, facts }: JudgedChunk) => {
    await storeVerdicts(ctx.db, record.id, verdicts, { changedOnly: true });
    const sourceOf = new Map(source.map((row) => [row.rowNumber, row]));
    const groups = groupsOf(verdicts);
    for (let at = 0; at < groups.length;) {
      const batch: RowVerdict[][] = [];
      let size = 0;
      for (; at < groups.length && size < batchRows; at++) {
        const group = groups[at]!;
        done += group.length;
        if (group.some((verdict) => verdict.status === 'ERROR')) continue;
        batch.push(group);
        size += group.length;
      }
      if (batch.length > 0) created.push(...(await commitBatch(commit, batch.flat(), sourceOf, facts)));
      progress.step(done);
      await letOthersRun();
    }
  };
  await judgeSessionRows(ctx.db, importer, record.id, mappingOf(record), run, commitChunk, { uncommittedOnly: true });
  const result = await resultOf(ctx.db, record);
  const finished = await repository.updateClaimed(ctx.db, record.id, commit.claim, {
    claim: null,
    status: 'COMMITTED',
    committed_at: nowIso(),
    counts: JSON.stringify(await repository.countsByStatus(ctx.db, record.id)),
    result: JSON.stringify(result),
  });
  if (!finished) throw new CommittedElsewhere();
  return created;
}

/** One transaction: the batch's rows checked again, then each clean group in its own savepoint. */
async function commitBatch(
  commit: Commit,
  batch: RowVerdict[],
  sourceOf: ReadonlyMap<number, SourceRow>,
  facts: unknown,
): Promise<ImportCreated[]> {
  const { ctx, importer, record, run } = commit;
  const refused: RowVerdict[] = [];
  const created = await ctx.db.transaction().execute(async (tx) => {
    const source = batch.map((verdict) => sourceOf.get(verdict.rowNumber)!);
    const written: { rowNumber: number; created: ImportCreated[] }[] = [];
    for (const group of groupsOf(judge(source, await importer.check(tx, source, run, facts)))) {
      if (group.some((verdict) => verdict.status === 'ERROR')) {
        refused.push(...group);
        continue;
      }
      await sql`savepoint import_group`.execute(tx);
      try {
        const rowNumbers = group.map((verdict) => verdict.rowNumber);
        if ((await markRowsCommitted(tx, record.id, rowNumbers)) === group.length) {
          written.push(...(await commitGroups(commit, tx, [group])));
          await sql`release savepoint import_group`.execute(tx);
        } else {
          await sql`rollback to savepoint import_group`.execute(tx);
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await sql`rollback to savepoint import_group`.execute(tx);
        const message = rowError(null, error.key, error.args);
        refused.push(...group.map((verdict) => ({ ...verdict, status: 'ERROR' as const, messages: [message] })));
      }
    }
    await repository.storeCreated(tx, record.id, written);
    return written.flatMap((group) => group.created);
  });
  await storeVerdicts(ctx.db, record.id, refused);
  return created;
}
