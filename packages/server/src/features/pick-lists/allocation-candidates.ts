import { pickingStrategies } from '@wms/contract';
import { sql } from 'kysely';
import { isSqlite } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';
import { today } from '../../util/time.js';
import { freeToMoveOfStockRow } from '../stock/stock-queries.js';

/**
 * The stock a pick list line may be allocated from (decision 0183, "Order of allocation"), in
 * the order allocation takes it. A stock row is a candidate when it holds free stock (onHand -
 * released - pick - QC-pending) of the item in the warehouse, on an active location that is
 * neither stockMovementRestricted nor blocked, of a type other than QC, RECEIVE and MOBILE
 * (containers and carts are MOBILE), and its batch or serial (if any) is QC-approved and not
 * expired (expiry before today).
 *
 * Order: the item's default locations in the warehouse (pick faces) first, then bulk; within
 * each by the location's pickingStrategy, else the item's: FEFO (earliest expiry first, no expiry
 * last, then by admission) when the item's candidates carry expiry dates, else FIFO (oldest
 * admission first: the batch's or serial's admission date, else the stock row's age); LIFO the
 * newest first; then by location sortingCode and code.
 */

export type PickingStrategy = (typeof pickingStrategies)[number];

export interface AllocationCandidate {
  stockId: number;
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  binLocationId: number;
  locationCode: string;
  sortingCode: string | null;
  /** Free stock (thousandths). */
  free: number;
  expirationDate: string | null;
  admissionDate: string | null;
  pickFace: boolean;
  strategy: PickingStrategy;
}

/** The location types allocation never takes stock from. */
export const unallocatableLocationTypes = ['QC', 'RECEIVE', 'MOBILE'] as const;

const pickingStrategyOf = (value: string | null): PickingStrategy | null =>
  pickingStrategies.find((strategy) => strategy === value) ?? null;

/**
 * The candidate stock rows of items in a warehouse (one query), sorted per item in allocation
 * order. On PostgreSQL the rows are locked (unless `lock` is false) (FOR UPDATE, in id order) so that concurrent runs
 * allocating the same stock read it one after the other.
 */
export async function allocationCandidates(
  tx: DbOrTx,
  warehouseId: number,
  itemIds: readonly number[],
  options: { lock: boolean } = { lock: true },
): Promise<Map<number, AllocationCandidate[]>> {
  const answer = new Map<number, AllocationCandidate[]>();
  if (itemIds.length === 0) return answer;
  const todayDate = today();
  let query = tx
    .selectFrom('stock as s')
    .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 's.batch_id')
    .leftJoin('serial as se', 'se.id', 's.serial_id')
    .leftJoin('default_item_location as d', (join) =>
      join
        .onRef('d.item_id', '=', 's.item_id')
        .onRef('d.bin_location_id', '=', 's.bin_location_id')
        .on('d.warehouse_id', '=', warehouseId),
    )
    .select([
      's.id',
      's.item_id',
      's.batch_id',
      's.serial_id',
      's.bin_location_id',
      'b.code as location_code',
      'b.sorting_code',
      'b.picking_strategy',
      freeToMoveOfStockRow.as('free'),
      sql<string | null>`coalesce(ba.expiration_date, se.expiration_date)`.as('expiration_date'),
      sql<string | null>`coalesce(ba.admission_date, se.admission_date)`.as('admission_date'),
      'd.id as default_id',
    ])
    .where('s.item_id', 'in', [...itemIds])
    .where('b.warehouse_id', '=', warehouseId)
    .where('b.active', '=', 1)
    .where('b.stock_movement_restricted', '=', 0)
    .where('b.block_stock_movements', '=', 0)
    .where('b.location_type', 'not in', [...unallocatableLocationTypes])
    .where(freeToMoveOfStockRow, '>', 0)
    .where((eb) =>
      eb.or([
        eb('s.batch_id', 'is', null),
        eb.and([
          eb('ba.quality_control_approved_or_not_required', '=', 1),
          eb.or([eb('ba.expiration_date', 'is', null), eb('ba.expiration_date', '>=', todayDate)]),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('s.serial_id', 'is', null),
        eb.and([
          eb('se.quality_control_approved_or_not_required', '=', 1),
          eb.or([eb('se.expiration_date', 'is', null), eb('se.expiration_date', '>=', todayDate)]),
        ]),
      ]),
    )
    .orderBy('s.id');
  if (options.lock && !isSqlite(tx)) query = query.forUpdate('s');
  const rows = await query.execute();
  const withExpiry = new Set(rows.filter((r) => r.expiration_date !== null).map((r) => r.item_id));
  const seen = new Set<number>();
  for (const r of rows) {
    // One default location row per item and warehouse: a duplicate join row would repeat a stock row.
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const candidate: AllocationCandidate = {
      stockId: r.id,
      itemId: r.item_id,
      batchId: r.batch_id,
      serialId: r.serial_id,
      binLocationId: r.bin_location_id,
      locationCode: r.location_code,
      sortingCode: r.sorting_code,
      free: Number(r.free),
      expirationDate: r.expiration_date,
      admissionDate: r.admission_date,
      pickFace: r.default_id !== null,
      strategy: pickingStrategyOf(r.picking_strategy) ?? (withExpiry.has(r.item_id) ? 'FEFO' : 'FIFO'),
    };
    const list = answer.get(r.item_id) ?? [];
    list.push(candidate);
    answer.set(r.item_id, list);
  }
  for (const list of answer.values()) list.sort(compareCandidates);
  return answer;
}

const dayNumber = (date: string | null, fallback: number): number => {
  if (date === null) return fallback;
  const ms = Date.parse(date.slice(0, 10));
  return Number.isNaN(ms) ? fallback : ms / 86_400_000;
};

/**
 * A candidate's place within its group (faces or bulk): [primary, secondary]. Admission without a
 * date counts as today's; ties fall to the stock row's id (older rows first), then sortingCode.
 */
function strategyKey(c: AllocationCandidate): [number, number] {
  // Today's day number, whole like dayNumber's: a fraction of now would differ between two calls
  // of one sort, so two undated rows compared by when they were looked at, not by the ties below.
  const today = Math.floor(Date.now() / 86_400_000);
  const admission = dayNumber(c.admissionDate, today);
  switch (c.strategy) {
    case 'FEFO':
      return [dayNumber(c.expirationDate, Number.MAX_SAFE_INTEGER), admission];
    case 'LIFO':
      return [-admission, -c.stockId];
    case 'FIFO':
      return [admission, 0];
  }
}

export function compareCandidates(a: AllocationCandidate, b: AllocationCandidate): number {
  if (a.pickFace !== b.pickFace) return a.pickFace ? -1 : 1;
  const [a1, a2] = strategyKey(a);
  const [b1, b2] = strategyKey(b);
  return (
    a1 - b1 ||
    a2 - b2 ||
    (a.sortingCode ?? '').localeCompare(b.sortingCode ?? '') ||
    a.locationCode.localeCompare(b.locationCode) ||
    a.stockId - b.stockId
  );
}
