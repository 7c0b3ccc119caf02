import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import { runCompiled, runKeyLookup } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';

/** The reads and writes of /wall_to_wall (features/counting; decision 0189). */

const locationColumns = [
  'b.id',
  'b.code',
  'b.visual_code',
  'b.warehouse_id',
  'w.code as warehouse_code',
  'b.counting_sorting_code',
  'b.requires_counting',
] as const;

const locations = (db: DbOrTx) =>
  db.selectFrom('bin_location as b').innerJoin('warehouse as w', 'w.id', 'b.warehouse_id').select(locationColumns);

export type CountLocationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof locations>['executeTakeFirst']>>>;

/** The location a scan names: by code, else by barcode. */
export async function findLocation(db: DbOrTx, scanned: string): Promise<CountLocationRow | undefined> {
  const key = codeKey(scanned);
  // Every start and save asks by code: compiled once.
  const [byCode] = await runKeyLookup(
    db,
    'counting.locationByCode',
    (k) => locations(db).where('b.code_lower', '=', k),
    key,
  );
  return (
    byCode ??
    (await locations(db).where('b.barcode_lower', '=', key).orderBy('b.code_lower').limit(1).executeTakeFirst())
  );
}

/** The flagged locations (YES, PARTIAL) in walk order: countingSortingCode (none last), then code. */
export function flaggedLocations(db: DbOrTx, warehouseCode: string | null, limit: number) {
  // The literal condition lets it read bin_location_to_count_idx (migration 0038).
  let query = locations(db).where(sql<boolean>`b.requires_counting <> 'NO'`);
  if (warehouseCode !== null) query = query.where('w.code_lower', '=', codeKey(warehouseCode));
  return query
    .orderBy(sql`case when b.counting_sorting_code is null then 1 else 0 end`)
    .orderBy('b.counting_sorting_code')
    .orderBy('b.code_lower')
    .limit(limit)
    .execute();
}

/** The PARTIAL item lists of these locations. */
export function itemsToCountOf(db: DbOrTx, locationIds: readonly number[]) {
  if (locationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bin_location_count_item as c')
    .innerJoin('item as i', 'i.id', 'c.item_id')
    .select(['c.bin_location_id', 'i.id', 'i.code', 'i.name', 'i.managed_by'])
    .where('c.bin_location_id', 'in', locationIds)
    .orderBy('i.code_lower')
    .execute();
}

/** 1 + the highest wall-to-wall round saved at the location. */
export async function nextRound(db: DbOrTx, binLocationId: number, source: string): Promise<number> {
  const { rows } = await runCompiled(
    db,
    'counting.nextRound',
    (slot) =>
      db
        .selectFrom('location_count')
        .select((eb) => eb.fn.max('round').as('round'))
        .where('bin_location_id', '=', slot(0))
        .where('source', '=', slot(1)),
    [binLocationId, source],
  );
  return Number(rows[0]?.round ?? 0) + 1;
}

/** Where else a serial is on hand (a serial counted here that the system has elsewhere). */
export function serialStockElsewhere(db: DbOrTx, serialIds: readonly number[], binLocationId: number) {
  if (serialIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stock')
    .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', 'on_hand_qty', 'qc_pending_qty'])
    .where('serial_id', 'in', serialIds)
    .where('bin_location_id', '<>', binLocationId)
    .where('on_hand_qty', '>', 0)
    .execute();
}

export function serialCodes(db: DbOrTx, serialIds: readonly number[]) {
  if (serialIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('serial').select(['id', 'code']).where('id', 'in', serialIds).execute();
}

export async function itemCodesOf(db: DbOrTx, itemIds: readonly number[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.selectFrom('item').select('code').where('id', 'in', itemIds).execute();
  return rows.map((r) => r.code);
}
