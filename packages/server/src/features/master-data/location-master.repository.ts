import { sql, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { BinLocationTable, NewBinLocation } from '../../db/schema.js';
import { eachChunk } from './master-data-rules.js';
import { chunked } from '../../util/chunks.js';

/** Bin location master-data reads and writes (bin_location and bin_location_attribute). */

export type LocationRecord = Selectable<BinLocationTable> & {
  warehouse_code: string;
  warehouse_name: string;
  warehouse_active: number;
};

function locations(db: DbOrTx) {
  return db
    .selectFrom('bin_location as b')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .selectAll('b')
    .select(['w.code as warehouse_code', 'w.name as warehouse_name', 'w.active as warehouse_active']);
}

export async function locationsByCodeLowers(db: DbOrTx, keys: readonly string[]): Promise<LocationRecord[]> {
  const rows: LocationRecord[] = [];
  for await (const part of eachChunk([...new Set(keys)])) {
    rows.push(...(await locations(db).where('b.code_lower', 'in', part).execute()));
  }
  return rows;
}

export async function locationIdsWithStock(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for await (const part of eachChunk([...new Set(ids)])) {
    const rows = await db
      .selectFrom('stock')
      .select('bin_location_id')
      .distinct()
      .where('bin_location_id', 'in', part)
      .execute();
    for (const row of rows) found.add(row.bin_location_id);
  }
  return found;
}

export async function insertLocations(
  db: DbOrTx,
  rows: readonly NewBinLocation[],
): Promise<{ id: number; code: string }[]> {
  const inserted: { id: number; code: string }[] = [];
  for await (const part of eachChunk(rows, 200)) {
    inserted.push(...(await db.insertInto('bin_location').values(part).returning(['id', 'code']).execute()));
  }
  return inserted;
}

/** Updates a location with a new version; with `expectedVersion` only while it has that version (false: stale). */
export async function updateLocation(
  db: DbOrTx,
  id: number,
  changes: Updateable<BinLocationTable>,
  expectedVersion: number | undefined,
): Promise<boolean> {
  let query = db
    .updateTable('bin_location')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Replaces the attributes of each location given (one delete and one multi-row insert per chunk). */
export async function replaceAttributes(
  db: DbOrTx,
  byLocation: ReadonlyMap<number, readonly { name: string; value: string }[]>,
): Promise<void> {
  for await (const part of eachChunk([...byLocation.keys()])) {
    await db.deleteFrom('bin_location_attribute').where('bin_location_id', 'in', part).execute();
    const rows = part.flatMap((id) => (byLocation.get(id) ?? []).map((a) => ({ bin_location_id: id, ...a })));
    for (const rowsPart of chunked(rows, 400)) await db.insertInto('bin_location_attribute').values(rowsPart).execute();
  }
}

export async function attributesOfLocations(db: DbOrTx, ids: readonly number[]) {
  const rows: { bin_location_id: number; name: string; value: string }[] = [];
  for await (const part of eachChunk([...new Set(ids)])) {
    rows.push(
      ...(await db
        .selectFrom('bin_location_attribute')
        .select(['bin_location_id', 'name', 'value'])
        .where('bin_location_id', 'in', part)
        .orderBy('name')
        .execute()),
    );
  }
  return rows;
}

export interface LocationListFilter {
  text?: string | undefined;
  active: 'true' | 'false' | 'all';
  warehouseCode?: string | undefined;
  offset: number;
  limit: number;
}

export function listLocations(db: DbOrTx, filter: LocationListFilter): Promise<LocationRecord[]> {
  let query = locations(db);
  if (filter.active !== 'all') query = query.where('b.active', '=', filter.active === 'true' ? 1 : 0);
  if (filter.warehouseCode) query = query.where('w.code_lower', '=', filter.warehouseCode.trim().toLowerCase());
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(b.code_lower like ${pattern} escape '\\' or b.barcode_lower like ${pattern} escape '\\')`,
    );
  }
  return query
    .orderBy('b.code_lower')
    .offset(filter.offset)
    .limit(filter.limit + 1)
    .execute();
}
