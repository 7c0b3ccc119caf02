import { fromThousandths, type ErrorKey, type OverReceiptMode } from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';

/**
 * The goods receipt's over-receipt rules (PROCESSES.md 1.1 "Over-receipt";
 * docs/decisions/0171-over-receipt-rules.md). Pure: no database, no clock. Every quantity is an
 * integer of thousandths (docs/quantities.md) and the tolerance an integer of thousandths of a
 * percent (5% is 5000); all arithmetic is exact integer arithmetic.
 *
 * - Within the open quantity (ordered - received, never below 0) an entry is always allowed.
 * - Above it the effective mode decides (the item's setting over the warehouse's, per field):
 *   BLOCK refuses (`overReceiptNotAllowed`); CONFIRM allows up to the cap (ordered + tolerance)
 *   after a rescan (`overReceiptNeedsConfirmation`) and refuses above it (`overReceiptNotAllowed`);
 *   MANAGER allows up to the cap after a rescan or with a manager's approval, and above it with a
 *   manager's approval only (`overReceiptNeedsManager`).
 * - The cap is cumulative: `received` is what the line got over EVERY receipt, so two receipts
 *   of 5% never pass a 5% tolerance.
 * - The guard `quantityLooksWrong`: an entry of more than 10x the open quantity asks, whatever the
 *   mode would allow and even with a manager's approval. "Asks" means the rescan confirmation
 *   (`confirmed`), the same one an allowed over-receipt needs: one rescan answers both, as both
 *   ask "is this quantity right?". Only in BLOCK mode the refusal comes first, since no
 *   confirmation could let the entry through.
 */

/** 100% in thousandths of a percent: tolerance / toleranceScale is the fraction of the ordered quantity. */
const toleranceScale = 100_000n;
/** The guard's factor: an entry above this many times the open quantity looks wrong. */
export const quantityLooksWrongFactor = 10;

export interface OverReceiptRule {
  mode: OverReceiptMode;
  /** Thousandths of a percent, >= 0. */
  tolerancePercent: number;
}

/** One side's settings: the warehouse has both, an item's nulls mean "the warehouse's". */
export interface OverReceiptSetting {
  mode: OverReceiptMode | null;
  tolerancePercent: number | null;
}

export interface OverReceiptInput extends OverReceiptRule {
  /** The line's ordered quantity (thousandths, >= 0). */
  ordered: number;
  /** Received on this line over every receipt so far, this receipt's saved entries included (thousandths, >= 0). */
  received: number;
  /** This entry (thousandths, > 0). */
  entry: number;
  /** The entry was confirmed by a rescan of the same code. */
  confirmed: boolean;
  /** A manager approved the entry (manager verification). */
  managerApproved: boolean;
}

export type OverReceiptDecision =
  | {
      allowed: true;
      /** How much of the entry is above the open quantity (thousandths; 0 when within it). */
      overReceipt: number;
      /** The entry passes only because of the manager's approval: record the approval with it. */
      approvalUsed: boolean;
    }
  | { allowed: false; key: OverReceiptRefusalKey; args: Record<string, number> };

export type OverReceiptRefusalKey = Extract<
  ErrorKey,
  'overReceiptNeedsConfirmation' | 'overReceiptNeedsManager' | 'overReceiptNotAllowed' | 'quantityLooksWrong'
>;

/** The effective rule: each field of the item's setting over the warehouse's. */
export function effectiveOverReceiptRule(warehouse: OverReceiptRule, item: OverReceiptSetting): OverReceiptRule {
  return {
    mode: item.mode ?? warehouse.mode,
    tolerancePercent: item.tolerancePercent ?? warehouse.tolerancePercent,
  };
}

/** The most a line may receive in total without a manager: ordered + tolerance, rounded down to a thousandth. */
export function overReceiptCap(ordered: number, tolerancePercent: number): number {
  return ordered + Number((BigInt(ordered) * BigInt(tolerancePercent)) / toleranceScale);
}

function checkInput(input: OverReceiptInput): void {
  const counts = { ordered: input.ordered, received: input.received, tolerancePercent: input.tolerancePercent };
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be an integer >= 0: ${value}`);
  }
  if (!Number.isSafeInteger(input.entry) || input.entry <= 0) {
    throw new RangeError(`entry must be an integer > 0: ${input.entry}`);
  }
}

/** Decides one entry on one line. Throws RangeError for input that breaks the contract above. */
export function decideOverReceipt(input: OverReceiptInput): OverReceiptDecision {
  checkInput(input);
  const { ordered, received, entry, mode, tolerancePercent, confirmed, managerApproved } = input;
  const open = Math.max(0, ordered - received);
  if (entry <= open) return { allowed: true, overReceipt: 0, approvalUsed: false };

  const cap = overReceiptCap(ordered, tolerancePercent);
  const withinCap = received + entry <= cap;
  const args = {
    ordered: fromThousandths(ordered),
    received: fromThousandths(received),
    entry: fromThousandths(entry),
    tolerancePercent: fromThousandths(tolerancePercent),
    maximum: fromThousandths(mode === 'BLOCK' ? open : Math.max(open, cap - received)),
  };
  const refuse = (key: OverReceiptRefusalKey, refusalArgs: Record<string, number> = args): OverReceiptDecision => ({
    allowed: false,
    key,
    args: refusalArgs,
  });

  if (mode === 'BLOCK') return refuse('overReceiptNotAllowed');
  if (!confirmed && entry > open * quantityLooksWrongFactor) {
    return refuse('quantityLooksWrong', { entry: args.entry, open: fromThousandths(open) });
  }
  const overReceipt = entry - open;
  if (withinCap) {
    if (confirmed) return { allowed: true, overReceipt, approvalUsed: false };
    if (mode === 'MANAGER' && managerApproved) return { allowed: true, overReceipt, approvalUsed: true };
    return refuse('overReceiptNeedsConfirmation');
  }
  if (mode === 'CONFIRM') return refuse('overReceiptNotAllowed');
  if (managerApproved) return { allowed: true, overReceipt, approvalUsed: true };
  return refuse('overReceiptNeedsManager');
}

/** As decideOverReceipt, throwing the refusal as a 422 with its key and args. */
export function assertOverReceiptAllowed(input: OverReceiptInput): { overReceipt: number; approvalUsed: boolean } {
  const decision = decideOverReceipt(input);
  if (!decision.allowed) throw unprocessable(decision.key, decision.args);
  return { overReceipt: decision.overReceipt, approvalUsed: decision.approvalUsed };
}
