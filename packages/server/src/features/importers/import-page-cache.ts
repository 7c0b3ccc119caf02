import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { sqliteCachePragma } from '../../db/database.js';

/**
 * While an import reads, checks or writes on SQLite, the connection's page cache is held at
 * 16 MiB instead of its 64 MiB (db/database.ts; decision 0196). An import streams through tens of
 * thousands of rows it does not read again, and its one long transaction would otherwise fill the
 * whole cache with them: ~50 MB of the server's memory during the 100,000-row opening stock (issue
 * 17's memory target). Lowering the cache frees the pages beyond it; the cache grows back with the
 * hot pages once the last import running ends. PostgreSQL keeps its cache in its own processes.
 */
const importCachePragma = 'cache_size = -16384';

const running = new WeakMap<AppContext, number>();

export async function withImportPageCache<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  if (ctx.dialect !== 'sqlite') return work();
  const before = running.get(ctx) ?? 0;
  running.set(ctx, before + 1);
  if (before === 0) await sql.raw(`pragma ${importCachePragma}`).execute(ctx.db);
  try {
    return await work();
  } finally {
    const after = (running.get(ctx) ?? 1) - 1;
    running.set(ctx, after);
    if (after === 0) await sql.raw(`pragma ${sqliteCachePragma}`).execute(ctx.db);
  }
}
