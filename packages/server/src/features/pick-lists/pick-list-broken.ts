import { fromThousandths, type PickList } from '@wms/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { changeAllocations, type AllocationChange } from '../stock/stock.service.js';
import { unallocatableLocationTypes } from './allocation-candidates.js';
import { allocateLines, orderWalk } from './pick-list-allocation.js';
import { afterPickListCommit } from './pick-list-live.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';
import { nowIso, today } from '../../util/time.js';

/**
 * Broken pick list lines (decision 0183): an open line of a RELEASED or PARTLY_PICKED list is
 * broken when its allocations no longer cover its open quantity:
 * - an allocation's stock row holds less released stock than the allocations of its key (the
 *   allocation table disagrees with the stock row, e.g. after a correction of the stock); the
 *   shortfall counts against the newest allocations of the key first;
 * - an allocation lies on a location now blocked, restricted, inactive or of a type allocation
 *   never uses, or its batch or serial expired or is no longer QC-approved: all of it is missing;
 * - or the line's allocations sum to less than its open quantity.
 * Re-allocation releases the missing parts and allocates the open rest anew.
 */

const openStatuses = ['RELEASED', 'PARTLY_PICKED'] as const;
/** At most this many broken lines are answered. */
const brokenLimit = 2000;

interface AllocationState {
  id: number;
  lineId: number;
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  binLocationId: number;
  quantity: number;
  location: string;
  batch: string | null;
  /** The part the stock row's released stock no longer holds. */
  missingInRow: number;
  /** The location, batch or serial may no longer be picked from: all of it is missing. */
  invalid: boolean;
}

/** The allocations of the open lines of open lists (or of one list) with what is missing of each. */
async function allocationStates(db: DbOrTx, documentId?: number): Promise<AllocationState[]> {
  const todayDate = today();
  let query = db
    .selectFrom('stock_allocation as a')
    .innerJoin('document_line as l', 'l.id', 'a.document_line_id')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .innerJoin('bin_location as b', 'b.id', 'a.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'a.batch_id')
    .leftJoin('serial as se', 'se.id', 'a.serial_id')
    .leftJoin('stock as s', (join) =>
      join
        .onRef('s.item_id', '=', 'a.item_id')
        .onRef('s.bin_location_id', '=', 'a.bin_location_id')
        .on(sql<boolean>`coalesce(s.batch_id, 0) = coalesce(a.batch_id, 0)`)
        .on(sql<boolean>`coalesce(s.serial_id, 0) = coalesce(a.serial_id, 0)`),
    )
    .select([
      'a.id',
      'a.document_line_id',
      'a.item_id',
      'a.batch_id',
      'a.serial_id',
      'a.bin_location_id',
      'a.quantity',
      'b.code as location',
      'ba.code as batch',
      sql<number>`coalesce(s.released_qty, 0)`.as('released'),
      sql<number>`case when b.active = 1 and b.stock_movement_restricted = 0 and b.block_stock_movements = 0
        and b.location_type not in (${sql.join(unallocatableLocationTypes.map((t) => sql.lit(t)))})
        and (ba.id is null or (ba.quality_control_approved_or_not_required = 1 and (ba.expiration_date is null or ba.expiration_date >= ${todayDate})))
        and (se.id is null or (se.quality_control_approved_or_not_required = 1 and (se.expiration_date is null or se.expiration_date >= ${todayDate})))
        then 0 else 1 end`.as('invalid'),
    ]);
  if (documentId !== undefined) query = query.where('d.id', '=', documentId);
  else query = query.where('d.type', '=', 'PICK_LIST').where('d.status', 'in', [...openStatuses]);
  const rows = await query.execute();
  // Every allocation of a key counts against its stock row, also those of other lists.
  const keyOf = (r: { item_id: number; bin_location_id: number; batch_id: number | null; serial_id: number | null }) =>
    `${r.item_id}:${r.bin_location_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}`;
  const keys = [...new Set(rows.map(keyOf))];
  const allOfKey = new Map<string, { id: number; quantity: number }[]>();
  if (keys.length > 0) {
    const itemIds = [...new Set(rows.map((r) => r.item_id))];
    const all = await db
      .selectFrom('stock_allocation')
      .select(['id', 'item_id', 'bin_location_id', 'batch_id', 'serial_id', 'quantity'])
      .where('item_id', 'in', itemIds)
      .execute();
    for (const a of all) {
      const key = keyOf(a);
      allOfKey.set(key, [...(allOfKey.get(key) ?? []), { id: a.id, quantity: Number(a.quantity) }]);
    }
  }
  const released = new Map(rows.map((r) => [keyOf(r), Number(r.released)]));
  const missingOf = new Map<number, number>();
  for (const [key, allocations] of allOfKey) {
    let shortfall = allocations.reduce((sum, a) => sum + a.quantity, 0) - (released.get(key) ?? 0);
    if (!released.has(key)) continue;
    for (const a of [...allocations].sort((x, y) => y.id - x.id)) {
      if (shortfall <= 0) break;
      const missing = Math.min(a.quantity, shortfall);
      missingOf.set(a.id, missing);
      shortfall -= missing;
    }
  }
  return rows.map((r) => ({
    id: r.id,
    lineId: r.document_line_id,
    itemId: r.item_id,
    batchId: r.batch_id,
    serialId: r.serial_id,
    binLocationId: r.bin_location_id,
    quantity: Number(r.quantity),
    location: r.location,
    batch: r.batch,
    missingInRow: missingOf.get(r.id) ?? 0,
    invalid: Number(r.invalid) === 1,
  }));
}

/** The open lines of open lists (or one list): id, code, line number, item, open quantity. */
function openLines(db: DbOrTx, documentId?: number) {
  let query = db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .innerJoin('pick_list_line as p', 'p.document_line_id', 'l.id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'd.code',
      'd.warehouse_id',
      'l.line_number',
      'l.item_id',
      'l.batch_id',
      'l.serial_id',
      'i.code as item_code',
      'l.open_quantity',
    ])
    .where('l.open_quantity', '>', 0);
  if (documentId !== undefined) query = query.where('d.id', '=', documentId);
  else query = query.where('d.type', '=', 'PICK_LIST').where('d.status', 'in', [...openStatuses]);
  return query.orderBy('d.code').orderBy('l.line_number').execute();
}

/** GET /api/v1/pick_list/broken: the broken lines of open lists (at most 2000). */
export async function brokenPickLines(ctx: AppContext) {
  const [states, lines] = await Promise.all([allocationStates(ctx.db), openLines(ctx.db)]);
  const perLine = new Map<number, AllocationState[]>();
  for (const s of states) perLine.set(s.lineId, [...(perLine.get(s.lineId) ?? []), s]);
  const answer = [];
  for (const line of lines) {
    const allocations = perLine.get(line.id) ?? [];
    const allocated = allocations.reduce((sum, a) => sum + a.quantity, 0);
    const uncovered = allocations
      .map((a) => ({ location: a.location, batch: a.batch, missing: a.invalid ? a.quantity : a.missingInRow }))
      .filter((u) => u.missing > 0);
    if (uncovered.length === 0 && allocated >= Number(line.open_quantity)) continue;
    answer.push({
      code: line.code,
      lineNumber: line.line_number,
      item: line.item_code,
      openQuantity: fromThousandths(Number(line.open_quantity)),
      allocatedQuantity: fromThousandths(allocated),
      uncovered: uncovered.map((u) => ({ ...u, missing: fromThousandths(u.missing) })),
    });
    if (answer.length >= brokenLimit) break;
  }
  return answer;
}

/**
 * Releases what is missing of a list's allocations (the part its stock row no longer holds only
 * from the allocation table; the rest of an invalid allocation from the stock row too) and
 * allocates the open rest of every open line anew. Inside the caller's transaction, which holds
 * the list's lock.
 */
export async function reallocateList(tx: Tx, documentId: number, warehouseId: number): Promise<void> {
  const states = await allocationStates(tx, documentId);
  const fromTableOnly: AllocationChange[] = [];
  const withStock: AllocationChange[] = [];
  for (const s of states) {
    const key = {
      documentLineId: s.lineId,
      itemId: s.itemId,
      batchId: s.batchId,
      serialId: s.serialId,
      binLocationId: s.binLocationId,
    };
    if (s.missingInRow > 0) fromTableOnly.push({ ...key, delta: -s.missingInRow });
    if (s.invalid && s.quantity > s.missingInRow) withStock.push({ ...key, delta: -(s.quantity - s.missingInRow) });
  }
  await changeAllocations(tx, fromTableOnly, { stockAlreadyChanged: true });
  await changeAllocations(tx, withStock);

  const lines = await openLines(tx, documentId);
  const held = new Map<number, number>();
  for (const s of states) held.set(s.lineId, (held.get(s.lineId) ?? 0) + s.quantity);
  for (const change of [...fromTableOnly, ...withStock]) {
    held.set(change.documentLineId, (held.get(change.documentLineId) ?? 0) + change.delta);
  }
  await allocateLines(
    tx,
    lines.map((l) => ({
      line: { id: l.id, itemId: l.item_id, warehouseId, batchId: l.batch_id, serialId: l.serial_id },
      quantity: Number(l.open_quantity) - (held.get(l.id) ?? 0),
    })),
  );
  await orderWalk(
    tx,
    await tx
      .selectFrom('document_line')
      .select(['id', 'line_number as lineNumber'])
      .where('document_id', '=', documentId)
      .execute(),
  );
  await tx
    .updateTable('document')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: nowIso() }))
    .where('id', '=', documentId)
    .execute();
}

/** POST /api/v1/pick_list/{code}/reallocate: 404 unknownDocument; a list not open: 422 picklistNotInStatus {status}. */
export async function reallocatePickList(ctx: AppContext, code: string): Promise<PickList> {
  const listCode = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (!(openStatuses as readonly string[]).includes(head.status) || head.warehouse_id === null) {
      throw unprocessable('picklistNotInStatus', { status: head.status });
    }
    await reallocateList(tx, head.id, head.warehouse_id);
    return head.code;
  });
  await afterPickListCommit(ctx, [listCode]);
  return loadPickListView(ctx.db, listCode);
}
