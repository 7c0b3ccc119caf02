import { codeKey } from '@wms/contract';
import { insertRows, runCompiled, sendCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import { chunked } from '../../util/chunks.js';

/** The count history (tables location_count and location_count_line, migration 0033). */

export interface NewLocationCount {
  binLocationId: number;
  source: string;
  documentCode: string | null;
  round: number;
  reason: string;
  outcome: string;
  recountDocumentCode: string | null;
  empty: boolean;
  userId: number | null;
  username: string;
  at: string;
  idempotencyKey: string;
}

export interface NewLocationCountLine {
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  /** Integer thousandths. */
  counted: number;
  onHand: number;
  difference: number;
}

/** Rows per multi-row insert: well under SQLite's and PostgreSQL's bound-parameter limits. */
const rowsPerInsert = 400;

export interface NewLocationCountEntry {
  count: NewLocationCount;
  lines: readonly NewLocationCountLine[];
}

/**
 * Writes saved location counts to the history: the counts a few hundred a statement, then all
 * their lines likewise (a counting list's flush writes thousands at once; compiled once per size).
 * Their idempotency keys must differ. Answers the counts' ids in the order given.
 */
export async function insertLocationCounts(tx: DbOrTx, entries: readonly NewLocationCountEntry[]): Promise<number[]> {
  const idOfKey = new Map<string, number>();
  for (const part of chunked(entries, rowsPerInsert)) {
    const values = insertRows(
      part.map(({ count }) => ({
        bin_location_id: count.binLocationId,
        source: count.source,
        document_code: count.documentCode,
        round: count.round,
        reason: count.reason,
        outcome: count.outcome,
        recount_document_code: count.recountDocumentCode,
        empty: count.empty ? 1 : 0,
        user_id: count.userId,
        username: count.username,
        at: count.at,
        idempotency_key: count.idempotencyKey,
      })),
    );
    const { rows } = await runCompiled(
      tx,
      `countHistory.insertCounts:${part.length}`,
      (slot) => tx.insertInto('location_count').values(values.slots(slot)).returning(['id', 'idempotency_key']),
      values.args,
    );
    for (const row of rows) idOfKey.set(row.idempotency_key, row.id);
  }
  if (idOfKey.size !== entries.length) throw new Error('insertLocationCounts: counts with the same idempotency key');
  const ids = entries.map(({ count }) => idOfKey.get(count.idempotencyKey) as number);
  const lines = entries.flatMap(({ count, lines }, index) =>
    lines.map((line) => ({
      location_count_id: ids[index] as number,
      bin_location_id: count.binLocationId,
      item_id: line.itemId,
      batch_id: line.batchId,
      serial_id: line.serialId,
      counted: line.counted,
      on_hand: line.onHand,
      difference: line.difference,
    })),
  );
  for (const part of chunked(lines, rowsPerInsert)) {
    const values = insertRows(part);
    await sendCompiled(
      tx,
      `countHistory.insertLines:${part.length}`,
      (slot) => tx.insertInto('location_count_line').values(values.slots(slot)),
      values.args,
    );
  }
  // Their lines reach the item index later, in a sorted batch (count-history-indexer.ts).
  for (const part of chunked(ids, rowsPerInsert)) {
    const values = insertRows(part.map((id) => ({ location_count_id: id })));
    await sendCompiled(
      tx,
      `countHistory.insertUnindexed:${part.length}`,
      (slot) => tx.insertInto('location_count_unindexed').values(values.slots(slot)),
      values.args,
    );
  }
  return ids;
}

/** Writes one saved location count to the history; answers its id. */
export async function insertLocationCount(
  tx: DbOrTx,
  count: NewLocationCount,
  lines: readonly NewLocationCountLine[],
): Promise<number> {
  const [id] = await insertLocationCounts(tx, [{ count, lines }]);
  return id as number;
}

/**
 * The ids of a page of an item's count lines, newest first (at a location only, when given): from
 * the item index, and the lines of the counts not in it yet; in one statement, so a batch the
 * indexer moves meanwhile is seen in one place or the other, never both or neither.
 */
async function itemLineIds(
  db: DbOrTx,
  itemId: number,
  locationKey: string | null,
  offset: number,
  limit: number,
): Promise<number[]> {
  let query = db
    .selectFrom((eb) =>
      eb
        .selectFrom('location_count_line_item')
        .select('line_id')
        .where('item_id', '=', itemId)
        .unionAll(
          // CROSS JOIN: SQLite takes the few counts waiting first, then their lines by their index
          // (an inner join let it read every line of the history instead).
          eb
            .selectFrom('location_count_unindexed as u')
            .crossJoin('location_count_line as ul')
            .whereRef('ul.location_count_id', '=', 'u.location_count_id')
            .select('ul.id as line_id')
            .where('ul.item_id', '=', itemId),
        )
        .as('x'),
    )
    // A line deleted with its location leaves its entry: only lines there are counted.
    .innerJoin('location_count_line as l', 'l.id', 'x.line_id')
    .select('x.line_id');
  if (locationKey !== null) {
    query = query.innerJoin('bin_location as b', 'b.id', 'l.bin_location_id').where('b.code_lower', '=', locationKey);
  }
  const rows = await query.orderBy('x.line_id', 'desc').offset(offset).limit(limit).execute();
  return rows.map((r) => r.line_id);
}

/** A page of count lines, newest first, of a location and/or an item (codes; unknown ones match nothing). */
export async function historyPage(
  db: DbOrTx,
  filter: { location: string | null; item: string | null },
  offset: number,
  limit: number,
) {
  let lineIds: number[] | null = null;
  if (filter.item !== null) {
    const item = await db
      .selectFrom('item')
      .select('id')
      .where('code_lower', '=', codeKey(filter.item))
      .executeTakeFirst();
    if (!item) return [];
    const locationKey = filter.location === null ? null : codeKey(filter.location);
    lineIds = await itemLineIds(db, item.id, locationKey, offset, limit);
    if (lineIds.length === 0) return [];
  }
  let query = db
    .selectFrom('location_count_line as l')
    .innerJoin('location_count as c', 'c.id', 'l.location_count_id')
    .innerJoin('bin_location as b', 'b.id', 'l.bin_location_id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('batch as ba', 'ba.id', 'l.batch_id')
    .leftJoin('serial as se', 'se.id', 'l.serial_id')
    .select([
      'c.at',
      'b.code as location',
      'i.code as item',
      'ba.code as batch',
      'se.code as serial',
      'l.counted',
      'l.on_hand',
      'l.difference',
      'c.outcome',
      'c.reason',
      'c.source',
      'c.document_code',
      'c.username',
    ])
    .orderBy('l.id', 'desc');
  if (lineIds !== null) return query.where('l.id', 'in', lineIds).execute();
  if (filter.location !== null) query = query.where('b.code_lower', '=', codeKey(filter.location));
  return query.offset(offset).limit(limit).execute();
}
