import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

/**
 * For index tests, called inside a describe: a migrated in-memory SQLite database for the block,
 * and `plan(query)`, SQLite's query plan of the query (its EXPLAIN QUERY PLAN details, one a line).
 */
export function sqliteQueryPlans(): { plan: (query: ReturnType<typeof sql>) => Promise<string> } {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle);
  });
  afterAll(async () => handle.close());
  return {
    plan: async (query) =>
      (await sql<{ detail: string }>`explain query plan ${query}`.execute(handle.db)).rows
        .map((r) => r.detail)
        .join('\n'),
  };
}
