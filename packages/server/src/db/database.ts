import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { runDirectlyInTransactions } from './compiled-query.js';
import { pipelinedPool, pipelinedPoolConfig } from './pg-pool.js';
import type { Database } from './schema.js';
import { createWalSync, safetyCheckpointPages, type WalSync } from './wal-sync.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** A database or transaction handle: repositories take either. */
export type DbOrTx = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** SQLite in a file: commits are flushed off the event loop; answers wait for durable() (wal-sync.ts). */
  walSync?: WalSync;
  close(): Promise<void>;
}

/** SQLite before 3.51.3 can lose commits after a WAL reset; refuse to run on it. */
export const minimumSqliteVersion = '3.51.3';

export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

export function assertSqliteVersion(version: string): void {
  if (compareVersions(version, minimumSqliteVersion) < 0) {
    throw new Error(
      `SQLite ${version} is older than ${minimumSqliteVersion}, which has a WAL-reset bug that can lose commits; upgrade better-sqlite3`,
    );
  }
}

// PostgreSQL returns int8 and numeric as strings; counts and ids fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Page cache and temporary storage of a SQLite connection (the bench's raw ceiling opens its
 * connection with them too). The default 2 MiB cache holds little of a large database's stock
 * and ledger indexes; 64 MiB holds the hot pages. Temporary storage in memory keeps the journals
 * of savepoints and multi-row statements (every group-commit job and stock movement writes one)
 * out of temporary files: a stock transfer's ledger insert took 41 us with them on disk, 22 in memory.
 */
export const sqliteCachePragma = 'cache_size = -65536';
export const sqlitePerformancePragmas = [sqliteCachePragma, 'temp_store = MEMORY'];

export function openDatabase(databaseUrl: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, ...pipelinedPoolConfig });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL idle connection error: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pipelinedPool(pool) }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  const version = (sqlite.prepare('select sqlite_version() as v').get() as { v: string }).v;
  try {
    assertSqliteVersion(version);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  for (const pragma of sqlitePerformancePragmas) sqlite.pragma(pragma);
  // A file database flushes its WAL itself before answering (wal-sync.ts): as durable as FULL.
  const walSync = file === ':memory:' ? undefined : createWalSync(path.resolve(file));
  if (walSync) {
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`wal_autocheckpoint = ${safetyCheckpointPages}`);
  } else {
    sqlite.pragma('synchronous = FULL');
  }
  const statements = withStatementCache(sqlite, walSync);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  runDirectlyInTransactions(db, statements);
  return {
    db,
    dialect: 'sqlite',
    walSync,
    close: async () => {
      await walSync?.close();
      await db.destroy();
    },
  };
}

/** Prepared statements kept per SQL text; enough for every query shape the app builds. */
const statementCacheSize = 1000;

/** COMMIT, END and RELEASE count as read-only in SQLite but are when a transaction's writes land. */
const endsTransaction = /^\s*(commit|end|release)\b/i;

interface CachedStatement {
  statement: SQLite.Statement;
  /** The statement writes or commits: wal-sync must flush before the next answer. */
  writes: boolean;
}

/**
 * better-sqlite3 builds each row object property by property from C++, about 1.5 us a row of ten
 * columns; a stock count reads 50 rows at once. The statement's `all` reads the rows as arrays
 * instead and builds the same objects here (same names, same order, same values): 220 against
 * 160 us for a location's 50 stock rows, measured on the large data set. A column named
 * __proto__ would set the prototype: such a statement keeps better-sqlite3's objects.
 */
function withRowsBuiltInJs(statement: SQLite.Statement): void {
  const names = statement.columns().map((c) => c.name);
  if (names.includes('__proto__')) return;
  const readAll = statement.all.bind(statement);
  const rowOf = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
    return row;
  };
  statement.all = (...parameters: unknown[]) => {
    statement.raw(true);
    try {
      return (readAll(...parameters) as unknown[][]).map(rowOf);
    } finally {
      statement.raw(false);
    }
  };
}

/**
 * Kysely's SQLite driver prepares every query again, which costs more than running a lookup by
 * an index (about 80-100 us against 60 us, measured by the lookup bench). This hands it the
 * connection with a cache of prepared statements by SQL text (least recently used dropped first).
 * A cached statement that is still busy (an open iterator) is not shared: a fresh one is prepared.
 * The driver prepares right before it runs, so a writing statement is noted to `walSync` here.
 */
export function withStatementCache(sqlite: SQLite.Database, walSync?: WalSync, size = statementCacheSize) {
  const cache = new Map<string, CachedStatement>();
  const fresh = (sql: string): CachedStatement => {
    const statement = sqlite.prepare(sql);
    if (statement.reader) withRowsBuiltInJs(statement);
    return { statement, writes: !statement.readonly || endsTransaction.test(sql) };
  };
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SQLite.Statement {
      let entry = cache.get(sql);
      if (entry && !entry.statement.busy) {
        cache.delete(sql);
        cache.set(sql, entry);
      } else if (entry) {
        entry = fresh(sql);
      } else {
        entry = fresh(sql);
        cache.set(sql, entry);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      if (entry.writes) walSync?.noteWrite();
      return entry.statement;
    },
  };
}
