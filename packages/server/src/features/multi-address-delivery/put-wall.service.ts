import {
  codeKey,
  type PutWallPutAnswer,
  type PutWallPutRequest,
  type PutWallStartRequest,
  type PutWallTarget,
  type PutWallUnit,
  type PutWallView,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { assertAddressDeliverable } from '../address-validation/address-gate.js';
import { afterDeliveryCommit } from '../deliveries/delivery-live.js';
import { loadDeliveriesByIds } from '../deliveries/delivery-view.js';
import { contentsOf, picksBehind, type ContentRow } from '../deliveries/delivery-put-wall.service.js';
import { changeStatus } from '../documents/document-status.js';
import {
  containersOfList,
  findContainerByCode,
  findPickListByCode,
  insertPickEntries,
  updateContainerStatus,
  type PickListHead,
} from '../pick-lists/pick-list-delivery.service.js';
import { findPickListHeadOrThrow, lockedPickList } from '../pick-lists/pick-list-view.js';
import { containerForPick } from '../pick-lists/shipping-containers.js';
import { applyStockMovement } from '../stock/stock.service.js';
import * as repository from './multi-address-delivery.repository.js';
import type { SlotRow } from './multi-address-delivery.repository.js';
import { deliverSlot } from './put-wall-delivery.js';
import { rowsForScan } from './put-wall-scan.js';
import {
  loadPutWallState,
  shipToKeyOf,
  slotComplete,
  targetOf,
  toPutWallView,
  type PutWallState,
} from './put-wall-view.js';

/**
 * The put wall of /multi_address_delivery (PROCESSES.md 3.10; decision 0188). Start opens one
 * slot per ship-to of a PICKED multi-address list; a unit scanned is located in the slot that
 * still needs it; the slot's container confirms the put (ONE TRANSFER of picked stock, the pick
 * entries move with it); a slot complete closes its container and gets its own DELIVERY; the
 * last one closes the list.
 */

const slotLetter = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : `${slotLetter(Math.floor(index / 26) - 1)}${slotLetter(index % 26)}`;
const unitSize = 1000;

/** POST start {scan}: a container or the code of a PICKED multi-address list; opens or resumes its put wall. */
export async function startPutWall(
  ctx: AppContext,
  caller: Principal,
  body: PutWallStartRequest,
): Promise<PutWallView> {
  const container = await findContainerByCode(ctx.db, body.scan);
  const code = container?.pick_list_code ?? (await findPickListByCode(ctx.db, body.scan))?.code;
  if (code === undefined || code === null) throw unprocessable('unknownPicklistOrContainer', { scan: body.scan });
  return ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    const existing = await repository.slotsOf(tx, head.id);
    if (existing.length > 0) return toPutWallView(head, await loadPutWallState(tx, head.id));
    if (head.status !== 'PICKED') throw unprocessable('picklistNotInStatus', { status: head.status });
    const keys: string[] = [];
    for (const line of await repository.linesWithShipTo(tx, head.id)) {
      const key = shipToKeyOf(line);
      if (Number(line.picked_qty) > 0 && key !== null && !keys.includes(key)) keys.push(key);
    }
    if (keys.length < 2) throw unprocessable('pickListNotMultiAddress', { picklist: head.code });
    await assertAddressDeliverable(tx, head.id);
    const at = nowIso();
    await repository.insertSlots(
      tx,
      keys.map((key, index) => ({
        pickListId: head.id,
        slot: slotLetter(index),
        key,
        shipTo: key,
        username: caller.username,
        at,
      })),
    );
    return toPutWallView(head, await loadPutWallState(tx, head.id));
  });
}

/** GET {code}: the put wall as it is. */
export async function putWallView(ctx: AppContext, code: string): Promise<PutWallView> {
  const head = await findPickListHeadOrThrow(ctx.db, code);
  return toPutWallView(head, await loadPutWallState(ctx.db, head.id));
}

interface Located {
  /** The put wall as locate read it (unchanged until the caller writes). */
  state: PutWallState;
  slot: SlotRow;
  row: ContentRow;
  source: { id: number; code: string; binLocationId: number };
  pick: Awaited<ReturnType<typeof picksBehind>>[number];
}

/**
 * The slot that still needs a unit of the scan: the content rows the scan names (put-wall-scan.ts)
 * in the list's containers that are no slot's (the cart or picking containers), the pick entries behind them,
 * and the first OPEN slot (in slot order) one of those lines belongs to. 422
 * itemNotForAnyOpenAddress {item} when none.
 */
async function locate(db: DbOrTx, head: PickListHead, unit: PutWallUnit): Promise<Located> {
  const state = await loadPutWallState(db, head.id);
  const slotContainers = new Set(state.slots.flatMap((s) => (s.container_id === null ? [] : [s.container_id])));
  const sources = (await containersOfList(db, head.id)).filter(
    (c) => !slotContainers.has(c.id) && (c.status === 'OPEN' || c.status === 'CLOSED'),
  );
  const contents = await contentsOf(
    db,
    sources.map((c) => c.bin_location_id),
  );
  const items = await repository.itemCodesOf(
    db,
    contents.map((r) => r.itemId),
  );
  const rows = rowsForScan(unit, contents, items);
  const found: Located[] = [];
  for (const row of rows) {
    const source = sources.find((c) => c.bin_location_id === row.bin_location_id);
    if (!source) continue;
    for (const pick of await picksBehind(db, source.id, row)) {
      const slot = state.slotOfLine.get(pick.document_line_id);
      if (slot?.status !== 'OPEN') continue;
      found.push({
        state,
        slot,
        row,
        source: { id: source.id, code: source.code, binLocationId: source.bin_location_id },
        pick,
      });
    }
  }
  found.sort((a, b) => a.slot.slot.localeCompare(b.slot.slot));
  const [first] = found;
  if (!first) throw unprocessable('itemNotForAnyOpenAddress', { item: unit.item });
  return first;
}

/** POST {code}/locate: where the unit goes ("Store 12, slot C, 3 of 5"); nothing changes. */
export async function locateUnit(ctx: AppContext, code: string, unit: PutWallUnit): Promise<PutWallTarget> {
  const head = await findPickListHeadOrThrow(ctx.db, code);
  if (head.status !== 'PICKED') throw unprocessable('picklistNotInStatus', { status: head.status });
  const located = await locate(ctx.db, head, unit);
  return targetOf(located.state, located.slot, located.row.itemId);
}

/** The slot's container: the one it has (another code: 422 wrongSlotScanned), or the scanned one it takes now. */
async function slotContainer(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  head: PickListHead,
  located: Located,
  scan: string,
) {
  const { slot } = located;
  const refuse = () => unprocessable('wrongSlotScanned', { expected: slot.slot, container: slot.container_code });
  if (slot.container_id !== null) {
    if (slot.container_code === null || codeKey(slot.container_code) !== codeKey(scan)) throw refuse();
    const row = await findContainerByCode(tx, scan);
    if (!row) throw refuse();
    return row;
  }
  const taken = located.state.slots.some(
    (s) => s.container_code !== null && codeKey(s.container_code) === codeKey(scan),
  );
  if (taken || codeKey(scan) === codeKey(located.source.code)) throw refuse();
  const list = { id: head.id, code: head.code, warehouseId: head.warehouse_id };
  const row = await containerForPick(tx, ctx, list, { code: scan, type: 'BOX' }, caller.username);
  if ((await contentsOf(tx, [row.bin_location_id])).length > 0) throw refuse();
  await repository.setSlotContainer(tx, slot.id, row.id);
  return row;
}

/**
 * POST {code}/put: the unit located as in locate, confirmed by the slot's container: ONE TRANSFER
 * (onHand and pickQty) from its source container into the slot's, the pick entries moved with it;
 * a slot now complete closes its container and gets its DELIVERY; the last closes the list. A
 * replayed key answers the wall and moves nothing.
 */
export async function putUnit(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: PutWallPutRequest,
): Promise<PutWallPutAnswer> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    let head = await lockedPickList(tx, code);
    const earlier = await repository.findPutRequest(tx, body.idempotencyKey);
    if (earlier) {
      const state = await loadPutWallState(tx, head.id);
      const slot = state.slots.find((s) => s.slot === earlier.slot);
      if (!slot) throw new Error(`slot ${earlier.slot} of ${head.code} is gone`);
      const itemId = (await repository.itemOfPut(tx, body.idempotencyKey)) ?? 0;
      return { head, state, target: targetOf(state, slot, itemId), deliveryId: null, replayed: true };
    }
    if (head.status !== 'PICKED') throw unprocessable('picklistNotInStatus', { status: head.status });
    const located = await locate(tx, head, body);
    const target = await slotContainer(tx, ctx, caller, head, located, body.container);
    const quantity = Math.min(unitSize, located.pick.quantity, located.row.onHand);
    const pick = Math.min(quantity, located.row.pick);
    const key = { itemId: located.row.itemId, batchId: located.row.batchId, serialId: located.row.serialId };
    await applyStockMovement(tx, ctx, {
      type: 'TRANSFER',
      idempotencyKey: body.idempotencyKey,
      documentRef: { type: 'PICK_LIST', code: head.code },
      user: { userId: caller.userId, username: caller.username },
      lines: [
        { ...key, binLocationId: located.source.binLocationId, onHandDelta: -quantity, pickDelta: -pick },
        { ...key, binLocationId: target.bin_location_id, onHandDelta: quantity, pickDelta: pick },
      ],
    });
    const at = nowIso();
    const entry = {
      documentLineId: located.pick.document_line_id,
      documentId: located.pick.document_id,
      ...key,
      binLocationId: located.pick.from_bin_location_id,
      userId: caller.userId,
      username: caller.username,
      at,
      idempotencyKey: body.idempotencyKey,
    };
    await insertPickEntries(tx, [
      { ...entry, containerId: located.source.id, quantity: -quantity },
      { ...entry, containerId: target.id, quantity },
    ]);

    let state = await loadPutWallState(tx, head.id);
    let slot = state.slots.find((s) => s.id === located.slot.id) ?? located.slot;
    let deliveryId: number | null = null;
    if (slotComplete(state, slot)) {
      await updateContainerStatus(tx, target.id, 'OPEN', { status: 'CLOSED', closedAt: at });
      deliveryId = await deliverSlot(
        tx,
        ctx,
        caller,
        head,
        slot,
        { id: target.id, code: target.code, binLocationId: target.bin_location_id },
        body.idempotencyKey,
      );
      await repository.markSlotDelivered(tx, slot.id, deliveryId);
      state = await loadPutWallState(tx, head.id);
      if (state.slots.every((s) => s.status === 'DELIVERED')) {
        await changeStatus(tx, { documentId: head.id, to: 'CLOSED' });
        head = await lockedPickList(tx, code);
      }
      slot = state.slots.find((s) => s.id === slot.id) ?? slot;
    }
    await repository.insertPutRequest(tx, {
      key: body.idempotencyKey,
      pickListId: head.id,
      slot: slot.slot,
      deliveryId,
      at,
    });
    return { head, state, target: targetOf(state, slot, key.itemId), deliveryId, replayed: false };
  });
  const made = outcome.deliveryId === null ? [] : await loadDeliveriesByIds(ctx.db, [outcome.deliveryId]);
  if (made.length > 0) await afterDeliveryCommit(ctx, [outcome.head.code], made);
  return {
    view: toPutWallView(outcome.head, outcome.state),
    target: outcome.target,
    delivery: made[0]?.code ?? null,
    replayed: outcome.replayed,
  };
}
