import { fromThousandths, paddedCodeKey, toThousandths, type pickRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { badRequest, unprocessable } from '../../http/app-error.js';
import { today } from '../../util/time.js';
import type { AllocationChange, StockKey } from '../stock/stock.service.js';
import * as repository from './pick-list-pick.repository.js';
import type { LineRow, LocationRow } from './pick-list-pick.repository.js';
import type * as views from './pick-list-view.repository.js';
import type { AllocationRow } from './pick-lists.repository.js';

/**
 * What a pick takes (decision 0183, PROCESSES.md 3.3): the scanned batch or serials as stock keys
 * of the line's item at the scanned location, checked against the line's allocations, and the
 * allocations that swap when another batch or serial is picked (OCA "change lot").
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

/** An allocation as the view reads it (pick-list-view.repository.ts), with its stock key. */
export const toLineAllocationOfView = (a: views.AllocationViewRow): LineAllocation => ({
  id: a.id,
  itemId: a.item_id,
  batchId: a.batch_id,
  serialId: a.serial_id,
  binLocationId: a.bin_location_id,
  quantity: Number(a.quantity),
  location: a.location,
});

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

export async function unitsOf(tx: Tx, line: PlannedLine, body: PickBody, quantity: number): Promise<Unit[]> {
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

/** What planning reads of a line. */
export type PlannedLine = Pick<LineRow, 'id' | 'item_id' | 'item_code' | 'managed_by' | 'batch_id' | 'serial_id'>;

/** A stock key as text (a map key). */
export const keyText = (k: StockKey): string => `${k.itemId}:${k.binLocationId}:${k.batchId ?? 0}:${k.serialId ?? 0}`;

const sameKey = (a: StockKey, b: StockKey) =>
  a.itemId === b.itemId &&
  a.binLocationId === b.binLocationId &&
  (a.batchId ?? 0) === (b.batchId ?? 0) &&
  (a.serialId ?? 0) === (b.serialId ?? 0);

export interface PickPlan {
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
export async function planPick(
  tx: Tx,
  line: PlannedLine,
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
