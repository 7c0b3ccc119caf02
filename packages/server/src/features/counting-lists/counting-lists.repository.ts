import { codeKey, type CountingListFilter, type countingListFilterSchema } from '@wms/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';

/** The SQL of counting lists (tables counting_list*, migration 0036; decision 0192). */

type Filter = z.output<typeof countingListFilterSchema>;
export type { CountingListFilter };

const chunk = 400;

/** The locations a creator's filter selects, in walk order (countingSortingCode, none last, then code). */
export function selectLocations(db: DbOrTx, filter: Filter, limit: number) {
  let query = db
    .selectFrom('bin_location as b')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .select(['b.id', 'b.code', 'b.warehouse_id'])
    .where('w.code_lower', '=', codeKey(filter.warehouse))
    .where('b.location_type', '<>', 'MOBILE');
  if (filter.fromCode !== undefined) query = query.where('b.code_lower', '>=', codeKey(filter.fromCode));
  if (filter.toCode !== undefined) query = query.where('b.code_lower', '<=', codeKey(filter.toCode));
  if (filter.fromCountingSortingCode !== undefined) {
    query = query.where('b.counting_sorting_code', '>=', filter.fromCountingSortingCode);
  }
  if (filter.toCountingSortingCode !== undefined) {
    query = query.where('b.counting_sorting_code', '<=', filter.toCountingSortingCode);
  }
  if (filter.locationTypes !== undefined && filter.locationTypes.length > 0) {
    query = query.where('b.location_type', 'in', filter.locationTypes);
  }
  if (filter.withStock) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock as s')
          .select('s.id')
          .whereRef('s.bin_location_id', '=', 'b.id')
          .where('s.on_hand_qty', '>', 0),
      ),
    );
  }
  const items = filter.items ?? [];
  if (items.length > 0) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock as s')
          .innerJoin('item as i', 'i.id', 's.item_id')
          .select('s.id')
          .whereRef('s.bin_location_id', '=', 'b.id')
          .where('s.on_hand_qty', '>', 0)
          .where('i.code_lower', 'in', items.map(codeKey)),
      ),
    );
  }
  return query
    .orderBy(sql`case when b.counting_sorting_code is null then 1 else 0 end`)
    .orderBy('b.counting_sorting_code')
    .orderBy('b.code_lower')
    .limit(limit)
    .execute();
}

/** The locations of these that are in an open list, with the list's code, in the order given. */
export async function openListsOf(db: DbOrTx, ids: readonly number[]) {
  const rows: { bin_location_id: number; location: string; list: string }[] = [];
  for (let start = 0; start < ids.length; start += chunk) {
    rows.push(
      ...(await db
        .selectFrom('counting_list_open_location as o')
        .innerJoin('bin_location as b', 'b.id', 'o.bin_location_id')
        .innerJoin('document as d', 'd.id', 'o.document_id')
        .select(['o.bin_location_id', 'b.code as location', 'd.code as list'])
        .where('o.bin_location_id', 'in', ids.slice(start, start + chunk))
        .execute()),
    );
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.bin_location_id) ?? 0) - (order.get(b.bin_location_id) ?? 0));
}

/**
 * Adds a new list's locations (positions in the order given) and marks them open; answers how many
 * were marked (fewer: another list took some meanwhile).
 */
export async function insertListLocations(
  tx: DbOrTx,
  documentId: number,
  countingType: string,
  createdBy: string,
  ids: readonly number[],
): Promise<number> {
  await tx
    .insertInto('counting_list')
    .values({ document_id: documentId, counting_type: countingType, created_by: createdBy })
    .execute();
  let opened = 0;
  for (let start = 0; start < ids.length; start += chunk) {
    const part = ids.slice(start, start + chunk);
    await tx
      .insertInto('counting_list_location')
      .values(
        part.map((id, i) => ({
          document_id: documentId,
          bin_location_id: id,
          position: start + i,
          state: 'PENDING',
          agreed: null,
        })),
      )
      .execute();
    const rows = await tx
      .insertInto('counting_list_open_location')
      .values(part.map((id) => ({ bin_location_id: id, document_id: documentId })))
      .onConflict((oc) => oc.column('bin_location_id').doNothing())
      .returning('bin_location_id')
      .execute();
    opened += rows.length;
  }
  return opened;
}

/** A list closes (flushed or cancelled): its locations are free for another list. */
export async function closeListLocations(tx: DbOrTx, documentId: number): Promise<void> {
  await tx.deleteFrom('counting_list_open_location').where('document_id', '=', documentId).execute();
}

const listColumns = [
  'd.id',
  'd.code',
  'd.status',
  'd.version',
  'd.created_at',
  'w.code as warehouse',
  'c.counting_type',
] as const;

const lists = (db: DbOrTx) =>
  db
    .selectFrom('document as d')
    .innerJoin('counting_list as c', 'c.document_id', 'd.id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .select(listColumns)
    .where('d.type', '=', 'COUNTING_LIST');

export type ListRow = NonNullable<Awaited<ReturnType<ReturnType<typeof lists>['executeTakeFirst']>>>;

export function findList(db: DbOrTx, code: string): Promise<ListRow | undefined> {
  return lists(db).where('d.code_lower', '=', codeKey(code)).executeTakeFirst();
}

/** The open lists (not FLUSHED or CANCELLED), oldest first. */
export function openLists(db: DbOrTx) {
  return lists(db).where('d.status', 'not in', ['FLUSHED', 'CANCELLED']).orderBy('d.id').execute();
}

/** The lists of every status, newest first (the creator's table). */
export function recentLists(db: DbOrTx, limit: number) {
  return lists(db).orderBy('d.id', 'desc').limit(limit).execute();
}

export function countOpenLists(db: DbOrTx) {
  return db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type', '=', 'COUNTING_LIST')
    .where('status', 'not in', ['FLUSHED', 'CANCELLED'])
    .executeTakeFirstOrThrow();
}

/** Locations per state of these lists. */
export function stateCounts(db: DbOrTx, documentIds: readonly number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('counting_list_location')
    .select(['document_id', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('document_id', 'in', documentIds)
    .groupBy(['document_id', 'state'])
    .execute();
}

/** A list's locations in walk order. */
export function listLocations(db: DbOrTx, documentId: number) {
  return db
    .selectFrom('counting_list_location as l')
    .innerJoin('bin_location as b', 'b.id', 'l.bin_location_id')
    .select(['l.bin_location_id', 'l.state', 'l.agreed', 'b.code', 'b.visual_code', 'b.counting_sorting_code'])
    .where('l.document_id', '=', documentId)
    .orderBy('l.position')
    .execute();
}

export function listLocationsOf(db: DbOrTx, documentId: number, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('counting_list_location as l')
    .innerJoin('bin_location as b', 'b.id', 'l.bin_location_id')
    .select(['l.bin_location_id', 'b.code', 'b.code_lower'])
    .where('l.document_id', '=', documentId)
    .where('b.code_lower', 'in', codes.map(codeKey))
    .execute();
}

export function findListLocation(db: DbOrTx, documentId: number, binLocationId: number) {
  return db
    .selectFrom('counting_list_location')
    .select(['state', 'agreed'])
    .where('document_id', '=', documentId)
    .where('bin_location_id', '=', binLocationId)
    .executeTakeFirst();
}

export async function setLocationState(
  tx: DbOrTx,
  documentId: number,
  binLocationId: number,
  state: string,
  agreed: string | null,
): Promise<void> {
  await tx
    .updateTable('counting_list_location')
    .set({ state, agreed })
    .where('document_id', '=', documentId)
    .where('bin_location_id', '=', binLocationId)
    .execute();
}

/** The saved counts of a list (of one location, or all), in round order. */
export function countsOf(db: DbOrTx, documentId: number, binLocationId: number | null) {
  let query = db
    .selectFrom('counting_list_count')
    .select(['id', 'bin_location_id', 'round', 'user_id', 'username', 'lines', 'at'])
    .where('document_id', '=', documentId);
  if (binLocationId !== null) query = query.where('bin_location_id', '=', binLocationId);
  return query.orderBy('bin_location_id').orderBy('round').execute();
}

export interface NewCount {
  documentId: number;
  binLocationId: number;
  round: number;
  userId: number;
  username: string;
  lines: string;
  empty: boolean;
  at: string;
}

/** Writes the caller's count of the round (a draft: the same user's save of the round replaces it). */
export async function upsertCount(tx: DbOrTx, count: NewCount): Promise<void> {
  await tx
    .deleteFrom('counting_list_count')
    .where('document_id', '=', count.documentId)
    .where('bin_location_id', '=', count.binLocationId)
    .where('round', '=', count.round)
    .execute();
  await tx
    .insertInto('counting_list_count')
    .values({
      document_id: count.documentId,
      bin_location_id: count.binLocationId,
      round: count.round,
      user_id: count.userId,
      username: count.username,
      lines: count.lines,
      empty: count.empty ? 1 : 0,
      at: count.at,
    })
    .execute();
}

/** The batch of each serial's stock row (anywhere). */
export function serialBatches(db: DbOrTx, serialIds: readonly number[]) {
  if (serialIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('stock')
    .select(['serial_id', 'batch_id'])
    .where('serial_id', 'in', serialIds)
    .where('on_hand_qty', '>', 0)
    .execute();
}

/** Flags locations a flush excluded: requiresCounting YES, so they are counted later. */
export async function flagForCounting(tx: DbOrTx, ids: readonly number[], at: string): Promise<void> {
  for (let start = 0; start < ids.length; start += chunk) {
    await tx
      .updateTable('bin_location')
      .set({ requires_counting: 'YES', version: sql<number>`version + 1`, updated_at: at })
      .where('id', 'in', ids.slice(start, start + chunk))
      .execute();
  }
}

/** The count lines a flushed list wrote to the history. */
export function postedCountLines(db: DbOrTx, listCode: string) {
  return db
    .selectFrom('location_count_line as l')
    .innerJoin('location_count as c', 'c.id', 'l.location_count_id')
    .select(['l.item_id', 'l.counted', 'l.on_hand'])
    .where('c.source', '=', 'COUNTING_LIST')
    .where('c.document_code', '=', listCode)
    .execute();
}

/** The stock on hand at these locations. */
export async function onHandAt(db: DbOrTx, ids: readonly number[]) {
  const rows: { item_id: number; on_hand_qty: number }[] = [];
  for (let start = 0; start < ids.length; start += chunk) {
    rows.push(
      ...(await db
        .selectFrom('stock')
        .select(['item_id', 'on_hand_qty'])
        .where('bin_location_id', 'in', ids.slice(start, start + chunk))
        .execute()),
    );
  }
  return rows;
}

export async function itemsOf(db: DbOrTx, ids: readonly number[]) {
  const rows: { id: number; code: string; name: string; avg_price: string | null }[] = [];
  for (let start = 0; start < ids.length; start += chunk) {
    rows.push(
      ...(await db
        .selectFrom('item')
        .select(['id', 'code', 'name', 'avg_price'])
        .where('id', 'in', ids.slice(start, start + chunk))
        .execute()),
    );
  }
  return rows;
}
