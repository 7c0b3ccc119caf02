import type { CountingListLocationState } from '@wms/contract';
import type { CountedUnit } from '../counting/count-plan.js';

/**
 * The rounds of a counting list (PROCESSES.md 4.3; decision 0192), as pure functions of the saved
 * counts of a location. A count is compared as a whole: the same quantity of every item, batch and
 * serial (zero lines left out).
 *
 * - SINGLE_COUNTING: the first count is agreed.
 * - DOUBLE_COUNTING_ALL: after count 1 the location is COUNTED_1 and needs a second count.
 * - DOUBLE_COUNTING_ONLY_WRONG: count 1 equal to the stock on hand at save time is agreed, else
 *   COUNTED_1 as above.
 * - A second count equal to the first: agreed; else COUNTED_2, needing a third.
 * - A third count equal to one of the first two: agreed on that value; else REVIEW.
 * Each count of a location is made by a user who made none of its earlier counts.
 */
export type CountingType = 'SINGLE_COUNTING' | 'DOUBLE_COUNTING_ALL' | 'DOUBLE_COUNTING_ONLY_WRONG';

/** A count's canonical form: its non-zero units sorted, so two equal counts have equal strings. */
export function canonicalCount(units: readonly CountedUnit[]): string {
  return JSON.stringify(
    units
      .filter((u) => u.counted !== 0)
      .map((u) => [u.itemId, u.batchId, u.serialId, u.counted] as const)
      .sort((a, b) => a[0] - b[0] || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0)),
  );
}

/** The units of a canonical count. */
export function unitsOf(canonical: string): CountedUnit[] {
  return (JSON.parse(canonical) as [number, number | null, number | null, number][]).map(
    ([itemId, batchId, serialId, counted]) => ({ itemId, batchId, serialId, counted }),
  );
}

export interface LocationVerdict {
  state: CountingListLocationState;
  /** The agreed count (canonical), when agreed. */
  agreed: string | null;
}

/**
 * The state of a location from its counts in round order (canonical); `onHand` is the stock at the
 * first count's save (canonical), read for DOUBLE_COUNTING_ONLY_WRONG.
 */
export function verdictOf(type: CountingType, counts: readonly string[], onHand: string | null): LocationVerdict {
  const [first, second, third] = counts;
  if (first === undefined) return { state: 'PENDING', agreed: null };
  if (second === undefined) {
    if (type === 'SINGLE_COUNTING' || (type === 'DOUBLE_COUNTING_ONLY_WRONG' && first === onHand)) {
      return { state: 'AGREED', agreed: first };
    }
    return { state: 'COUNTED_1', agreed: null };
  }
  if (third === undefined)
    return second === first ? { state: 'AGREED', agreed: first } : { state: 'COUNTED_2', agreed: null };
  if (third === first || third === second) return { state: 'AGREED', agreed: third };
  return { state: 'REVIEW', agreed: null };
}

/** The round a location needs next (null: nothing more to count). */
export function nextRoundOf(state: string): number | null {
  switch (state) {
    case 'PENDING':
      return 1;
    case 'COUNTED_1':
      return 2;
    case 'COUNTED_2':
      return 3;
    default:
      return null;
  }
}

/** The list's current round: the lowest any of its locations needs (null: every one is agreed or in review). */
export function listRoundOf(states: readonly string[]): number | null {
  let round: number | null = null;
  for (const state of states) {
    const next = nextRoundOf(state);
    if (next !== null && (round === null || next < round)) round = next;
  }
  return round;
}
