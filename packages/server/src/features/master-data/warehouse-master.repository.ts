import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { WarehouseTable } from '../../db/schema.js';
import type { ListFilter } from './item-master.repository.js';
import { eachChunk } from './master-data-rules.js';

/** Warehouse master-data reads and writes. */

const columns = ['id', 'code', 'code_lower', 'visual_code', 'name', 'active', 'version'] as const;
export type WarehouseRow = Pick<Selectable<WarehouseTable>, (typeof columns)[number]>;
export type NewWarehouse = Pick<Insertable<WarehouseTable>, 'code' | 'code_lower' | 'visual_code' | 'name' | 'active'>;

export async function warehousesByCodeLowers(db: DbOrTx, keys: readonly string[]): Promise<WarehouseRow[]> {
  const rows: WarehouseRow[] = [];
  for await (const part of eachChunk([...new Set(keys)])) {
    rows.push(...(await db.selectFrom('warehouse').select(columns).where('code_lower', 'in', part).execute()));
  }
  return rows;
}

/** The warehouses among these whose locations hold stock. */
export async function warehouseIdsWithStock(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('stock as s')
    .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
    .select('b.warehouse_id')
    .distinct()
    .where('b.warehouse_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.warehouse_id));
}

export async function insertWarehouses(db: DbOrTx, rows: readonly NewWarehouse[]): Promise<WarehouseRow[]> {
  const inserted: WarehouseRow[] = [];
  for await (const part of eachChunk(rows, 400)) {
    inserted.push(...(await db.insertInto('warehouse').values(part).returning(columns).execute()));
  }
  return inserted;
}

export function updateWarehouse(
  db: DbOrTx,
  id: number,
  changes: Updateable<WarehouseTable>,
  expectedVersion: number | undefined,
): Promise<WarehouseRow | undefined> {
  let query = db
    .updateTable('warehouse')
    .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
    .where('id', '=', id);
  if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
  return query.returning(columns).executeTakeFirst();
}

export function listWarehouses(db: DbOrTx, filter: ListFilter): Promise<WarehouseRow[]> {
  let query = db.selectFrom('warehouse').select(columns);
  if (filter.active !== 'all') query = query.where('active', '=', filter.active === 'true' ? 1 : 0);
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(code_lower like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`,
    );
  }
  return query
    .orderBy('code_lower')
    .offset(filter.offset)
    .limit(filter.limit + 1)
    .execute();
}
