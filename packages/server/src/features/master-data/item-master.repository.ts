import { sql, type Updateable } from 'kysely';
import { insertRows, runCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { ItemRow, ItemTable, NewItem } from '../../db/schema.js';
import { eachChunk } from './master-data-rules.js';

/** Item master-data reads and writes (table item of 0003-master-data). */

export async function itemsByCodeLowers(db: DbOrTx, keys: readonly string[]): Promise<ItemRow[]> {
  const rows: ItemRow[] = [];
  for await (const part of eachChunk([...new Set(keys)])) {
    rows.push(...(await db.selectFrom('item').selectAll().where('code_lower', 'in', part).execute()));
  }
  return rows;
}

/** The ids among these that have stock rows (a stock row exists only while it holds something). */
export async function itemIdsWithStock(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for await (const part of eachChunk([...new Set(ids)])) {
    const rows = await db.selectFrom('stock').select('item_id').distinct().where('item_id', 'in', part).execute();
    for (const row of rows) found.add(row.item_id);
  }
  return found;
}

/**
 * Multi-row inserts, compiled once per row count (an import commits one item per group: the same
 * one-row statement 20,000 times); answers the new rows. Every row has newItemRow's columns.
 */
export async function insertItems(db: DbOrTx, rows: readonly NewItem[]): Promise<ItemRow[]> {
  const inserted: ItemRow[] = [];
  for await (const part of eachChunk(rows, 200)) {
    const values = insertRows(part);
    const { rows: written } = await runCompiled(
      db,
      `masterData.insertItems:${part.length}`,
      (slot) => db.insertInto('item').values(values.slots(slot)).returningAll(),
      values.args,
    );
    inserted.push(...written);
  }
  return inserted;
}

/**
 * Updates an item with a new version; with `expectedVersion` only while it still has that version
 * (undefined answered: stale). Answers the row as it is now.
 */
export async function updateItem(
  db: DbOrTx,
  id: number,
  changes: Updateable<ItemTable>,
  expectedVersion: number | undefined,
): Promise<ItemRow | undefined> {
  // Compiled once per set of changed columns: an import updates thousands of items alike.
  const columns = Object.keys(changes).sort() as (keyof ItemTable)[];
  const withVersion = expectedVersion !== undefined;
  const { rows } = await runCompiled(
    db,
    `masterData.updateItem:${columns.join(',')}:${withVersion}`,
    (slot) => {
      const values = Object.fromEntries(columns.map((column, i) => [column, slot(i + 2)]));
      let query = db
        .updateTable('item')
        .set({ ...values, version: sql<number>`version + 1` })
        .where('id', '=', slot(0));
      if (withVersion) query = query.where('version', '=', slot(1));
      return query.returningAll();
    },
    [id, expectedVersion ?? null, ...columns.map((column) => changes[column])],
  );
  return rows[0];
}

export interface ListFilter {
  text?: string | undefined;
  active: 'true' | 'false' | 'all';
  offset: number;
  limit: number;
}

/** A page of items in code order, one row more than asked (the caller tells whether more follow). */
export function listItems(db: DbOrTx, filter: ListFilter): Promise<ItemRow[]> {
  let query = db.selectFrom('item').selectAll();
  if (filter.active !== 'all') query = query.where('active', '=', filter.active === 'true' ? 1 : 0);
  if (filter.text) {
    // search_text holds the lower-cased code, name and barcodes (the autocomplete's text).
    query = query.where(sql<boolean>`search_text like ${`%${escapeLike(filter.text.toLowerCase())}%`} escape '\\'`);
  }
  return query
    .orderBy('code_lower')
    .offset(filter.offset)
    .limit(filter.limit + 1)
    .execute();
}
