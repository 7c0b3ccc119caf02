import type { ImportColumn, ImportKind, ImportMessage, Language } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';

/**
 * What an importer is (PROCESSES.md 7; docs/decisions/0176-import-framework.md). The framework
 * (import-sessions.service.ts) reads the file, maps the columns and hands each importer its rows as
 * text; the importer checks them and writes them. The framework owns sessions, limits, progress,
 * reports, commit modes and idempotency; the importer owns the meaning of its columns.
 *
 * The one rule: `check` is the only place a row is judged. The dry run runs it on the database; the
 * commit runs it again inside the commit's transaction and writes only what it prepared. So the
 * commit never writes what the dry run would refuse, and a change between the dry run and the
 * commit (an item deactivated meanwhile) is caught.
 */

/**
 * One data row of the file: cell text per mapped importer column ('' when empty); an unmapped
 * column is absent, so read a cell as `values[name] ?? ''`.
 */
export interface SourceRow {
  /** The row's number in the file (the header is row 1). */
  rowNumber: number;
  values: Readonly<Record<string, string>>;
}

export interface CheckedRow<P = unknown> {
  rowNumber: number;
  /** An ERROR message fails the row; WARNING messages let it pass. */
  messages: ImportMessage[];
  /**
   * The document or record the row belongs to: rows of one group are written together (one
   * document per supplier + order reference, one item per item code). null: the row is its own group.
   */
  group: string | null;
  /** What the commit writes for this row, resolved (ids, thousandths, ISO dates). Absent on an ERROR row. */
  prepared?: P;
}

export interface ImportRunContext {
  ctx: AppContext;
  principal: Principal;
  /** The caller's language (for texts an importer writes; messages stay keys). */
  language: Language;
  /**
   * The import session's id. An importer whose commit moves stock makes its idempotency keys and
   * document reference from it (opening stock: OPENING_STOCK {sessionId}), so a replayed group
   * posts once. The framework sets it on every check and commit.
   */
  sessionId?: string;
}

/** What a commit created or changed, listed in the session's result. */
export interface ImportCreated {
  /** A DOCUMENT type (PURCHASE_ORDER, ...) or ITEM, BIN_LOCATION, WAREHOUSE, BUSINESS_PARTNER, ... */
  type: string;
  code: string;
}

/**
 * An importer that checks a large file a chunk at a time (opening stock: 100,000 rows), so the
 * check and the commit hold one chunk's rows, not the file's (issue 17's memory target). Its
 * verdicts must be exactly those of a check over the whole file: the rules that look across rows
 * read `facts`, which `scan` collects from every chunk in a first pass (serials seen, the items
 * put on each single-item location), compact keys instead of rows.
 */
export interface ChunkedCheck<F> {
  /**
   * Rows per chunk. A chunk is a range of row numbers [k x rows, (k + 1) x rows), so a group
   * (rows written together) must never span two ranges: the importer's groups are ranges whose
   * size divides this.
   */
  rows: number;
  /** Adds one chunk's keys to the facts (undefined before the first chunk); chunks come in file order. */
  scan(db: DbOrTx, rows: readonly SourceRow[], run: ImportRunContext, facts: F | undefined): Promise<F>;
}

export interface Importer<P = unknown, F = unknown> {
  kind: ImportKind;
  /** Set: the framework checks and commits the file a chunk at a time (ChunkedCheck). */
  chunked?: ChunkedCheck<F>;
  /**
   * Column order is the template's. `aliases` hold the header texts: aliases[0] English,
   * aliases[1] Dutch, aliases[2] German, aliases[3] Polish (the template's header is the alias of
   * the caller's language), then any extra spellings. A file's header maps to the column when it
   * equals an alias or the column's name, ignoring case, spaces, underscores, dots, hyphens and
   * accents (import-mapping.ts).
   */
  columns: readonly ImportColumn[];
  /**
   * Judges every row. Resolve codes in batches (one query per chunk of rows), never a query per
   * row: 20,000 rows must validate in seconds. Checks across rows (a duplicate within the file)
   * see all `rows` given. `db` is the database in the dry run, the commit's transaction in the commit.
   * Answer one CheckedRow per given row (any order; matched by rowNumber). Call `letOthersRun()`
   * between chunks. A chunked importer is given one chunk and the whole file's `facts`; without
   * facts (a direct call, a test) it checks `rows` as the whole file.
   */
  check(db: DbOrTx, rows: readonly SourceRow[], run: ImportRunContext, facts?: F): Promise<CheckedRow<P>[]>;
  /** Writes one group's rows (all without ERROR, each with `prepared`) inside `tx`. */
  commit(tx: Tx, rows: readonly CheckedRow<P>[], run: ImportRunContext): Promise<ImportCreated[]>;
  /** After the commit's transactions committed: live messages, counters, caches. */
  afterCommit?(ctx: AppContext, created: readonly ImportCreated[]): Promise<void>;
}

/** Builds an ERROR message. */
export const rowError = (column: string | null, key: string, args: Record<string, unknown> = {}): ImportMessage => ({
  severity: 'ERROR',
  column,
  key,
  args,
});

/** Builds a WARNING message. */
export const rowWarning = (column: string | null, key: string, args: Record<string, unknown> = {}): ImportMessage => ({
  severity: 'WARNING',
  column,
  key,
  args,
});

/**
 * Lets the event loop turn (other requests are served). On SQLite a query is synchronous, so a
 * check or commit over thousands of rows runs without a pause unless it yields: call it between
 * chunks of rows (every few hundred rows or ~20 ms) in `check` and in a long `commit`.
 */
export const letOthersRun = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Whether a checked row may be written. */
export const rowPasses = (row: CheckedRow): boolean => !row.messages.some((message) => message.severity === 'ERROR');
