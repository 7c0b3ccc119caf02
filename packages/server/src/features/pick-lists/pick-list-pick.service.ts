import { fromThousandths, toThousandths, type PickAnswer, type PickListStatus } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { writeTransaction } from '../../db/group-commit.js';
import type { Principal } from '../../http/access.js';
import { AppError, notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant } from '../claims/claims.service.js';
import { changeStatus } from '../documents/document-status.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { assertCartSlotContainer } from '../pick-and-collect/cart-slot-check.js';
import {
  applyStockMovement,
  changeAllocations,
  type StockMovement,
  type StockRowAfter,
} from '../stock/stock.service.js';
import { afterPickCommit } from './pick-list-live.js';
import { pickChange, replayedPick, type ListAfterPick } from './pick-list-pick-answer.js';
import {
  planPick,
  toLineAllocation,
  toLineAllocationOfView,
  unitsOf,
  keyText,
  type LineAllocation,
  type PickBody,
  type PickPlan,
  type PlannedLine,
} from './pick-list-pick-plan.js';
import * as repository from './pick-list-pick.repository.js';
import type { LineRow, LocationRow, PickListForPickRow } from './pick-list-pick.repository.js';
import * as views from './pick-list-view.repository.js';
import { allocationsOfLines, lockPickList } from './pick-lists.repository.js';
import { containerForPick, type ContainerList } from './shipping-containers.js';

/** A location row as the stock rules read it (handed over: StockMovement.readInTransaction). */
type LocationForRules = NonNullable<NonNullable<StockMovement['readInTransaction']>['locations']>[number];

export { toLineAllocation, type LineAllocation, type PickBody } from './pick-list-pick-plan.js';

/**
 * PICK (decision 0183, PROCESSES.md 3.3): one transaction locks the list's document, checks the
 * claim, status, line, location and quantity, swaps in another batch or serial when allowed,
 * moves the stock (PICK: - onHand and released at the source, + onHand and pickQty in the
 * container's bin location), consumes the allocation, writes the pick entries and the line's
 * progress, and sets the status. The idempotency key is the ledger's: a replay answers the line
 * as it is and moves nothing.
 *
 * Speed (docs/benchmarks.md issue 18): the list's head, the line and the list's counts are one
 * read, the hot queries are compiled once (db/compiled-query.ts), the rows read here are handed to
 * the stock rules (readInTransaction), and the answer is the change only (pick-list-pick-answer.ts).
 */

export const pickListObject = (documentId: number) => ({ type: 'PICK_LIST' as const, id: documentId });

/** The list must be RELEASED or PARTLY_PICKED: 422 picklistNotPickable {status}. */
export function assertPickable(head: { status: string }): void {
  if (head.status !== 'RELEASED' && head.status !== 'PARTLY_PICKED') {
    throw unprocessable('picklistNotPickable', { status: head.status });
  }
}

export async function findLineOrThrow(tx: Tx, documentId: number, lineNumber: number): Promise<LineRow> {
  const line = await repository.findLine(tx, documentId, lineNumber);
  if (!line) throw unprocessable('unknownLine', { line: lineNumber });
  return line;
}

/** A line's allocations by location sortingCode, then code. */
export async function allocationsOfLine(db: DbOrTx, lineId: number): Promise<LineAllocation[]> {
  return (await allocationsOfLines(db, [lineId])).map(toLineAllocation);
}

interface Touched {
  items: Set<string>;
  locations: Set<string>;
}

/** The line of the pick's first read, as the view names it, with what planning and the rules read. */
interface PickLine extends views.LineViewRow, PlannedLine {
  item_active: number;
  item_is_stock_item: number;
}

function lineOfRow(row: PickListForPickRow): PickLine | null {
  if (row.id === null || row.pick_line_id === null || row.item_id === null || row.item_code === null) return null;
  return {
    id: row.id,
    line_number: row.line_number ?? 0,
    quantity: row.quantity ?? 0,
    open_quantity: row.open_quantity ?? 0,
    item_id: row.item_id,
    batch_id: row.batch_id,
    serial_id: row.serial_id,
    item_code: row.item_code,
    item_name: row.item_name ?? '',
    managed_by: row.managed_by ?? 'NORMAL',
    item_active: row.item_active ?? 0,
    item_is_stock_item: row.item_is_stock_item ?? 0,
    picked_qty: row.picked_qty,
    short_qty: row.short_qty,
    short_reason: row.short_reason,
    walk_order: row.walk_order,
    skipped: row.skipped,
    sales_order: row.sales_order,
    sales_order_line: row.sales_order_line,
  };
}

/**
 * The list's head, the line and the list's counts in one read after its document is locked
 * (decision 0183; read again only when a row lock was taken: PostgreSQL). 404 unknownDocument.
 */
async function lockedForPick(tx: Tx, code: string, lineNumber: number): Promise<PickListForPickRow> {
  const row = await repository.pickListForPick(tx, code, lineNumber);
  if (!row) throw notFound('unknownDocument', { type: 'PICK_LIST', code });
  if (!(await lockPickList(tx, row.list_id))) return row;
  return (await repository.pickListForPick(tx, code, lineNumber)) ?? row;
}

/**
 * The status after a pick (the rule of pick-list-status.ts, from the counts read under the lock):
 * PARTLY_PICKED while a line is open, else PICKED. Changed through the transition table.
 */
async function statusAfterPick(tx: Tx, row: PickListForPickRow, linesOpen: number): Promise<ListAfterPick> {
  const from = row.list_status as PickListStatus;
  const to: PickListStatus = linesOpen > 0 ? 'PARTLY_PICKED' : 'PICKED';
  if (to === from) return { row, status: from, version: row.list_version, linesOpen };
  const changed = await changeStatus(tx, { documentId: row.list_id, to });
  return { row, status: to, version: changed.version, linesOpen };
}

/** The line's allocations after the takes, when nothing swapped: each taken key lowered, emptied ones gone. */
function allocationsAfterTakes(rows: readonly views.AllocationViewRow[], plan: PickPlan): views.AllocationViewRow[] {
  const taken = new Map<string, number>();
  for (const { key, quantity } of plan.takes) taken.set(keyText(key), (taken.get(keyText(key)) ?? 0) + quantity);
  return rows
    .map((row) => ({ ...row, quantity: Number(row.quantity) - (taken.get(keyText(toLineAllocationOfView(row))) ?? 0) }))
    .filter((row) => row.quantity > 0);
}

/**
 * Whether the source location holds none of the item now: a taken row that still holds some says
 * no at once; otherwise the item's stock there is summed (other batches and serials).
 */
async function emptiedAt(tx: Tx, line: PickLine, location: LocationRow, rows: readonly StockRowAfter[]) {
  const source = rows.filter((r) => r.binLocationId === location.id && r.itemId === line.item_id);
  if (source.some((r) => r.onHandQty > 0)) return false;
  return (await repository.onHandOfItemAt(tx, line.item_id, location.id)) === 0;
}

/** The container a pick goes into, with its bin location's rule columns when it existed already. */
async function pickContainer(
  tx: Tx,
  ctx: AppContext,
  list: ContainerList,
  body: PickBody,
  username: string,
): Promise<{ row: views.ContainerRow; rules: LocationForRules | null }> {
  const found = await views.findContainerForPick(tx, body.containerCode);
  const request = { code: body.containerCode, type: body.containerType };
  const row = await containerForPick(tx, ctx, list, request, username, found ?? null);
  if (!found || row.id !== found.id) return { row, rules: null };
  return {
    row,
    rules: {
      id: found.bin_location_id,
      code: found.bin_code,
      location_type: found.bin_location_type,
      physical_location_type: found.bin_physical_location_type,
      stock_movement_restricted: found.bin_stock_movement_restricted,
      block_stock_movements: found.bin_block_stock_movements,
      block_stock_movements_reason: found.bin_block_stock_movements_reason,
    },
  };
}

async function pickInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: PickBody,
  touched: Touched,
): Promise<{ answer: PickAnswer; becamePicked: boolean }> {
  const row = await lockedForPick(tx, code, body.lineNumber);
  const earlier = await repository.movementOfKey(tx, body.idempotencyKey);
  if (earlier) {
    return { answer: await replayedPick(tx, row, body.idempotencyKey, earlier), becamePicked: false };
  }
  const head = { id: row.list_id, code: row.list_code, status: row.list_status, warehouseId: row.list_warehouse_id };
  await assertClaimant(tx, pickListObject(head.id), caller.userId);
  assertPickable(head);
  const line = lineOfRow(row);
  if (!line) throw unprocessable('unknownLine', { line: body.lineNumber });
  const quantity = toThousandths(body.quantity);
  if (quantity > line.open_quantity) {
    throw unprocessable('qtyTooLarge', { quantity: body.quantity, max: fromThousandths(line.open_quantity) });
  }
  const allocationRows = await views.allocationsOfListLine(tx, line.id);
  const allocations = allocationRows.map(toLineAllocationOfView);
  const location = await repository.findLocation(tx, head.warehouseId, body.fromLocation);
  if (!location) {
    throw unprocessable('wrongLocationScanned', {
      expected: allocations[0]?.location ?? null,
      scanned: body.fromLocation,
    });
  }
  // A location under a count lock: the stock service refuses the movement, 422 locationIsBeingCounted.
  const units = await unitsOf(tx, line, body, quantity);
  const plan = await planPick(tx, line, location, units, allocations, quantity);
  const list = { id: head.id, code: head.code, warehouseId: head.warehouseId };
  await assertCartSlotContainer(tx, head.id, body.containerCode);
  const container = await pickContainer(tx, ctx, list, body, caller.username);

  await changeAllocations(tx, plan.swaps);
  const movement = await applyStockMovement(tx, ctx, {
    type: 'PICK',
    idempotencyKey: body.idempotencyKey,
    documentRef: { type: 'PICK_LIST', code: head.code },
    user: { userId: caller.userId, username: caller.username },
    lines: plan.takes.flatMap(({ key, quantity: q }) => [
      { ...key, onHandDelta: -q, releasedDelta: -q },
      { ...key, binLocationId: container.row.bin_location_id, onHandDelta: q, pickDelta: q },
    ]),
    readInTransaction: {
      locations: container.rules ? [location, container.rules] : [location],
      items: [
        { id: line.item_id, code: line.item_code, active: line.item_active, is_stock_item: line.item_is_stock_item },
      ],
    },
  });
  if (movement.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: body.idempotencyKey });
  // Without a swap the line's allocations are as read above: not read again.
  const held = plan.swaps.length === 0 ? allocations.map((a) => ({ ...a, documentLineId: line.id })) : undefined;
  await changeAllocations(
    tx,
    plan.takes.map(({ key, quantity: q }) => ({ ...key, documentLineId: line.id, delta: -q })),
    { stockAlreadyChanged: true, ...(held ? { held } : {}) },
  );
  const at = nowIso();
  await repository.insertPickEntries(
    tx,
    plan.takes.map(({ key, quantity: q }) => ({
      ...key,
      documentLineId: line.id,
      documentId: head.id,
      containerId: container.row.id,
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
  const open = line.open_quantity - quantity;
  const after = await statusAfterPick(tx, row, Number(row.lines_open ?? 0) - (open === 0 ? 1 : 0));
  touched.items.add(line.item_code);
  touched.locations.add(location.code).add(container.row.code);
  const zeroCheck = await emptiedAt(tx, line, location, movement.rows);
  const allocationsNow =
    plan.swaps.length === 0
      ? allocationsAfterTakes(allocationRows, plan)
      : await views.allocationsOfListLine(tx, line.id);
  const lineNow = { ...line, open_quantity: open, picked_qty: (line.picked_qty ?? 0) + quantity };
  const change = await pickChange(tx, after, lineNow, allocationsNow);
  const becamePicked = after.status === 'PICKED' && row.list_status !== 'PICKED';
  return { answer: { change, zeroCheck, replayed: false }, becamePicked };
}

/**
 * POST pick_list/{code}/pick. Refusals: 409 claimRequired / claimedByOtherUser {username}; 422
 * picklistNotPickable {status}, unknownLine {line}, qtyTooLarge {quantity, max},
 * wrongLocationScanned {expected, scanned}, locationIsBeingCounted {location}, batchRequired,
 * serialRequired, unknownBatch, unknownSerial, batchNotAllowed {batch},
 * containerBelongsToOtherPicklist {container, picklist}, containerClosed {container}, and the
 * stock service's. zeroCheck: the source location holds none of the item now. On SQLite the
 * transaction is a savepoint of a group commit (db/group-commit.ts), as the transfers' are.
 */
export async function pick(ctx: AppContext, caller: Principal, code: string, body: PickBody): Promise<PickAnswer> {
  const touched: Touched = { items: new Set(), locations: new Set() };
  const work = (tx: Tx) => pickInTransaction(tx, ctx, caller, code, body, touched);
  const { answer, becamePicked } = await writeTransaction(ctx, work);
  if (!answer.replayed) {
    const { code: listCode, status, version } = answer.change;
    await afterPickCommit(ctx, { code: listCode, status, version }, becamePicked);
    publishItemsChanged(ctx, [...touched.items]);
    publishBinLocationsChanged(ctx, [...touched.locations]);
  }
  return answer;
}
