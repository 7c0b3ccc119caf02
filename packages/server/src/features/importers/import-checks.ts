import type { ImportColumn, ImportMapping, ImportMessage, ImportRowStatus } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { letOthersRun, rowWarning, type CheckedRow, type SourceRow } from './importer.js';
import { mappedColumns, rowValues } from './import-mapping.js';
import type { ImportProgress } from './import-progress.js';
import {
  markCommitted,
  rowsAfter,
  rowChunkSize,
  storedVerdicts,
  storeRowResults,
  type StoredRowResult,
} from './import-sessions.repository.js';

/** A row's verdict: the importer's CheckedRow with its status, and the framework's own messages. */
export interface RowVerdict extends CheckedRow {
  status: ImportRowStatus;
}

const readChunk = 2000;

/**
 * The session's rows as the importer sees them (cell text per mapped column), in file order, a
 * chunk of row numbers [k x chunkRows, (k + 1) x chunkRows) at a time (chunkRows Infinity: the
 * whole file as one chunk), read back in pieces with a turn for others between them.
 * `uncommittedOnly`: without the rows a commit already wrote (a retried commit).
 */
export async function* sourceChunks(
  db: DbOrTx,
  sessionId: string,
  columns: readonly ImportColumn[],
  mapping: ImportMapping,
  chunkRows: number,
  options: { uncommittedOnly?: boolean } = {},
): AsyncGenerator<SourceRow[]> {
  const mapped = mappedColumns(columns, mapping);
  let rows: SourceRow[] = [];
  let chunkIndex = 0;
  let after = 0;
  for (;;) {
    const piece = await rowsAfter(db, sessionId, after, readChunk);
    for (const row of piece) {
      if (options.uncommittedOnly && row.committed === 1) continue;
      const index = Math.floor(row.row_number / chunkRows);
      if (index !== chunkIndex && rows.length > 0) {
        yield rows;
        rows = [];
      }
      chunkIndex = index;
      rows.push({ rowNumber: row.row_number, values: rowValues(mapped, JSON.parse(row.cells) as string[]) });
    }
    if (piece.length < readChunk) break;
    after = piece[piece.length - 1]!.row_number;
    await letOthersRun();
  }
  if (rows.length > 0) yield rows;
}

const statusOf = (messages: readonly ImportMessage[]): ImportRowStatus =>
  messages.some((m) => m.severity === 'ERROR') ? 'ERROR' : messages.length > 0 ? 'WARNING' : 'VALID';

/**
 * The verdict of every row, in the order of `rows`, from the importer's answer (its CheckedRow
 * objects become the verdicts: 100,000 rows are not copied). A row of a group that has an ERROR
 * row gets the WARNING importGroupHasErrors {rows} (a valid-rows-only commit skips the whole
 * group). An importer that leaves a row out is a programming error.
 */
export function judge(rows: readonly SourceRow[], checked: readonly CheckedRow[]): RowVerdict[] {
  const inOrder = checked.length === rows.length && rows.every((row, i) => checked[i]!.rowNumber === row.rowNumber);
  const byRow = inOrder ? undefined : new Map(checked.map((row) => [row.rowNumber, row]));
  const verdicts = rows.map((row, i): RowVerdict => {
    const answer = byRow ? byRow.get(row.rowNumber) : checked[i];
    if (!answer) throw new Error(`the importer did not check row ${row.rowNumber}`);
    const verdict = answer as RowVerdict;
    verdict.status = statusOf(answer.messages);
    return verdict;
  });
  const failedRows = new Map<string, number[]>();
  for (const verdict of verdicts) {
    if (verdict.group !== null && verdict.status === 'ERROR') {
      const list = failedRows.get(verdict.group);
      if (list) list.push(verdict.rowNumber);
      else failedRows.set(verdict.group, [verdict.rowNumber]);
    }
  }
  if (failedRows.size === 0) return verdicts;
  for (const verdict of verdicts) {
    const failed = verdict.group === null ? undefined : failedRows.get(verdict.group);
    if (!failed || verdict.status === 'ERROR') continue;
    verdict.messages = [
      ...verdict.messages,
      rowWarning(null, 'importGroupHasErrors', { rows: failed.slice(0, 10).join(', ') }),
    ];
    verdict.status = 'WARNING';
  }
  return verdicts;
}

export type RowCounts = { valid: number; warning: number; error: number };

/** The verdicts' counts by status, added to `counts` when given (a file judged a chunk at a time). */
export function countsOf(verdicts: readonly RowVerdict[], counts: RowCounts = { valid: 0, warning: 0, error: 0 }) {
  for (const verdict of verdicts) {
    if (verdict.status === 'ERROR') counts.error++;
    else if (verdict.status === 'WARNING') counts.warning++;
    else counts.valid++;
  }
  return counts;
}

/** The rows by group: a null group is a row of its own; groups in the order of their first row. */
export function groupsOf<T extends { group: string | null }>(rows: readonly T[]): T[][] {
  const groups: T[][] = [];
  const byKey = new Map<string, T[]>();
  for (const row of rows) {
    if (row.group === null) {
      groups.push([row]);
      continue;
    }
    let group = byKey.get(row.group);
    if (!group) {
      group = [];
      byKey.set(row.group, group);
      groups.push(group);
    }
    group.push(row);
  }
  return groups;
}

const resultOf = (verdict: RowVerdict): StoredRowResult => ({
  row_number: verdict.rowNumber,
  status: verdict.status,
  group_key: verdict.group,
  messages: JSON.stringify(verdict.messages),
});

/**
 * The verdicts as stored rows, without those stored already as they are (a chunk's stored
 * verdicts are read by row-number range; reading is far cheaper than writing, and a commit's
 * check mostly agrees with the dry run's). The verdicts must be in row order (they mostly are
 * already: a copy is sorted only when they are not).
 */
export async function changedResults(
  db: DbOrTx,
  sessionId: string,
  verdicts: readonly RowVerdict[],
): Promise<StoredRowResult[]> {
  const inOrder = verdicts.every((row, i) => i === 0 || verdicts[i - 1]!.rowNumber < row.rowNumber);
  const sorted = inOrder ? verdicts : [...verdicts].sort((a, b) => a.rowNumber - b.rowNumber);
  const changed: StoredRowResult[] = [];
  for (let at = 0; at < sorted.length; at += rowChunkSize) {
    const chunk = sorted.slice(at, at + rowChunkSize).map(resultOf);
    const stored = new Map(
      (await storedVerdicts(db, sessionId, chunk[0]!.row_number, chunk[chunk.length - 1]!.row_number)).map((row) => [
        row.row_number,
        row,
      ]),
    );
    for (const row of chunk) {
      const before = stored.get(row.row_number);
      if (
        !before ||
        before.status !== row.status ||
        before.group_key !== row.group_key ||
        before.messages !== row.messages
      ) {
        changed.push(row);
      }
    }
    if (sorted.length > rowChunkSize) await letOthersRun();
  }
  return changed;
}

/**
 * Stores rows' verdicts, a chunk per statement, letting others run between; `progress` is told
 * `done` + the rows stored so far (a file judged a chunk at a time counts on).
 */
export async function storeResults(
  db: DbOrTx,
  sessionId: string,
  results: readonly StoredRowResult[],
  options: { progress?: ImportProgress; done?: number } = {},
): Promise<void> {
  for (let at = 0; at < results.length; at += rowChunkSize) {
    await storeRowResults(db, sessionId, results.slice(at, at + rowChunkSize));
    options.progress?.step((options.done ?? 0) + Math.min(at + rowChunkSize, results.length));
    await letOthersRun();
  }
}

/** Stores the verdicts on the session's rows (storeResults); `changedOnly`: those that differ (changedResults). */
export async function storeVerdicts(
  db: DbOrTx,
  sessionId: string,
  verdicts: readonly RowVerdict[],
  options: { progress?: ImportProgress; done?: number; changedOnly?: boolean } = {},
): Promise<void> {
  const results = options.changedOnly ? await changedResults(db, sessionId, verdicts) : verdicts.map(resultOf);
  await storeResults(db, sessionId, results, options);
}

/**
 * Marks the rows as written by this commit, a chunk per statement (letting others run between);
 * answers how many were not marked before (repository markCommitted).
 */
export async function markRowsCommitted(tx: DbOrTx, sessionId: string, rowNumbers: readonly number[]) {
  let marked = 0;
  for (let at = 0; at < rowNumbers.length; at += rowChunkSize) {
    marked += await markCommitted(tx, sessionId, rowNumbers.slice(at, at + rowChunkSize));
    if (rowNumbers.length > rowChunkSize) await letOthersRun();
  }
  return marked;
}
