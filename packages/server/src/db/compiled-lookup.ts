import type { Compilable, CompiledQuery } from 'kysely';
import type { DbOrTx } from './database.js';

const compiled = new WeakMap<DbOrTx, Map<string, CompiledQuery>>();

/**
 * A hot lookup by one text key, compiled once per database by Kysely for its own dialect, then
 * run with `executeQuery`: building and compiling a Kysely query on every call cost more than an
 * index probe. `build` writes the query with '' wherever the key goes; every string parameter is
 * the key, other parameters (a limit) stay as compiled.
 */
export async function runKeyLookup<Row>(
  db: DbOrTx,
  name: string,
  build: (key: string) => Compilable<Row>,
  key: string,
): Promise<Row[]> {
  let queries = compiled.get(db);
  if (!queries) compiled.set(db, (queries = new Map<string, CompiledQuery>()));
  let query = queries.get(name) as CompiledQuery<Row> | undefined;
  if (!query) {
    query = build('').compile();
    queries.set(name, query);
  }
  const parameters = query.parameters.map((value) => (typeof value === 'string' ? key : value));
  return (await db.executeQuery<Row>({ ...query, parameters })).rows;
}
