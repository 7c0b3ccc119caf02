import { CompiledQuery, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { isSqlite, runKeyLookup } from '../../db/compiled-query.js';
import { escapeLike } from '../../db/like.js';

/**
 * Bin location records: lookups, autocomplete, warehouses, attributes and the field updates.
 * Codes and barcodes match through their lower-cased twin columns.
 */

const locationColumns = [
  'b.id',
  'b.code',
  'b.code_lower',
  'b.visual_code',
  'b.barcode',
  'b.barcode_lower',
  'b.minimal_stock_level',
  'b.maximal_stock_level',
  'b.location_type',
  'b.physical_location_type',
  'b.picking_strategy',
  'b.active',
  'b.stock_movement_restricted',
  'b.block_stock_movements',
  'b.block_stock_movements_reason',
  'b.sorting_code',
  'b.counting_sorting_code',
  'b.preferred_order_code',
  'b.requires_counting',
  'b.ready_for_processing',
  'b.version',
  'w.code as warehouse_code',
  'w.name as warehouse_name',
] as const;

function locations(db: DbOrTx) {
  return db
    .selectFrom('bin_location as b')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .select(locationColumns);
}
export type LocationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof locations>['executeTakeFirst']>>>;

export function findLocationByCodeLower(db: DbOrTx, codeLower: string): Promise<LocationRow | undefined> {
  return locations(db).where('b.code_lower', '=', codeLower).executeTakeFirst();
}

/**
 * The location whose code is the key, else the one whose barcode is (barcodes are unique): the
 * code first, one index probe each, compiled once (a hot scan lookup).
 */
export async function findLocationByCodeOrBarcode(db: DbOrTx, key: string): Promise<LocationRow | undefined> {
  const [byCode] = await runKeyLookup(db, 'location by code', (k) => locations(db).where('b.code_lower', '=', k), key);
  if (byCode) return byCode;
  const [byBarcode] = await runKeyLookup(
    db,
    'location by barcode',
    (k) => locations(db).where('b.barcode_lower', '=', k).orderBy('b.code_lower').limit(1),
    key,
  );
  return byBarcode;
}

export function findLocationsByCodeLowers(db: DbOrTx, keys: readonly string[]): Promise<LocationRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return locations(db).where('b.code_lower', 'in', keys).execute();
}

/** The location (other than excludeId) that a scan of the key would find: by code or by barcode. */
export function findOtherLocationByCodeOrBarcode(db: DbOrTx, key: string, excludeId: number) {
  return db
    .selectFrom('bin_location')
    .select(['code'])
    .where((eb) => eb.or([eb('code_lower', '=', key), eb('barcode_lower', '=', key)]))
    .where('id', '<>', excludeId)
    .orderBy('code_lower')
    .limit(1)
    .executeTakeFirst();
}

export function attributesOf(db: DbOrTx, locationId: number) {
  return db
    .selectFrom('bin_location_attribute')
    .select(['name', 'value'])
    .where('bin_location_id', '=', locationId)
    .orderBy('name')
    .execute();
}

const suggestionColumns = ['b.id', 'b.code', 'b.visual_code', 'b.barcode', 'w.code as warehouse_code'] as const;

function suggestions(db: DbOrTx) {
  return db
    .selectFrom('bin_location as b')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .select(suggestionColumns);
}

/** Locations whose code starts with the text, in code order (the code index answers the range). */
export function autocompleteByCodePrefix(db: DbOrTx, text: string, limit: number) {
  return (
    suggestions(db)
      .where('b.code_lower', '>=', text)
      .where('b.code_lower', '<', `${text}\uffff`)
      // The range uses the index; the pattern keeps the answer exact under any collation.
      .where(sql<boolean>`b.code_lower like ${`${escapeLike(text)}%`} escape '\\'`)
      .orderBy('b.code_lower')
      .limit(limit)
      .execute()
  );
}

/** Locations whose code, visual code or barcode contains the text; unordered (the scan stops at the limit). */
export function autocompleteByContains(db: DbOrTx, text: string, limit: number, excludeIds: readonly number[]) {
  const pattern = `%${escapeLike(text)}%`;
  let query = suggestions(db).where((eb) =>
    eb.or([
      sql<boolean>`b.code_lower like ${pattern} escape '\\'`,
      sql<boolean>`lower(b.visual_code) like ${pattern} escape '\\'`,
      sql<boolean>`b.barcode_lower like ${pattern} escape '\\'`,
    ]),
  );
  if (excludeIds.length > 0) query = query.where('b.id', 'not in', excludeIds);
  return query.limit(limit).execute();
}

export function listWarehouses(db: DbOrTx) {
  return db.selectFrom('warehouse').select(['code', 'visual_code', 'name', 'active']).orderBy('code_lower').execute();
}

const locationsToCountNumber = CompiledQuery.raw('select n from locations_to_count where id = 1');

/**
 * The number of locations that need counting (YES or PARTIAL): on SQLite the number its triggers
 * keep (migration 0043), on PostgreSQL counted from the partial index bin_location_to_count_idx
 * (migration 0038), which the literal condition lets it use.
 */
export async function countLocationsToCount(db: DbOrTx): Promise<number> {
  if (isSqlite(db)) {
    const { rows } = await db.executeQuery<{ n: number }>(locationsToCountNumber);
    return Number(rows[0]?.n ?? 0);
  }
  const row = await db
    .selectFrom('bin_location')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(sql<boolean>`requires_counting <> 'NO'`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface LocationChanges {
  preferred_order_code?: string | null;
  requires_counting?: string;
  ready_for_processing?: number;
  barcode?: string | null;
  barcode_lower?: string | null;
  location_type?: string;
  physical_location_type?: string;
}

/** Applies the changes and bumps the version if the row still has the version read; false when it changed meanwhile. */
export async function updateLocation(
  db: DbOrTx,
  id: number,
  version: number,
  changes: LocationChanges,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('bin_location')
    .set({ ...changes, version: sql<number>`version + 1`, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceItemsToCount(db: DbOrTx, locationId: number, itemIds: readonly number[]): Promise<void> {
  await db.deleteFrom('bin_location_count_item').where('bin_location_id', '=', locationId).execute();
  if (itemIds.length === 0) return;
  await db
    .insertInto('bin_location_count_item')
    .values(itemIds.map((itemId) => ({ bin_location_id: locationId, item_id: itemId })))
    .execute();
}

export function itemsToCount(db: DbOrTx, locationId: number) {
  return db
    .selectFrom('bin_location_count_item as c')
    .innerJoin('item as i', 'i.id', 'c.item_id')
    .select(['i.code', 'i.visual_code', 'i.name'])
    .where('c.bin_location_id', '=', locationId)
    .orderBy('i.code_lower')
    .execute();
}
