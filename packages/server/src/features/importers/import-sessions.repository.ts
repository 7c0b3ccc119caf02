import type { Insertable, Selectable, Updateable } from 'kysely';
import { insertRows as insertValues, sendCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import type { ImportSessionTable } from '../../db/schema.js';

export type ImportSessionRecord = Selectable<ImportSessionTable>;
export type ImportSessionChanges = Updateable<ImportSessionTable>;

/** Rows per multi-row statement (6 values each: far below either database's parameter limit). */
export const rowChunkSize = 500;

export function insertSession(db: DbOrTx, session: Insertable<ImportSessionTable>) {
  return db.insertInto('import_session').values(session).execute();
}

export function findSession(db: DbOrTx, id: string): Promise<ImportSessionRecord | undefined> {
  return db.selectFrom('import_session').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's sessions of a kind, newest first (READING ones are not sessions yet). */
export function listSessions(db: DbOrTx, userId: number, kind: string, limit: number) {
  return db
    .selectFrom('import_session')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('status', '!=', 'READING')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The user's sessions that still hold rows, newest first, after the `keep` newest (at most `limit`). */
export function sessionsOfUserBeyond(db: DbOrTx, userId: number, keep: number, limit: number) {
  return db
    .selectFrom('import_session')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'not in', ['EXPIRED', 'READING', 'COMMITTING'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(keep)
    .limit(limit)
    .execute();
}

/** Changes the session when it still has `version` (and one of `statuses`, when given); answers whether it did. */
export async function updateSession(
  db: DbOrTx,
  id: string,
  version: number,
  changes: ImportSessionChanges,
  statuses?: readonly string[],
): Promise<boolean> {
  let query = db
    .updateTable('import_session')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version);
  if (statuses) query = query.where('status', 'in', statuses);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes a session the commit with this claim holds (still COMMITTING); answers whether it did. */
export async function updateClaimed(
  db: DbOrTx,
  id: string,
  claim: string,
  changes: ImportSessionChanges,
): Promise<boolean> {
  const result = await db
    .updateTable('import_session')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'COMMITTING')
    .where('claim', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps a running commit's claim fresh (claimed_at), so no one takes it over. */
export function touchClaim(db: DbOrTx, id: string, claim: string, now: string) {
  return db
    .updateTable('import_session')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('claim', '=', claim)
    .execute();
}

/** How many of the session's rows have each status. */
export async function countsByStatus(db: DbOrTx, sessionId: string) {
  const rows = await db
    .selectFrom('import_session_row')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('session_id', '=', sessionId)
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { valid: count('VALID'), warning: count('WARNING'), error: count('ERROR') };
}

export function deleteSession(db: DbOrTx, id: string) {
  return db.deleteFrom('import_session').where('id', '=', id).execute();
}

/**
 * Stores file rows, a multi-row insert per chunk, compiled once per chunk size (the 20,000
 * statements of a large import cost no query building; docs/database-layer.md).
 */
export async function insertRows(
  db: DbOrTx,
  sessionId: string,
  rows: readonly { rowNumber: number; cells: readonly string[] }[],
) {
  for (let at = 0; at < rows.length; at += rowChunkSize) {
    const chunk = rows.slice(at, at + rowChunkSize);
    const values = insertValues(
      chunk.map((row) => ({ session_id: sessionId, row_number: row.rowNumber, cells: JSON.stringify(row.cells) })),
    );
    await sendCompiled(
      db,
      `imports.insertRows:${chunk.length}`,
      (slot) => db.insertInto('import_session_row').values(values.slots(slot)),
      values.args,
    );
  }
}

/** A chunk of the session's rows after `afterRowNumber`, in file order. */
export function rowsAfter(db: DbOrTx, sessionId: string, afterRowNumber: number, limit: number) {
  return db
    .selectFrom('import_session_row')
    .select(['row_number', 'cells', 'committed'])
    .where('session_id', '=', sessionId)
    .where('row_number', '>', afterRowNumber)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

export interface StoredRowResult {
  row_number: number;
  status: string | null;
  group_key: string | null;
  messages: string;
}

/** Stores check results on existing rows (an upsert by key: one compiled statement per chunk on both databases). */
export async function storeRowResults(db: DbOrTx, sessionId: string, results: readonly StoredRowResult[]) {
  if (results.length === 0) return;
  const values = insertValues(
    results.map((result) => ({
      session_id: sessionId,
      row_number: result.row_number,
      cells: '[]',
      status: result.status,
      group_key: result.group_key,
      messages: result.messages,
    })),
  );
  await sendCompiled(
    db,
    `imports.storeRowResults:${results.length}`,
    (slot) =>
      db
        .insertInto('import_session_row')
        .values(values.slots(slot))
        .onConflict((conflict) =>
          conflict.columns(['session_id', 'row_number']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            group_key: eb.ref('excluded.group_key'),
            messages: eb.ref('excluded.messages'),
          })),
        ),
    values.args,
  );
}

export function clearRowResults(db: DbOrTx, sessionId: string) {
  return db
    .updateTable('import_session_row')
    .set({ status: null, group_key: null, messages: '[]' })
    .where('session_id', '=', sessionId)
    .execute();
}

export async function countRows(db: DbOrTx, sessionId: string, status?: string): Promise<number> {
  let query = db
    .selectFrom('import_session_row')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('session_id', '=', sessionId);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export function pageRows(db: DbOrTx, sessionId: string, status: string | undefined, offset: number, limit: number) {
  let query = db
    .selectFrom('import_session_row')
    .select(['row_number', 'cells', 'status', 'group_key', 'messages'])
    .where('session_id', '=', sessionId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('row_number').offset(offset).limit(limit).execute();
}

/** A chunk of rows with their verdicts after `afterRowNumber` (the report). */
export function reportRowsAfter(db: DbOrTx, sessionId: string, afterRowNumber: number, limit: number) {
  return db
    .selectFrom('import_session_row')
    .select(['row_number', 'cells', 'status', 'messages'])
    .where('session_id', '=', sessionId)
    .where('row_number', '>', afterRowNumber)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/**
 * Marks rows (at most rowChunkSize) as written by this commit; answers how many were not marked
 * before. Inside the group's transaction it is the claim of the group: on PostgreSQL a second
 * committer waits for the row locks and then finds them marked; on SQLite writers run one at a time.
 */
export async function markCommitted(tx: DbOrTx, sessionId: string, rowNumbers: readonly number[]): Promise<number> {
  const result = await tx
    .updateTable('import_session_row')
    .set({ committed: 1 })
    .where('session_id', '=', sessionId)
    .where('row_number', 'in', rowNumbers)
    .where('committed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The stored verdicts of the rows from `first` to `last` (a chunk of rows in file order). */
export function storedVerdicts(db: DbOrTx, sessionId: string, first: number, last: number) {
  return db
    .selectFrom('import_session_row')
    .select(['row_number', 'status', 'group_key', 'messages'])
    .where('session_id', '=', sessionId)
    .where('row_number', '>=', first)
    .where('row_number', '<=', last)
    .execute();
}

/** Stores what each committed group created on the group's first row (an upsert by key per chunk). */
export async function storeCreated(
  tx: DbOrTx,
  sessionId: string,
  groups: readonly { rowNumber: number; created: readonly unknown[] }[],
) {
  for (let at = 0; at < groups.length; at += rowChunkSize) {
    const chunk = groups.slice(at, at + rowChunkSize);
    const values = insertValues(
      chunk.map((group) => ({
        session_id: sessionId,
        row_number: group.rowNumber,
        cells: '[]',
        created: JSON.stringify(group.created),
      })),
    );
    await sendCompiled(
      tx,
      `imports.storeCreated:${chunk.length}`,
      (slot) =>
        tx
          .insertInto('import_session_row')
          .values(values.slots(slot))
          .onConflict((conflict) =>
            conflict
              .columns(['session_id', 'row_number'])
              .doUpdateSet((eb) => ({ created: eb.ref('excluded.created') })),
          ),
      values.args,
    );
  }
}

/** What the session's committed groups created, in file order, and how many rows were committed. */
export async function committedOfSession(db: DbOrTx, sessionId: string) {
  const created = await db
    .selectFrom('import_session_row')
    .select('created')
    .where('session_id', '=', sessionId)
    .where('created', 'is not', null)
    .orderBy('row_number')
    .execute();
  const committed = await db
    .selectFrom('import_session_row')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('session_id', '=', sessionId)
    .where('committed', '=', 1)
    .executeTakeFirstOrThrow();
  return { created: created.map((row) => row.created as string), committedRows: Number(committed.n) };
}

export function findRememberedMapping(db: DbOrTx, userId: number, kind: string) {
  return db
    .selectFrom('import_mapping_memory')
    .select('mapping')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function rememberMapping(db: DbOrTx, userId: number, kind: string, mapping: string, now: string) {
  return db
    .insertInto('import_mapping_memory')
    .values({ user_id: userId, kind, mapping, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ mapping, updated_at: now }))
    .execute();
}

/** Sessions whose time is up (or READING ones a crash left), oldest first, at most `limit`. */
export function sessionsToExpire(db: DbOrTx, now: string, readingBefore: string, limit: number) {
  return db
    .selectFrom('import_session')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('expires_at', '<=', now), eb('status', '!=', 'EXPIRED')]),
        eb.and([eb('status', '=', 'READING'), eb('created_at', '<', readingBefore)]),
      ]),
    )
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export function deleteRowsOf(db: DbOrTx, sessionId: string) {
  return db.deleteFrom('import_session_row').where('session_id', '=', sessionId).execute();
}

export function markExpired(db: DbOrTx, id: string) {
  return db
    .updateTable('import_session')
    .set((eb) => ({ status: 'EXPIRED', claim: null, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Expired sessions kept for a while as headers (what was imported) and then removed. */
export function deleteExpiredBefore(db: DbOrTx, before: string) {
  return db
    .deleteFrom('import_session')
    .where('status', '=', 'EXPIRED')
    .where('expires_at', '<', before)
    .executeTakeFirst();
}
