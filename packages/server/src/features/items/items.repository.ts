import { sql } from 'kysely';
import { runKeyLookup } from '../../db/compiled-query.js';
import { escapeLike } from '../../db/like.js';
import type { DbOrTx, Dialect } from '../../db/database.js';
import type { ItemRow } from '../../db/schema.js';
import { rarestTrigrams } from './trigram-counts.js';
import {
  batchKeyColumns,
  ledgerColumns,
  ledgerWithKeys,
  serialKeyColumns,
  stockBucketColumns,
  stockWithKeys,
} from '../stock/stock-queries.js';

/** Item reads. Every code is matched through its lower-cased twin column. */
export function findItemByCodeLower(db: DbOrTx, codeLower: string): Promise<ItemRow | undefined> {
  return db.selectFrom('item').selectAll().where('code_lower', '=', codeLower).executeTakeFirst();
}

/**
 * Items whose code is the key (codes are unique), else whose barcodes are, ranked barcode 1, 2, 3,
 * then by code: a code lookup is one index probe, and a miss costs a few microseconds before the
 * barcodes are asked. The caller picks the best match of the rows (a code wins).
 */
export async function findItemsByCodeOrBarcode(db: DbOrTx, key: string): Promise<ItemRow[]> {
  const byCode = await runKeyLookup(
    db,
    'item by code',
    (k) => db.selectFrom('item').selectAll().where('code_lower', '=', k),
    key,
  );
  if (byCode.length > 0) return byCode;
  return runKeyLookup(
    db,
    'item by barcodes',
    (k) =>
      db
        .selectFrom('item')
        .selectAll()
        .where((eb) => eb.or([eb('barcode_lower', '=', k), eb('barcode2_lower', '=', k), eb('barcode3_lower', '=', k)]))
        .orderBy(sql`case when barcode_lower = ${k} then 1 when barcode2_lower = ${k} then 2 else 3 end`)
        .orderBy('code_lower')
        .limit(20),
    key,
  );
}

export function findItemsByCodeLowers(db: DbOrTx, keys: readonly string[]): Promise<ItemRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('item')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('code_lower', 'in', keys),
        eb('barcode_lower', 'in', keys),
        eb('barcode2_lower', 'in', keys),
        eb('barcode3_lower', 'in', keys),
      ]),
    )
    .execute();
}

const suggestionColumns = ['id', 'code', 'visual_code', 'name', 'barcode', 'barcode2', 'barcode3'] as const;

/** Items whose code starts with the text (the code index answers this without a scan). */
export function autocompleteByCodePrefix(db: DbOrTx, text: string, limit: number) {
  return (
    db
      .selectFrom('item')
      .select(suggestionColumns)
      .where('code_lower', '>=', text)
      .where('code_lower', '<', `${text}\uffff`)
      // The range uses the index; the pattern keeps the answer exact under any collation.
      .where(sql<boolean>`code_lower like ${`${escapeLike(text)}%`} escape '\\'`)
      .orderBy('code_lower')
      .limit(limit)
      .execute()
  );
}

/**
 * Items whose code, name or a barcode contains the text (case-insensitive: search_text and the
 * text are lower-cased). Unordered, so the search stops at the limit; the caller sorts the few rows.
 *
 * On SQLite a text of 3 or more characters is looked up in the FTS5 trigram index item_search
 * (migration 0006), by its rarest trigrams (trigram-counts.ts), and every candidate is checked
 * again with the same LIKE, so the answer is the LIKE's; shorter texts have no trigram and scan
 * the search_text index. On PostgreSQL the pg_trgm index of migration 0006 serves the LIKE itself.
 */
export function autocompleteByContains(
  db: DbOrTx,
  dialect: Dialect,
  text: string,
  limit: number,
  excludeIds: readonly number[],
) {
  const pattern = `%${escapeLike(text)}%`;
  const useTrigramIndex = dialect === 'sqlite' && [...text].length >= 3;
  if (!useTrigramIndex) {
    let query = db
      .selectFrom('item')
      .select(suggestionColumns)
      .where(sql<boolean>`search_text like ${pattern} escape '\\'`);
    if (excludeIds.length > 0) query = query.where('id', 'not in', excludeIds);
    return query.limit(limit).execute();
  }
  // One FTS5 string: the three rarest trigrams (trigram-counts.ts), or until they are counted the
  // whole text as a phrase of its trigrams; a double quote is written twice.
  const quoted = (part: string) => `"${part.replaceAll('"', '""')}"`;
  const rarest = rarestTrigrams(db, text, 3);
  const phrase = rarest && rarest.length > 0 ? rarest.map(quoted).join(' AND ') : quoted(text);
  let query = db
    .selectFrom('item_search')
    .innerJoin('item', 'item.id', 'item_search.rowid')
    .select(suggestionColumns.map((column) => `item.${column}` as const))
    .where(sql<boolean>`item_search match ${phrase}`)
    .where(sql<boolean>`item.search_text like ${pattern} escape '\\'`);
  if (excludeIds.length > 0) query = query.where('item.id', 'not in', excludeIds);
  return query.limit(limit).execute();
}

export function stockRowsOfItem(db: DbOrTx, itemId: number) {
  return stockWithKeys(db)
    .select([
      ...stockBucketColumns,
      's.qc_pending',
      'b.code as bin_code',
      'b.visual_code as bin_visual_code',
      'b.location_type',
      'b.physical_location_type',
      'b.stock_movement_restricted',
      'w.code as warehouse_code',
      ...batchKeyColumns,
      ...serialKeyColumns,
    ])
    .where('s.item_id', '=', itemId)
    .orderBy('w.code')
    .orderBy('b.code_lower')
    .orderBy('ba.code_key')
    .orderBy('se.code_key')
    .execute();
}

/** Closed and cancelled documents, and fully handled lines, are not open. */
const closedStatuses = ['CLOSED', 'CANCELLED'];

export function openDocumentLinesOfItem(db: DbOrTx, itemId: number) {
  return (
    db
      .selectFrom('document_line as l')
      .innerJoin('document as d', 'd.id', 'l.document_id')
      .leftJoin('business_partner as p', 'p.id', 'd.business_partner_id')
      .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
      .select([
        'd.type',
        'd.code',
        'd.visual_code',
        'd.status',
        'd.ship_date',
        'l.line_number',
        'l.direction',
        'l.quantity',
        'l.open_quantity',
        'p.code as partner_code',
        'p.name as partner_name',
        'w.code as warehouse_code',
      ])
      .where('l.item_id', '=', itemId)
      .where('l.direction', 'is not', null)
      .where('l.open_quantity', '>', 0)
      .where('d.status', 'not in', closedStatuses)
      // Undated documents last on both databases (PostgreSQL sorts nulls last, SQLite first).
      .orderBy(sql`d.ship_date is null`)
      .orderBy('d.ship_date')
      .orderBy('d.code_lower')
      .orderBy('l.line_number')
      .execute()
  );
}

export function ledgerOfItem(db: DbOrTx, itemId: number, offset: number, limit: number) {
  return ledgerWithKeys(db)
    .select([...ledgerColumns, 'b.code as bin_code', 'ba.code as batch_code', 'se.code as serial_code'])
    .where('g.item_id', '=', itemId)
    .orderBy('g.at', 'desc')
    .orderBy('g.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
