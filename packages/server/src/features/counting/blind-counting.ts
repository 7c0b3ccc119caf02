import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';

/**
 * Blind counting (PROCESSES.md 4.1; decision 0189 "Blind counting in batching mode"): in the
 * operation mode WALL_TO_WALL_BATCHING_MODE every answer to a caller who is not admin leaves out
 * the stock's quantities (onHand, freeToMove, released, pick, QC-pending, free stock, a count's
 * onHand and difference): they come as null. The one policy every read that carries them asks.
 */
export async function isBlindFor(ctx: AppContext, caller: Principal): Promise<boolean> {
  if (caller.expandedRoles.has('admin')) return false;
  return (await ctx.settings.settings()).operationMode === 'WALL_TO_WALL_BATCHING_MODE';
}

/** The quantity, or null for a blind caller. */
export function shownQuantity(blind: boolean, quantity: number): number | null {
  return blind ? null : quantity;
}

/** The stock buckets of an answer row, or all null for a blind caller. */
export function shownBuckets<T extends Record<string, number>>(
  blind: boolean,
  buckets: T,
): { [K in keyof T]: number | null } {
  if (!blind) return buckets;
  return Object.fromEntries(Object.keys(buckets).map((key) => [key, null])) as { [K in keyof T]: null };
}

/** The five stock buckets of a stock answer row, left out (null) for a blind caller. */
export const blindBuckets = {
  onHandQty: null,
  freeToMoveQty: null,
  releasedQty: null,
  pickQty: null,
  qcPendingQty: null,
} as const;
