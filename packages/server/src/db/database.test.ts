import { describe, expect, it } from 'vitest';
import { assertSqliteVersion, compareVersions, minimumSqliteVersion } from './database.js';

describe('SQLite version check', () => {
  it('refuses versions before 3.51.3 (WAL-reset bug)', () => {
    expect(minimumSqliteVersion).toBe('3.51.3');
    for (const version of ['3.51.2', '3.50.4', '3.45.0', '2.99.99']) {
      expect(() => assertSqliteVersion(version), version).toThrow(/3\.51\.3/);
    }
  });

  it('accepts 3.51.3 and newer', () => {
    for (const version of ['3.51.3', '3.51.10', '3.52.0', '4.0.0']) {
      expect(() => assertSqliteVersion(version), version).not.toThrow();
    }
  });

  it('compares versions numerically, not as text', () => {
    expect(compareVersions('3.51.10', '3.51.3')).toBe(1);
    expect(compareVersions('3.51', '3.51.0')).toBe(0);
    expect(compareVersions('0.9', '0.10')).toBe(-1);
  });
});

describe('prepared statement cache', () => {
  it('reuses a statement per SQL text, prepares anew while one is busy, and drops the least recently used', async () => {
    const { default: SQLite } = await import('better-sqlite3');
    const { withStatementCache } = await import('./database.js');
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite, undefined, 2);
    cached.prepare('create table t (n integer)').run();
    cached.prepare('insert into t values (?), (?), (?)').run(1, 2, 3);
    const select = cached.prepare('select n from t order by n');
    expect(cached.prepare('select n from t order by n')).toBe(select);

    // While iterating, the cached statement is busy: a nested query of the same text gets its own.
    const seen: number[][] = [];
    for (const row of select.iterate() as Iterable<{ n: number }>) {
      const inner = cached.prepare('select n from t order by n');
      expect(inner).not.toBe(select);
      seen.push([row.n, (inner.all() as { n: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);

    cached.prepare('select 1');
    cached.prepare('select 2');
    expect(cached.prepare('select n from t order by n')).not.toBe(select);
    cached.close();
  });

  it('answers rows equal to better-sqlite3 objects, column names, order and types kept', async () => {
    const { default: SQLite } = await import('better-sqlite3');
    const { withStatementCache } = await import('./database.js');
    const sqlite = new SQLite(':memory:');
    const cached = withStatementCache(sqlite);
    cached.prepare('create table t (id integer primary key, code text, qty bigint, note text)').run();
    cached.prepare('insert into t values (1, ?, 2500, null), (2, ?, -1, ?)').run('A', 'b', 'x');
    const sql = 'select id, code as "the code", qty, note, id * 2 as twice from t order by id';
    const plain = sqlite.prepare(sql).all();
    const rows = cached.prepare(sql).all();
    expect(rows).toEqual(plain);
    expect(rows.map((r) => Object.keys(r as object))).toEqual(plain.map((r) => Object.keys(r as object)));
    // A column named __proto__ is an own property, as better-sqlite3 makes it, not the prototype.
    const odd = cached.prepare('select 1 as "__proto__", 2 as n').all() as object[];
    expect(Object.getPrototypeOf(odd[0])).toBe(Object.prototype);
    expect(odd).toEqual(sqlite.prepare('select 1 as "__proto__", 2 as n').all());
    // Iterating still gives objects.
    expect([...(cached.prepare(sql).iterate() as Iterable<unknown>)]).toEqual(plain);
    cached.close();
  });
});
