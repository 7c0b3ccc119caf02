import type { DatabaseHandle } from './database.js';
import { migrations } from './migrate.js';

/**
 * For a migration's test: runs the migrations before the one named (`before`), so the test can
 * write what it must convert, then that one and the rest (`from`); each in its own transaction.
 */
export function migrationSteps(
  handle: DatabaseHandle,
  name: string,
): { before: () => Promise<void>; from: () => Promise<void> } {
  const at = migrations.findIndex((m) => m.name === name);
  if (at < 0) throw new Error(`no migration ${name}`);
  const { db, dialect } = handle;
  const run = (from: number, to?: number) =>
    migrations
      .slice(from, to)
      .reduce(
        (done, migration) => done.then(() => db.transaction().execute((tx) => migration.up(tx as never, dialect))),
        Promise.resolve(),
      );
  return { before: () => run(0, at), from: () => run(at) };
}
