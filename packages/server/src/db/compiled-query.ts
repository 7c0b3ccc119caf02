import { SqliteAdapter, type Compilable, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import type { DbOrTx } from './database.js';

/**
 * Hot queries compiled once per dialect and name, then run with `executeQuery`: building and
 * compiling a Kysely query on every call cost more than the index probes it runs (about 190 µs
 * of a stock transfer's 770). `build` writes the query with `slot(i)` wherever argument i goes;
 * other values stay as compiled. A name stands for one shape of SQL: a query whose text depends
 * on its arguments (the length of an `in` list, rows of an insert) puts that into its name.
 */

/** Where argument `index` goes in a compiled query (typed to fit any column). */
export type Slot = (index: number) => never;

const marker = '\u0000slot:';
const slot: Slot = (index) => `${marker}${index}` as never;

interface Entry {
  query: CompiledQuery;
  /** Per compiled parameter: the argument index, or -1 for a value compiled in. */
  slots: number[];
  /** runCompiled (read) or sendCompiled (not). */
  read: boolean;
}

const compiledByAdapter = new WeakMap<object, Map<string, Entry>>();

/** PostgreSQL: the name of each compiled query's SQL as a prepared statement (pg-pool.ts). */
const statementNames = new Map<string, string>();
/**
 * PostgreSQL: what starts the SQL of every sendCompiled statement, and nothing else's. The pool
 * holds a statement back by this mark alone (pg-pool.ts), so a query written any other way
 * (runCompiled, plain Kysely) is never held and always gets its real answer, even when its SQL
 * is otherwise the same as a sent one.
 */
export const unreadMark = '/* unread */ ';

/** The prepared statement name of a query compiled by runCompiled for PostgreSQL, if it is one. */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** Whether this SQL is a statement of sendCompiled, whose answer nobody reads (pg-pool.ts holds it back). */
export function isUnreadStatement(sql: string): boolean {
  return sql.startsWith(unreadMark);
}

/** A SQLite connection's statement source (database.ts withStatementCache), by the database's adapter. */
export interface DirectStatements {
  prepare(sql: string): {
    reader: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
  };
}
const directByAdapter = new WeakMap<object, DirectStatements>();

/**
 * SQLite only: lets compiled queries run inside this database's transactions straight on its
 * connection. Kysely's executor costs about 2 us per query (its connection mutex and promise
 * hops) beside SQLite's 1-40 us, and a stock transfer runs 14 queries. Inside a transaction the
 * connection is the transaction's alone and better-sqlite3 runs synchronously, so running the
 * same statement directly is the same as Kysely running it; outside one Kysely's mutex is what
 * keeps a query out of another's transaction, so those go through Kysely.
 */
export function runDirectlyInTransactions(db: DbOrTx, statements: DirectStatements): void {
  directByAdapter.set(adapterOf(db), statements);
}

/**
 * A database and its transactions share one dialect adapter (Kysely's executor, an internal API
 * pinned by our lockfile; compiled-query.test.ts checks it), so a query compiled outside a
 * transaction is reused inside every transaction of the same database kind.
 */
function adapterOf(db: DbOrTx): object {
  return (db as unknown as { getExecutor(): { adapter: object } }).getExecutor().adapter;
}

/** Whether the database (or transaction) is SQLite's, by its dialect adapter. */
export function isSqlite(db: DbOrTx): boolean {
  return adapterOf(db) instanceof SqliteAdapter;
}

export function runCompiled<Row>(
  db: DbOrTx,
  name: string,
  build: (slot: Slot) => Compilable<Row> | RawBuilder<Row>,
  args: readonly unknown[],
): Promise<QueryResult<Row>> {
  return compileAndRun(db, name, build, args, true);
}

/**
 * runCompiled for a statement whose answer the caller does not read: a lock, or a write whose
 * affected rows do not matter. On PostgreSQL inside a transaction it is written with the next
 * statement awaited (or the COMMIT), in one round trip (pg-pool.ts); if it fails, that statement
 * throws its error. Elsewhere it runs at once. It answers nothing (void, checked by the type and
 * by lint: its call stands alone as `await sendCompiled(...)`); see docs/database-layer.md.
 */
export async function sendCompiled(
  db: DbOrTx,
  name: string,
  build: (slot: Slot) => Compilable<unknown> | RawBuilder<unknown>,
  args: readonly unknown[],
): Promise<void> {
  await compileAndRun(db, name, build, args, false);
}

async function compileAndRun<Row>(
  db: DbOrTx,
  name: string,
  build: (slot: Slot) => Compilable<Row> | RawBuilder<Row>,
  args: readonly unknown[],
  read: boolean,
): Promise<QueryResult<Row>> {
  const adapter = adapterOf(db);
  let entries = compiledByAdapter.get(adapter);
  if (!entries) compiledByAdapter.set(adapter, (entries = new Map<string, Entry>()));
  let entry = entries.get(name);
  if (!entry) {
    const built = build(slot);
    // A raw `sql` query compiles with the database's own compiler.
    const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
    const held = !read && !(adapter instanceof SqliteAdapter);
    const query = held ? { ...compiled, sql: unreadMark + compiled.sql } : compiled;
    const slots = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(marker) ? Number(p.slice(marker.length)) : -1,
    );
    entry = { query, slots, read };
    entries.set(name, entry);
    if (!(adapter instanceof SqliteAdapter)) {
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `wms_${statementNames.size + 1}`);
    }
  }
  if (entry.read !== read) throw new Error(`${name}: the same query is read and sent unread`);
  const { query, slots } = entry;
  const parameters = slots.map((index, i) => (index === -1 ? query.parameters[i] : args[index]));
  return executeCompiled(db, query, adapter, parameters);
}

/** Runs a compiled query, straight on the connection inside a SQLite transaction (runDirectlyInTransactions). */
export async function executeCompiled<Row>(
  db: DbOrTx,
  query: CompiledQuery,
  adapter: object = adapterOf(db),
  parameters: readonly unknown[] = query.parameters,
): Promise<QueryResult<Row>> {
  const direct = db.isTransaction ? directByAdapter.get(adapter) : undefined;
  if (!direct) return db.executeQuery<Row>({ ...query, parameters });
  const statement = direct.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(parameters) as Row[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/**
 * A multi-row insert for runCompiled: `args` are the rows' values in column order (the first row's
 * columns), and `slots` the same rows with a slot in place of each value, for `.values()`.
 */
export function insertRows<Row extends Record<string, unknown>>(rows: readonly Row[]) {
  const columns = Object.keys(rows[0] ?? {}) as (keyof Row)[];
  // A plain loop: a count's 50 history lines of 8 columns are built on every save.
  const args = new Array<unknown>(rows.length * columns.length);
  let at = 0;
  for (const row of rows) for (const column of columns) args[at++] = row[column];
  return {
    args,
    slots: (slot: Slot) =>
      rows.map(
        (_, i) =>
          Object.fromEntries(columns.map((column, j) => [column, slot(i * columns.length + j)])) as {
            [K in keyof Row]: never;
          },
      ),
  };
}

/** runCompiled's rows for a lookup by one text key (every slot is the key). */
export async function runKeyLookup<Row>(
  db: DbOrTx,
  name: string,
  build: (key: string) => Compilable<Row>,
  key: string,
): Promise<Row[]> {
  return (await runCompiled(db, name, (s) => build(s(0)), [key])).rows;
}

/**
 * Rows by a few distinct keys with a query compiled once: `build` gets one slot per key and puts
 * them in an `in (...)` list. On SQLite each key is probed on its own (`in (?)` of one value is an
 * equality): a longer list makes SQLite build a temporary index, about three times the cost of the
 * probes for the one to three keys of a movement. On PostgreSQL one query asks them all (a round
 * trip costs more than the list).
 */
export async function rowsByKeys<Key, Row>(
  db: DbOrTx,
  name: string,
  build: (slots: never[]) => Compilable<Row>,
  keys: readonly Key[],
): Promise<Row[]> {
  const distinct = [...new Set(keys)];
  if (distinct.length === 0) return [];
  if (isSqlite(db)) {
    const rows: Row[] = [];
    for (const key of distinct) rows.push(...(await runCompiled(db, `${name}:1`, (s) => build([s(0)]), [key])).rows);
    return rows;
  }
  const query = (s: Slot) => build(distinct.map((_, i) => s(i)));
  return (await runCompiled(db, `${name}:${distinct.length}`, query, distinct)).rows;
}
