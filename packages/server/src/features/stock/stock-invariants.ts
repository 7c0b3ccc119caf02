import type { Tx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import type { StockDeps, StockMovement, StockMovementLine } from './stock-movement.js';
import {
  movementPolicies,
  netsToZero,
  qcSplitOf,
  qcTargetLocationTypes,
  singleItemPhysicalTypes,
} from './stock-policy.js';
import * as repository from './stock.repository.js';

/**
 * The rules of a movement that read more than its own stock rows (stock-policy.ts says which
 * apply to which type). checkBeforeApply runs before any stock row changes, checkAfterApply
 * after the rows changed and emptied rows were removed; both throw a 422 AppError, and the
 * caller's transaction then rolls back.
 */

/** What checkBeforeApply learned, for checkAfterApply. */
export interface RuleState {
  locations: ReadonlyMap<number, repository.LocationForRules>;
  /** Liquid containers and single-item locations that gain on-hand stock, in first-line order. */
  singleItemGaining: readonly number[];
}

const uniqueInOrder = (ids: readonly number[]): number[] => [...new Set(ids)];

/** The locations that QC-pending stock moves into, in first-line order. */
const qcTargetsOf = (lines: readonly StockMovementLine[]): number[] =>
  uniqueInOrder(lines.filter((l) => l.onHandDelta > 0 && (l.qcPendingDelta ?? 0) > 0).map((l) => l.binLocationId));

/** The rows of ids among those given, or undefined when any is missing. */
function givenRows<Row extends { id: number }>(
  ids: readonly number[],
  rows: readonly Row[] | undefined,
): Row[] | undefined {
  if (!rows) return undefined;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.map((id) => byId.get(id));
  return found.every((row) => row !== undefined) ? found : undefined;
}

function locationOf(state: Pick<RuleState, 'locations'>, id: number): repository.LocationForRules {
  const location = state.locations.get(id);
  if (!location) throw new Error(`stock movement to an unknown bin location id ${id}`);
  return location;
}

function checkLocationRules(movement: StockMovement, state: RuleState): void {
  for (const id of uniqueInOrder(movement.lines.map((l) => l.binLocationId))) {
    const location = locationOf(state, id);
    if (location.block_stock_movements === 1) {
      throw unprocessable('stockMovementsBlocked', {
        code: location.code,
        reason: location.block_stock_movements_reason,
      });
    }
    if (location.stock_movement_restricted === 1 && movement.allowRestricted !== true) {
      throw unprocessable('stockMovementRestricted', { code: location.code });
    }
  }
}

async function checkItemsAllowed(tx: Tx, movement: StockMovement): Promise<void> {
  const itemIds = uniqueInOrder(movement.lines.map((l) => l.itemId));
  const rows = givenRows(itemIds, movement.readInTransaction?.items) ?? (await repository.itemsForRules(tx, itemIds));
  const items = new Map(rows.map((i) => [i.id, i]));
  for (const id of itemIds) {
    const item = items.get(id);
    if (!item) throw new Error(`stock movement of an unknown item id ${id}`);
    if (item.active !== 1 || item.is_stock_item !== 1) throw unprocessable('itemIsNotAllowed', { item: item.code });
  }
}

/**
 * QC-pending stock never moves together with other stock; it goes only to
 * a location of physical type NORMAL and type BULK, MOBILE or QC that held nothing before.
 */
async function checkQcTransferRules(
  tx: Tx,
  lines: readonly StockMovementLine[],
  targets: readonly number[],
  state: RuleState,
): Promise<void> {
  const splits = lines.map(qcSplitOf);
  if (splits.some((s) => s.qc > 0) && splits.some((s) => s.other > 0)) {
    throw unprocessable('canNotMoveQcAndNonQcInSameTransfer');
  }
  for (const id of targets) {
    const location = locationOf(state, id);
    if (location.physical_location_type !== 'NORMAL' || !qcTargetLocationTypes.has(location.location_type)) {
      throw unprocessable('canOnlyMoveBlockForQcToBulkMobileOrQcTypes', { code: location.code });
    }
  }
  const occupied = await repository.occupiedLocationIds(tx, targets);
  const first = targets.find((id) => occupied.has(id));
  if (first !== undefined)
    throw unprocessable('canOnlyMoveQcItemsToEmptyLocations', { code: locationOf(state, first).code });
}

export async function checkBeforeApply(
  tx: Tx,
  deps: StockDeps,
  movement: StockMovement,
  deltas: readonly repository.StockRowDelta[],
): Promise<RuleState> {
  const policy = movementPolicies[movement.type];
  if (policy.netsToZero && !netsToZero(movement.lines)) {
    throw new Error(`a ${movement.type} movement must net to zero per item, batch and serial`);
  }
  const gaining = uniqueInOrder(deltas.filter((d) => d.onHand > 0).map((d) => d.binLocationId));
  const ids = uniqueInOrder(movement.lines.map((l) => l.binLocationId));
  const locations =
    givenRows(ids, movement.readInTransaction?.locations) ?? (await repository.locationsForRules(tx, ids));
  const locationsById = { locations: new Map(locations.map((l) => [l.id, l])) };
  const state: RuleState = {
    ...locationsById,
    singleItemGaining: gaining.filter((id) =>
      Object.hasOwn(singleItemPhysicalTypes, locationOf(locationsById, id).physical_location_type),
    ),
  };
  const qcTargets = policy.qcTransferRules ? qcTargetsOf(movement.lines) : [];
  // PostgreSQL locks the gaining locations whose other stock a rule reads (single-item ones, QC
  // targets), so movements into one ordinary location (a dock, a staging lane) do not wait for each other.
  if (deps.dialect === 'postgres') {
    await repository.lockLocations(
      tx,
      gaining.filter((id) => state.singleItemGaining.includes(id) || qcTargets.includes(id)),
    );
  }
  if (policy.locationRules) checkLocationRules(movement, state);
  if (policy.itemAllowed) await checkItemsAllowed(tx, movement);
  if (policy.qcTransferRules) await checkQcTransferRules(tx, movement.lines, qcTargets, state);
  return state;
}

/** A liquid container or single-item location that gained stock holds at most one item now. */
export async function checkAfterApply(tx: Tx, state: RuleState): Promise<void> {
  const counts = await repository.itemCountsAt(tx, state.singleItemGaining);
  for (const id of state.singleItemGaining) {
    const numOfItems = counts.get(id) ?? 0;
    if (numOfItems <= 1) continue;
    const location = locationOf(state, id);
    const key = singleItemPhysicalTypes[location.physical_location_type];
    if (key === 'tooManyItemsInLiquidContainer') throw unprocessable(key, { code: location.code, numOfItems });
    throw unprocessable('tooManyItemsInSingleItemLocation', { code: location.code, numOfItems });
  }
}
