import type { StockMovementLine, StockMovementType } from './stock-movement.js';

/**
 * Which invariants a movement type is held to (DOMAIN.md "Every stock change goes through one
 * call"). Nothing negative, free stock sufficient and the container rules (a liquid container or
 * a single-item location ends holding at most one item) hold for every type; the rest depend on
 * what the type does:
 *
 * - locationRules: a location with block_stock_movements refuses the movement (stockMovementsBlocked
 *   {code, reason}); one with stock_movement_restricted refuses it unless the movement says
 *   allowRestricted (stockMovementRestricted {code}). Physical movements only: counting, QC
 *   release, corrections, scrap and conversions are how a blocked location gets sorted out.
 * - itemAllowed: every item of the movement is an active stock item (itemIsNotAllowed {item}).
 * - qcTransferRules: QC-pending stock moves alone, only to an empty NORMAL location of type
 *   BULK, MOBILE or QC.
 * - netsToZero: on-hand and QC-pending stock sum to zero per item, batch and serial (stock only
 *   changes place); a violation is a programming error of the caller, not a user error.
 */
export interface MovementPolicy {
  locationRules: boolean;
  itemAllowed: boolean;
  qcTransferRules: boolean;
  netsToZero: boolean;
}

const physical = (netsToZero: boolean, itemAllowed = true): MovementPolicy => ({
  locationRules: true,
  itemAllowed,
  qcTransferRules: false,
  netsToZero,
});
const bookkeeping: MovementPolicy = {
  locationRules: false,
  itemAllowed: false,
  qcTransferRules: false,
  netsToZero: false,
};

export const movementPolicies: Readonly<Record<StockMovementType, MovementPolicy>> = {
  RECEIPT: physical(false),
  RETURN_RECEIPT: physical(false),
  PRODUCTION_RECEIPT: physical(false),
  TRANSFER: { locationRules: true, itemAllowed: true, qcTransferRules: true, netsToZero: true },
  PICK: physical(true),
  PUT_BACK: physical(true),
  // Goods already picked leave even when the item was deactivated meanwhile.
  DELIVERY: physical(false, false),
  PRODUCTION_ISSUE: physical(false),
  MATERIAL_RETURN: physical(false),
  COUNT_ADJUSTMENT: bookkeeping,
  BATCH_CORRECTION: bookkeeping,
  QC_RELEASE: bookkeeping,
  QC_REJECT: bookkeeping,
  SCRAP: bookkeeping,
  MANAGED_BY_CONVERSION: bookkeeping,
  // The reverse of DELIVERY: + onHand and pickQty in the containers the goods left from.
  DELIVERY_CANCEL: physical(false, false),
};

/** Physical location types that end a movement holding at most one item, with their error keys. */
export const singleItemPhysicalTypes: Readonly<
  Record<string, 'tooManyItemsInLiquidContainer' | 'tooManyItemsInSingleItemLocation'>
> = {
  LIQUID_CONTAINER: 'tooManyItemsInLiquidContainer',
  SINGLE_ITEM_LOCATION: 'tooManyItemsInSingleItemLocation',
};

/** Location types (work types) that may receive QC-pending stock; the physical type must be NORMAL. */
export const qcTargetLocationTypes: ReadonlySet<string> = new Set(['BULK', 'MOBILE', 'QC']);

/** How much of a line is QC-pending stock and how much is other stock (thousandths, both >= 0 for valid lines). */
export function qcSplitOf(line: StockMovementLine): { qc: number; other: number } {
  const qc = Math.abs(line.qcPendingDelta ?? 0);
  return { qc, other: Math.abs(line.onHandDelta) - qc };
}

/** True when the lines net to zero in on-hand and QC-pending stock per item, batch and serial. */
export function netsToZero(lines: readonly StockMovementLine[]): boolean {
  const sums = new Map<string, { onHand: number; qcPending: number }>();
  for (const line of lines) {
    const key = `${line.itemId}:${line.batchId ?? 0}:${line.serialId ?? 0}`;
    const sum = sums.get(key) ?? { onHand: 0, qcPending: 0 };
    sum.onHand += line.onHandDelta;
    sum.qcPending += line.qcPendingDelta ?? 0;
    sums.set(key, sum);
  }
  return [...sums.values()].every((s) => s.onHand === 0 && s.qcPending === 0);
}
