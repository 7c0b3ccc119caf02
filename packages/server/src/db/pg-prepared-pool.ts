import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { preparedStatementName } from './compiled-query.js';

/**
 * The pg pool handed to Kysely, with the hot queries (those of runCompiled, compiled-query.ts) run
 * as named prepared statements: PostgreSQL parses and plans such a query once per connection
 * instead of on every call, which is most of its cost for the index lookups and single-row writes
 * of a stock movement. Every other query, and cursors, go to pg unchanged.
 */
export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable);
      const name = preparedStatementName(sqlOrCursor);
      const values = parameters as unknown[];
      return name ? client.query({ name, text: sqlOrCursor, values }) : client.query(sqlOrCursor, values);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let handle = wrapped.get(client);
      if (!handle) wrapped.set(client, (handle = wrap(client)));
      return handle;
    },
    end: () => pool.end(),
  };
}
