import { fromThousandths, paddedCodeKey, toThousandths, type PickAnswer, type pickRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { AppError, badRequest, unprocessable } from '../../http/app-error.js';
import { nowIso, today } from '../../util/time.js';
import { assertClaimant } from '../claims/claims.service.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { applyStockMovement, changeAllocations, type AllocationChange, type StockKey } from '../stock/stock.service.js';
import { isLocationBeingCounted } from './pick-list-counting.js';
import { afterPickListCommit } from './pick-list-live.js';
import * as repository from './pick-list-pick.repository.js';
import type { LineRow, LocationRow } from './pick-list-pick.repository.js';
import { refreshPickListStatus } from './pick-list-status.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';
import { allocationsOfLines, type AllocationRow, type PickListHead } from './pick-lists.repository.js';
import { containerForPick } from './shipping-containers.js';
import { assertCartSlotContainer } from '../pick-and-collect/cart-slot-check.js';

/**
 * PICK (decision 0183, PROCESSES.md 3.3): one transaction locks the list's document, checks the
 * claim, status, line, location and quantity, swaps in another batch or serial when allowed,
 * moves the stock (PICK: - onHand and released at the source, + onHand and pickQty in the
 * container's bin location), consumes the allocation, writes the pick entries and the line's
 * progress, and recomputes the status. The idempotency key is the ledger's: a replay answers the
 * list as it is and moves nothing.
 */

export type PickBody = z.output<typeof pickRequestSchema>;

/** One stock key the pick takes from, with how much (integer thousandths). */
interface Unit {
  batchId: number | null;
  serialId: number | null;
  /** The batch or serial code the picker scanned (for refusals). */
  scanned: string | null;
  quantity: number;
  /** Free, unexpired and QC-approved stock of the key may be swapped in for the line. */
  swappable: boolean;
}

export const pickListObject = (documentId: number) => ({ type: 'PICK_LIST' as const, id: documentId });

/** The list must be RELEASED or PARTLY_PICKED: 422 picklistNotPickable {status}. */
export function assertPickable(head: PickListHead): void {
  if (head.status !== 'RELEASED' && head.status !== 'PARTLY_PICKED') {
    throw unprocessable('picklistNotPickable', { status: head.status });
  }
}

export async function findLineOrThrow(tx: Tx, documentId: number, lineNumber: number): Promise<LineRow> {
  const line = await repository.findLine(tx, documentId, lineNumber);
  if (!line) throw unprocessable('unknownLine', { line: lineNumber });
  return line;
}

/** One allocation of a line, with its stock key as the stock service names it. */
export interface LineAllocation extends StockKey {
  id: number;
  quantity: number;
  /** The location's code. */
  location: string;
}

export const toLineAllocation = (a: AllocationRow): LineAllocation => ({
  id: a.id,
  itemId: a.item_id,
  batchId: a.batch_id,
  serialId: a.serial_id,
  binLocationId: a.bin_location_id,
  quantity: a.quantity,
  location: a.location_code,
});

/** A line's allocations by location sortingCode, then code. */
export async function allocationsOfLine(db: DbOrTx, lineId: number): Promise<LineAllocation[]> {
  return (await allocationsOfLines(db, [lineId])).map(toLineAllocation);
}

/** Locations where picking may take stock that is not allocated (allocation's own rule). */
function mayAllocateFrom(location: LocationRow): boolean {
  return (
    location.active === 1 &&
    location.block_stock_movements === 0 &&
    location.stock_movement_restricted === 0 &&
    !['QC', 'RECEIVE', 'MOBILE'].includes(location.location_type)
  );
}

/** Whether a batch or serial may be picked instead of what was allocated: QC-approved and unexpired. */
function unitAllowed(unit: { expiration_date: string | null; approved: number }): boolean {
  return unit.approved === 1 && (unit.expiration_date === null || unit.expiration_date.slice(0, 10) >= today());
}

async function unitsOf(tx: Tx, line: LineRow, body: PickBody, quantity: number): Promise<Unit[]> {
  if (line.managed_by === 'SERIAL_NUMBER') {
    if (body.serials.length === 0) throw unprocessable('serialRequired', { item: line.item_code });
    if (toThousandths(body.serials.length) !== quantity || new Set(body.serials).size !== body.serials.length) {
      throw badRequest('invalidInput', {
        fields: [{ field: 'body.serials', message: 'one distinct serial per unit of the quantity' }],
      });
    }
    const found = new Map(
      (await repository.findSerials(tx, line.item_id, body.serials)).map((serial) => [serial.code_key, serial]),
    );
    const units: Unit[] = [];
    for (const code of body.serials) {
      const serial = found.get(paddedCodeKey(code));
      if (!serial) throw unprocessable('unknownSerial', { code });
      const asked = line.serial_id === null || line.serial_id === serial.id;
      units.push({
        batchId: null,
        serialId: serial.id,
        scanned: serial.code,
        quantity: 1000,
        swappable: asked && unitAllowed(serial),
      });
    }
    return units;
  }
  if (line.managed_by === 'BATCH_NUMBER') {
    if (body.batch === null) throw unprocessable('batchRequired', { item: line.item_code });
    const batch = await repository.findBatch(tx, line.item_id, body.batch);
    if (!batch) throw unprocessable('unknownBatch', { code: body.batch });
    const asked = line.batch_id === null || line.batch_id === batch.id;
    return [
      { batchId: batch.id, serialId: null, scanned: batch.code, quantity, swappable: asked && unitAllowed(batch) },
    ];
  }
  return [{ batchId: null, serialId: null, scanned: null, quantity, swappable: false }];
}

const sameKey = (a: StockKey, b: StockKey) =>
  a.itemId === b.itemId &&
  a.binLocationId === b.binLocationId &&
  (a.batchId ?? 0) === (b.batchId ?? 0) &&
  (a.serialId ?? 0) === (b.serialId ?? 0);

interface PickPlan {
  /** Allocation changes made before the movement: releases of other keys, the swapped-in keys. */
  swaps: AllocationChange[];
  /** The keys the movement takes from (each allocated by then), with the quantity. */
  takes: { key: StockKey; quantity: number }[];
}

/**
 * What the pick takes from and which allocations swap. Allocated keys are consumed first; a
 * shortfall of a batch or serial is swapped in when its stock at the location is free,
 * unexpired and QC-approved (releasing as much of the line's other allocations), else 422
 * batchNotAllowed {batch}. A location holding no allocation of the line is 422
 * wrongLocationScanned {expected, scanned} unless such a swap applies; more than the line's
 * allocation at the location is 422 qtyTooLarge {quantity, max}.
 */
async function planPick(
  tx: Tx,
  line: LineRow,
  location: LocationRow,
  units: readonly Unit[],
  allocations: readonly LineAllocation[],
  quantity: number,
): Promise<PickPlan> {
  const remaining = new Map(allocations.map((a) => [a.id, a.quantity]));
  const here = allocations.filter((a) => a.binLocationId === location.id);
  const expected = allocations[0]?.location ?? null;
  const plan: PickPlan = { swaps: [], takes: [] };
  const shortfalls: { unit: Unit; key: StockKey; missing: number }[] = [];
  for (const unit of units) {
    const key: StockKey = {
      itemId: line.item_id,
      binLocationId: location.id,
      batchId: unit.batchId,
      serialId: unit.serialId,
    };
    const allocated = allocations.find((a) => sameKey(a, key));
    const consumed = Math.min(unit.quantity, allocated ? (remaining.get(allocated.id) ?? 0) : 0);
    if (allocated && consumed > 0) remaining.set(allocated.id, (remaining.get(allocated.id) ?? 0) - consumed);
    plan.takes.push({ key, quantity: unit.quantity });
    if (consumed < unit.quantity) shortfalls.push({ unit, key, missing: unit.quantity - consumed });
  }
  for (const { unit, key, missing } of shortfalls) {
    if (line.managed_by === 'NORMAL') {
      if (here.length === 0) throw unprocessable('wrongLocationScanned', { expected, scanned: location.code });
      const max = fromThousandths(here.reduce((sum, a) => sum + a.quantity, 0));
      throw unprocessable('qtyTooLarge', { quantity: fromThousandths(quantity), max });
    }
    const stock = await repository.stockRow(tx, key);
    if (!stock || stock.on_hand_qty <= 0) {
      if (here.length === 0) throw unprocessable('wrongLocationScanned', { expected, scanned: location.code });
      throw unprocessable('batchNotAllowed', { batch: unit.scanned });
    }
    const free = stock.on_hand_qty - stock.released_qty - stock.pick_qty - stock.qc_pending_qty;
    if (!unit.swappable || !mayAllocateFrom(location) || free < missing) {
      throw unprocessable('batchNotAllowed', { batch: unit.scanned });
    }
    plan.swaps.push({ ...key, documentLineId: line.id, delta: missing });
    // The line keeps what it had allocated in all: as much of its other allocations goes.
    let release = missing;
    const others = [...allocations].sort(
      (a, b) => Number(b.binLocationId === location.id) - Number(a.binLocationId === location.id),
    );
    for (const other of others) {
      if (release === 0) break;
      const left = remaining.get(other.id) ?? 0;
      const part = Math.min(left, release);
      if (part === 0) continue;
      remaining.set(other.id, left - part);
      release -= part;
      plan.swaps.push({ ...stockKeyOf(other), documentLineId: line.id, delta: -part });
    }
  }
  return plan;
}

const stockKeyOf = (a: StockKey): StockKey => ({
  itemId: a.itemId,
  binLocationId: a.binLocationId,
  batchId: a.batchId,
  serialId: a.serialId,
});

interface Touched {
  items: Set<string>;
  locations: Set<string>;
}

async function pickInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: PickBody,
  touched: Touched,
): Promise<PickAnswer> {
  const head = await lockedPickList(tx, code);
  const earlier = await repository.findEntryByKey(tx, body.idempotencyKey);
  if (earlier) {
    if (earlier.document_id !== head.id)
      throw new AppError(422, 'idempotencyKeyConflict', { key: body.idempotencyKey });
    return { pickList: await loadPickListView(tx, code), zeroCheck: false, replayed: true };
  }
  await assertClaimant(tx, pickListObject(head.id), caller.userId);
  assertPickable(head);
  const line = await findLineOrThrow(tx, head.id, body.lineNumber);
  const quantity = toThousandths(body.quantity);
  if (quantity > line.open_quantity) {
    throw unprocessable('qtyTooLarge', { quantity: body.quantity, max: fromThousandths(line.open_quantity) });
  }
  const allocations = await allocationsOfLine(tx, line.id);
  const location = await repository.findLocation(tx, head.warehouse_id, body.fromLocation);
  if (!location) {
    throw unprocessable('wrongLocationScanned', {
      expected: allocations[0]?.location ?? null,
      scanned: body.fromLocation,
    });
  }
  if (await isLocationBeingCounted(tx, location.id)) {
    throw unprocessable('locationIsBeingCounted', { location: location.code });
  }
  const units = await unitsOf(tx, line, body, quantity);
  const plan = await planPick(tx, line, location, units, allocations, quantity);
  const list = { id: head.id, code: head.code, warehouseId: head.warehouse_id };
  await assertCartSlotContainer(tx, head.id, body.containerCode);
  const container = await containerForPick(
    tx,
    ctx,
    list,
    { code: body.containerCode, type: body.containerType },
    caller.username,
  );

  await changeAllocations(tx, plan.swaps);
  const movement = await applyStockMovement(tx, ctx, {
    type: 'PICK',
    idempotencyKey: body.idempotencyKey,
    documentRef: { type: 'PICK_LIST', code: head.code },
    user: { userId: caller.userId, username: caller.username },
    lines: plan.takes.flatMap(({ key, quantity: q }) => [
      { ...key, onHandDelta: -q, releasedDelta: -q },
      { ...key, binLocationId: container.bin_location_id, onHandDelta: q, pickDelta: q },
    ]),
  });
  if (movement.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: body.idempotencyKey });
  await changeAllocations(
    tx,
    plan.takes.map(({ key, quantity: q }) => ({ ...key, documentLineId: line.id, delta: -q })),
    { stockAlreadyChanged: true },
  );
  const at = nowIso();
  await repository.insertPickEntries(
    tx,
    plan.takes.map(({ key, quantity: q }) => ({
      ...key,
      documentLineId: line.id,
      documentId: head.id,
      containerId: container.id,
      quantity: q,
      userId: caller.userId,
      username: caller.username,
      at,
      idempotencyKey: body.idempotencyKey,
    })),
  );
  if (!(await repository.addToLineProgress(tx, line.id, { picked: quantity, short: 0 }))) {
    throw unprocessable('qtyTooLarge', { quantity: body.quantity, max: fromThousandths(line.open_quantity) });
  }
  await refreshPickListStatus(tx, head.id);
  touched.items.add(line.item_code);
  touched.locations.add(location.code).add(container.code);
  const zeroCheck = (await repository.onHandOfItemAt(tx, line.item_id, location.id)) === 0;
  return { pickList: await loadPickListView(tx, code), zeroCheck, replayed: false };
}

/**
 * POST pick_list/{code}/pick. Refusals: 409 claimRequired / claimedByOtherUser {username}; 422
 * picklistNotPickable {status}, unknownLine {line}, qtyTooLarge {quantity, max},
 * wrongLocationScanned {expected, scanned}, locationIsBeingCounted {location}, batchRequired,
 * serialRequired, unknownBatch, unknownSerial, batchNotAllowed {batch},
 * containerBelongsToOtherPicklist {container, picklist}, containerClosed {container}, and the
 * stock service's. zeroCheck: the source location holds none of the item now.
 */
export async function pick(ctx: AppContext, caller: Principal, code: string, body: PickBody): Promise<PickAnswer> {
  const touched: Touched = { items: new Set(), locations: new Set() };
  const answer = await ctx.db.transaction().execute((tx) => pickInTransaction(tx, ctx, caller, code, body, touched));
  if (!answer.replayed) {
    await afterPickListCommit(ctx, [answer.pickList.code]);
    publishItemsChanged(ctx, [...touched.items]);
    publishBinLocationsChanged(ctx, [...touched.locations]);
  }
  return answer;
}
