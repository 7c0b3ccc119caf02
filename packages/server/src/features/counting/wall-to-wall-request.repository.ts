import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/** The SQL of /wall_to_wall/request (decision 0189, "The desktop request"): the location selection. */

/** A /wall_to_wall/request filter with its codes resolved to ids. */
export interface LocationSelection {
  warehouseId: number;
  codeFrom?: string | undefined;
  codeTo?: string | undefined;
  sortingCode?: string | undefined;
  zone?: string | undefined;
  holdingItemId?: number | undefined;
  /** ISO time: only locations with no saved count at or after it. */
  notCountedSince?: string | undefined;
}

function selected(db: DbOrTx, s: LocationSelection) {
  let query = db
    .selectFrom('bin_location as b')
    .where('b.warehouse_id', '=', s.warehouseId)
    .where('b.location_type', '<>', 'MOBILE');
  if (s.codeFrom !== undefined) query = query.where('b.code_lower', '>=', codeKey(s.codeFrom));
  if (s.codeTo !== undefined) query = query.where('b.code_lower', '<=', codeKey(s.codeTo));
  if (s.sortingCode !== undefined) {
    const pattern = `${escapeLike(s.sortingCode.toLowerCase())}%`;
    query = query.where(sql<boolean>`lower(b.sorting_code) like ${pattern} escape '\\'`);
  }
  const { zone, holdingItemId, notCountedSince } = s;
  if (zone !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bin_location_attribute as a')
          .select('a.bin_location_id')
          .whereRef('a.bin_location_id', '=', 'b.id')
          .where(sql<boolean>`lower(a.name) = 'zone'`)
          .where(sql<boolean>`lower(a.value) = ${zone.toLowerCase()}`),
      ),
    );
  }
  if (holdingItemId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock as s')
          .select('s.id')
          .whereRef('s.bin_location_id', '=', 'b.id')
          .where('s.item_id', '=', holdingItemId)
          .where('s.on_hand_qty', '>', 0),
      ),
    );
  }
  if (notCountedSince !== undefined) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('location_count as c')
            .select('c.id')
            .whereRef('c.bin_location_id', '=', 'b.id')
            .where('c.at', '>=', notCountedSince),
        ),
      ),
    );
  }
  return query;
}

/** How many locations the selection holds, and how many of them are flagged already (YES or PARTIAL). */
export async function countSelected(db: DbOrTx, s: LocationSelection): Promise<{ count: number; flagged: number }> {
  const row = await selected(db, s)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>(sql`case when b.requires_counting <> 'NO' then 1 else 0 end`).as('flagged'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), flagged: Number(row.flagged ?? 0) };
}

/** The selected locations in the counting walk (countingSortingCode, none last, then code), at most limit. */
export function selectedLocations(db: DbOrTx, s: LocationSelection, limit: number) {
  return selected(db, s)
    .select(['b.id', 'b.code', 'b.version', 'b.requires_counting'])
    .orderBy(sql`case when b.counting_sorting_code is null then 1 else 0 end`)
    .orderBy('b.counting_sorting_code')
    .orderBy('b.code_lower')
    .limit(limit)
    .execute();
}

export function findWarehouse(db: DbOrTx, code: string) {
  return db.selectFrom('warehouse').select(['id', 'code']).where('code_lower', '=', codeKey(code)).executeTakeFirst();
}
