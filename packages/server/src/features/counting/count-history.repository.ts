import { codeKey } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

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

const linesPerInsert = 400;

export async function insertLocationCount(
  tx: DbOrTx,
  count: NewLocationCount,
  lines: readonly NewLocationCountLine[],
): Promise<number> {
  const { id } = await tx
    .insertInto('location_count')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < lines.length; start += linesPerInsert) {
    await tx
      .insertInto('location_count_line')
      .values(
        lines.slice(start, start + linesPerInsert).map((line) => ({
          location_count_id: id,
          bin_location_id: count.binLocationId,
          item_id: line.itemId,
          batch_id: line.batchId,
          serial_id: line.serialId,
          counted: line.counted,
          on_hand: line.onHand,
          difference: line.difference,
        })),
      )
      .execute();
  }
  return id;
}

/** A page of count lines, newest first, of a location and/or an item (codes; unknown ones match nothing). */
export function historyPage(
  db: DbOrTx,
  filter: { location: string | null; item: string | null },
  offset: number,
  limit: number,
) {
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
    ]);
  if (filter.location !== null) query = query.where('b.code_lower', '=', codeKey(filter.location));
  if (filter.item !== null) query = query.where('i.code_lower', '=', codeKey(filter.item));
  return query.orderBy('l.id', 'desc').offset(offset).limit(limit).execute();
}
