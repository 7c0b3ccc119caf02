import { codeKey } from '@wms/contract';
import { CompiledQuery } from 'kysely';
import type { DbOrTx, Dialect } from '../../db/database.js';

/**
 * Items by code for the writes that resolve many scanned codes at once (a location count's 50
 * lines; decision 0197): id, code and managedBy kept in memory on SQLite, and never stale: each
 * use first reads item_generation (migration 0041), which triggers raise in the same transaction
 * as any change of an item, and drops every kept item when it moved. Read inside the caller's
 * transaction, so the kept answers are the ones that transaction would read. At most
 * maxKeptItems are kept (all are dropped when a read would pass it). PostgreSQL reads every time.
 */
export interface ItemCodes {
  id: number;
  code: string;
  code_lower: string;
  managed_by: string;
}

export const maxKeptItems = 100_000;

interface Kept {
  generation: number;
  byKey: Map<string, ItemCodes>;
}

/** Per database (the app's Kysely instance): tests run many apps in one process. */
const keptOf = new WeakMap<object, Kept>();
const generationQuery = CompiledQuery.raw('select generation from item_generation where id = 1');

function readItems(tx: DbOrTx, keys: readonly string[]): Promise<ItemCodes[]> {
  return tx
    .selectFrom('item')
    .select(['id', 'code', 'code_lower', 'managed_by'])
    .where('code_lower', 'in', keys)
    .execute();
}

/** The items of these codes (any case; unknown ones are left out), read in `tx`. */
export async function itemsByCodeKept(
  app: { db: object; dialect: Dialect },
  tx: DbOrTx,
  codes: readonly string[],
): Promise<ItemCodes[]> {
  const keys = [...new Set(codes.map(codeKey))];
  if (keys.length === 0) return [];
  if (app.dialect !== 'sqlite') return readItems(tx, keys);
  const { rows } = await tx.executeQuery<{ generation: number }>(generationQuery);
  const generation = rows[0]?.generation ?? -1;
  let kept = keptOf.get(app.db);
  if (!kept || kept.generation !== generation) keptOf.set(app.db, (kept = { generation, byKey: new Map() }));
  const found: ItemCodes[] = [];
  const missing: string[] = [];
  for (const key of keys) {
    const item = kept.byKey.get(key);
    if (item) found.push(item);
    else missing.push(key);
  }
  if (missing.length === 0) return found;
  const read = await readItems(tx, missing);
  if (kept.byKey.size + read.length > maxKeptItems) kept.byKey.clear();
  for (const item of read) {
    kept.byKey.set(item.code_lower, item);
    found.push(item);
  }
  return found;
}
