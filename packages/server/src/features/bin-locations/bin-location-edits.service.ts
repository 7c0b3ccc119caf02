import { codeKey, topics, type BinLocation, type CountingState, type PrintAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { itemCodeOwning, lockBarcodeKey } from '../items/item-barcodes.service.js';
import { findItemRowOrThrow } from '../items/items.service.js';
import type { LabelJob, LabelSize } from '../labels/label-types.js';
import { findOrderOrThrow } from '../lookups/lookups.service.js';
import { printLabels } from '../printers/printing.service.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import * as repository from './bin-locations.repository.js';
import type { LocationChanges, LocationRow } from './bin-locations.repository.js';
import { findLocationRowOrThrow, loadBinLocation } from './bin-locations.service.js';

/**
 * Bin location edits. Each runs in one transaction: read the
 * location, check the rule, update it where its version is still the one read (a concurrent
 * edit in between is 412; the client retries), bump the version. After the commit the location
 * is published as BIN_LOCATION_CHANGED on topics.binLocations().
 */

/** The /wall_to_wall counter path: the number of locations that need counting. */
const countingCounterPath = '/wall_to_wall';

async function editLocation(
  ctx: AppContext,
  code: string,
  decide: (tx: Tx, row: LocationRow) => Promise<LocationChanges>,
): Promise<BinLocation> {
  const location = await ctx.db.transaction().execute(async (tx) => {
    const row = await findLocationRowOrThrow(tx, code);
    const changes = await decide(tx, row);
    const updated = await repository.updateLocation(tx, row.id, row.version, changes, nowIso());
    if (!updated) throw preconditionFailed({ code: row.code });
    // The update matched the version read, so the row now is the one read with the changes applied.
    return loadBinLocation(tx, { ...row, ...changes, version: row.version + 1 });
  });
  ctx.live.publish(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: [location.code] });
  return location;
}

/** setPreferredOrderCode: the order must exist (getOrder; 404 unknownOrder); null clears. */
export async function setPreferredOrder(ctx: AppContext, code: string, orderCode: string | null) {
  return editLocation(ctx, code, async (tx) => ({
    preferred_order_code: orderCode === null ? null : (await findOrderOrThrow(tx, orderCode)).code,
  }));
}

/** The counting state transitions a user may make; the rest is 422 invalidCountingStateTransition {from, to}. */
const allowedTransitions: Readonly<Record<CountingState, readonly CountingState[]>> = {
  NO: ['YES', 'PARTIAL'],
  YES: ['NO'],
  PARTIAL: ['NO', 'PARTIAL'],
};

export function isAllowedCountingTransition(from: CountingState, to: CountingState): boolean {
  return allowedTransitions[from].includes(to);
}

/** 422 invalidCountingStateTransition {from, to} unless the rule allows it. */
export function assertCountingTransition(row: Pick<LocationRow, 'requires_counting'>, to: CountingState): void {
  const from = row.requires_counting as CountingState;
  if (!Object.hasOwn(allowedTransitions, from) || !isAllowedCountingTransition(from, to)) {
    throw unprocessable('invalidCountingStateTransition', { from: row.requires_counting, to });
  }
}

/**
 * Sets one location's counting state inside the caller's transaction (setCountingState, and the
 * bulk /wall_to_wall/request): the transition rule, the update where the version is still the
 * one read (412 otherwise), the item list (kept for PARTIAL only). The caller syncs the counter
 * and publishes after its commit.
 */
export async function applyCountingState(
  tx: Tx,
  row: Pick<LocationRow, 'id' | 'code' | 'version' | 'requires_counting'>,
  to: CountingState,
  itemIds: readonly number[],
  at: string,
): Promise<void> {
  assertCountingTransition(row, to);
  const updated = await repository.updateLocation(tx, row.id, row.version, { requires_counting: to }, at);
  if (!updated) throw preconditionFailed({ code: row.code });
  await repository.replaceItemsToCount(tx, row.id, to === 'PARTIAL' ? itemIds : []);
}

/**
 * setCountingState: NO -> YES (full), NO -> PARTIAL (the items to count), YES or PARTIAL -> NO
 * (mark counted), PARTIAL -> PARTIAL (replace the item list). The item list is kept for PARTIAL
 * only; every item must exist (404 unknownItemForCode {code}). After the commit the /wall_to_wall
 * counter is set to the number of locations that need counting.
 */
export async function setCountingState(
  ctx: AppContext,
  code: string,
  request: { countingState: CountingState; itemsToCount: readonly string[] },
): Promise<BinLocation> {
  const to = request.countingState;
  const location = await ctx.db.transaction().execute(async (tx) => {
    const row = await findLocationRowOrThrow(tx, code);
    assertCountingTransition(row, to);
    const itemIds = to === 'PARTIAL' ? await itemIdsOf(ctx, tx, request.itemsToCount) : [];
    await applyCountingState(tx, row, to, itemIds, nowIso());
    return loadBinLocation(tx, { ...row, requires_counting: to, version: row.version + 1 });
  });
  ctx.live.publish(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: [location.code] });
  await syncCountingCounterAfterCommit(ctx);
  return location;
}

/** Per context: the counter sync waiting to start (see syncCountingCounterAfterCommit). */
const pendingCounterSyncs = new WeakMap<AppContext, Promise<void>>();

/**
 * The counter after a committed change: a failing counter update must not make the client retry
 * it. The caller waits for a count that starts after its commit; it starts once the work already
 * under way is done (setImmediate), and every caller until then shares it: the count reads every
 * flagged location, and one per wall-to-wall save cost more than the rest of the save.
 */
export function syncCountingCounterAfterCommit(ctx: AppContext): Promise<void> {
  const pending = pendingCounterSyncs.get(ctx);
  if (pending) return pending;
  const sync = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    pendingCounterSyncs.delete(ctx);
    await syncCountingCounter(ctx).catch((error: unknown) =>
      process.emitWarning(`/wall_to_wall counter not updated: ${String(error)}`),
    );
  });
  pendingCounterSyncs.set(ctx, sync);
  return sync;
}

/** Distinct ids of the item codes, in request order; the first unknown code is 404 unknownItemForCode. */
export async function itemIdsOf(ctx: AppContext, tx: Tx, codes: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const itemCode of new Map(codes.map((c) => [codeKey(c), c])).values()) {
    // The items service reads through ctx.db: give it the transaction, so the check and the insert agree.
    const item = await findItemRowOrThrow({ ...ctx, db: tx }, itemCode);
    if (!ids.includes(item.id)) ids.push(item.id);
  }
  return ids;
}

/**
 * Sets the shared /wall_to_wall counter to the number of locations with requiresCounting YES or
 * PARTIAL. That number is derived in the database (counted, or on SQLite kept by triggers in each
 * change's own transaction), never +1/-1 here: it stays right under retries and concurrent edits.
 */
export async function syncCountingCounter(ctx: AppContext): Promise<number> {
  const count = await repository.countLocationsToCount(ctx.db);
  await ctx.live.setCounter(countingCounterPath, null, count);
  return count;
}

/** setReadyForProcessing: only mobile locations (422 locationIsNotMobile {code}). */
export async function setReadyForProcessing(ctx: AppContext, code: string, ready: boolean) {
  return editLocation(ctx, code, async (_tx, row) => {
    if (row.location_type !== 'MOBILE') throw unprocessable('locationIsNotMobile', { code: row.code });
    return { ready_for_processing: ready ? 1 : 0 };
  });
}

/**
 * setBarcode: unique among locations, and no other location's code (a scan finds a location by
 * code first): 422 barcodeInUse {barcode, owner}. No item's code or barcode either: 422
 * barcodeAlreadyAssigned {barcode, owner, itemCode}. null clears.
 */
export async function setBarcode(ctx: AppContext, code: string, barcode: string | null) {
  try {
    return await editLocation(ctx, code, async (tx, row) => {
      if (barcode === null) return { barcode: null, barcode_lower: null };
      const key = codeKey(barcode);
      await lockBarcodeKey(ctx, tx, key);
      const owner = await repository.findOtherLocationByCodeOrBarcode(tx, key, row.id);
      if (owner) throw unprocessable('barcodeInUse', { barcode, owner: owner.code });
      const itemCode = await itemCodeOwning(tx, key);
      if (itemCode) throw unprocessable('barcodeAlreadyAssigned', { barcode, owner: itemCode, itemCode });
      return { barcode, barcode_lower: key };
    });
  } catch (error) {
    // A concurrent edit gave another location this barcode between the check and the update.
    if (barcode === null || !isUniqueViolation(error)) throw error;
    const location = await findLocationRowOrThrow(ctx.db, code);
    const owner = await repository.findOtherLocationByCodeOrBarcode(ctx.db, codeKey(barcode), location.id);
    throw unprocessable('barcodeInUse', { barcode, owner: owner?.code ?? null });
  }
}

export async function setLocationType(ctx: AppContext, code: string, type: BinLocation['locationType']) {
  return editLocation(ctx, code, async () => ({ location_type: type }));
}

export async function setPhysicalLocationType(
  ctx: AppContext,
  code: string,
  type: BinLocation['physicalLocationType'],
) {
  return editLocation(ctx, code, async () => ({ physical_location_type: type }));
}

/**
 * printLabel / printLargeLabel: `quantity` labels of each location (0 prints none of it) on the
 * printer. Every location must exist (404 unknownLocation {code}) before anything prints.
 */
export async function printLocationLabels(
  ctx: AppContext,
  caller: Principal,
  request: { printer: number | null; locations: readonly { code: string; quantity: number }[] },
  size: LabelSize,
): Promise<PrintAnswer> {
  const keys = [...new Set(request.locations.map((l) => codeKey(l.code)))];
  const rows = new Map((await repository.findLocationsByCodeLowers(ctx.db, keys)).map((r) => [r.code_lower, r]));
  const jobs: LabelJob[] = request.locations.map((l) => {
    const row = rows.get(codeKey(l.code));
    if (!row) throw notFound('unknownLocation', { code: l.code });
    return {
      kind: 'location',
      size,
      data: { code: row.code, visualCode: row.visual_code, barcode: row.barcode, warehouse: row.warehouse_code },
      copies: l.quantity,
    };
  });
  return printLabels(ctx, caller, request.printer, jobs);
}
