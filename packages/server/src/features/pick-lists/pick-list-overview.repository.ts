import { codeKey, paddedCodeKey, type PickListQueryValues } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { preconditionFailed, unprocessable } from '../../http/app-error.js';
import type { PickListOrigin } from './pick-lists.repository.js';

/** The reads and writes of the pick list overview and its actions (pick-list-overview.routes.ts). */

/** 422 picklistNotInStatus {status} unless the list is in one of the statuses. */
export function assertPickListStatus(head: { status: string }, allowed: readonly string[]): void {
  if (!allowed.includes(head.status)) throw unprocessable('picklistNotInStatus', { status: head.status });
}

/**
 * The caller's version check and the list's next version in one conditional update (a change
 * that keeps the status still bumps it): 412 optimisticLockConflict {currentVersion} when stale.
 */
export async function bumpVersion(tx: DbOrTx, head: { id: number; version: number }, expected: number, at: string) {
  const row = await tx
    .updateTable('document')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', head.id)
    .where('version', '=', expected)
    .returning('version')
    .executeTakeFirst();
  if (!row) throw preconditionFailed({ currentVersion: head.version });
  return row.version;
}

/** Lists that may still be picked, packed or delivered (the overview's default "open" view). */
const openStatuses = ['RELEASED', 'PARTLY_PICKED', 'PICKED'] as const;

export interface PickListSummaryRow {
  id: number;
  code: string;
  status: string;
  version: number;
  priority: number;
  warehouse: string | null;
  customer_code: string | null;
  customer_name: string | null;
  ship_date: string | null;
  route: string | null;
  packed: number | null;
  created_at: string;
  lines_total: number | string | null;
  lines_done: number | string | null;
  containers: number | string | null;
  claimed_by: string | null;
}

type Filter = Omit<PickListQueryValues, 'offset' | 'limit'>;

function filtered(db: DbOrTx, filter: Filter) {
  let query = db
    .selectFrom('document as d')
    .leftJoin('pick_list as p', 'p.document_id', 'd.id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .where('d.type', '=', 'PICK_LIST');
  if (filter.status) {
    query = query.where('d.status', '=', filter.status);
  } else if (filter.open) {
    query = query.where('d.status', 'in', [...openStatuses]);
  }
  if (filter.warehouse) query = query.where('w.code_lower', '=', codeKey(filter.warehouse));
  if (filter.customer) query = query.where('bp.code_key', '=', paddedCodeKey(filter.customer));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(d.code_lower like ${pattern} escape '\\' or lower(coalesce(bp.name, '')) like ${pattern} escape '\\' or lower(coalesce(bp.code, '')) like ${pattern} escape '\\' or lower(coalesce(p.route, '')) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

export async function countPickLists(db: DbOrTx, filter: Filter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of lists: highest priority first, then the earliest ship date (none last), then code. */
export function pickListSummaries(
  db: DbOrTx,
  filter: Filter,
  page: { offset: number; limit: number },
): Promise<PickListSummaryRow[]> {
  return filtered(db, filter)
    .select((eb) => [
      'd.id',
      'd.code',
      'd.status',
      'd.version',
      'd.priority',
      'w.code as warehouse',
      'bp.code as customer_code',
      'bp.name as customer_name',
      'd.ship_date',
      'p.route',
      'p.packed',
      'd.created_at',
      eb
        .selectFrom('document_line as dl')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('dl.document_id', '=', 'd.id')
        .as('lines_total'),
      eb
        .selectFrom('document_line as dl')
        .innerJoin('pick_list_line as pl', 'pl.document_line_id', 'dl.id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('dl.document_id', '=', 'd.id')
        .where(sql<boolean>`dl.quantity - pl.picked_qty - pl.short_qty <= 0`)
        .as('lines_done'),
      eb
        .selectFrom('shipping_container as sc')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('sc.pick_list_id', '=', 'd.id')
        .as('containers'),
      eb
        .selectFrom('claim_object as co')
        .innerJoin('claim as c', 'c.id', 'co.claim_id')
        .innerJoin('app_user as u', 'u.id', 'c.user_id')
        .select('u.username')
        .where('co.object_type', '=', 'PICK_LIST')
        .whereRef('co.object_id', '=', 'd.id')
        .as('claimed_by'),
    ])
    .orderBy('d.priority', 'desc')
    .orderBy(sql`case when d.ship_date is null then 1 else 0 end`)
    .orderBy('d.ship_date')
    .orderBy('d.code_lower')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The highest priority among the warehouse's other lists still to pick (0 when none). */
export async function maxOpenPriority(db: DbOrTx, warehouseId: number | null, exceptId: number): Promise<number> {
  let query = db
    .selectFrom('document')
    .select((eb) => eb.fn.max('priority').as('top'))
    .where('type', '=', 'PICK_LIST')
    .where('status', 'in', ['RELEASED', 'PARTLY_PICKED'])
    .where('id', '!=', exceptId);
  query =
    warehouseId === null ? query.where('warehouse_id', 'is', null) : query.where('warehouse_id', '=', warehouseId);
  const row = await query.executeTakeFirst();
  return Number(row?.top ?? 0);
}

/** Sets the list's priority and ship date (null clears it); undefined leaves one as it is. */
export async function setListPlanning(
  tx: DbOrTx,
  id: number,
  changes: { priority?: number | undefined; shipDate?: string | null | undefined },
): Promise<void> {
  const set = {
    ...(changes.priority === undefined ? {} : { priority: changes.priority }),
    ...(changes.shipDate === undefined ? {} : { ship_date: changes.shipDate }),
  };
  if (Object.keys(set).length > 0) await tx.updateTable('document').set(set).where('id', '=', id).execute();
}

/** Sets the list's packed flag. */
export async function setPacked(tx: DbOrTx, id: number, packed: boolean): Promise<void> {
  await tx
    .updateTable('pick_list')
    .set({ packed: packed ? 1 : 0 })
    .where('document_id', '=', id)
    .execute();
}

/** Sets how the list was made (pick_list.origin). */
export async function setOrigin(tx: DbOrTx, id: number, origin: PickListOrigin): Promise<void> {
  await tx.updateTable('pick_list').set({ origin }).where('document_id', '=', id).execute();
}

/** Containers that left with a delivery: the list is delivered (in part or whole). */
const deliveredContainerStatuses = ['DELIVERED', 'DISPATCHED'];

/** Whether goods of the list were delivered: a container of it DELIVERED, DISPATCHED or on a delivery. */
export async function hasDeliveredContainer(db: DbOrTx, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('shipping_container')
    .select('id')
    .where('pick_list_id', '=', id)
    .where((eb) => eb.or([eb('status', 'in', deliveredContainerStatuses), eb('delivery_id', 'is not', null)]))
    .executeTakeFirst();
  return row !== undefined;
}
