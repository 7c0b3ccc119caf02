import type { CartSession } from '@wms/contract';

/**
 * What the start screen hands the walk screen when POST start answers: the session (the walk opens
 * on it at once, without loading it again and without a moment with no scanner bar) and the scans
 * made after Start was asked (the walk takes them in order, so none is lost in the change of
 * screens). Kept in memory, not in the history: a reload loads the session and sends no scan twice.
 */
export interface StartHandover {
  session: CartSession;
  /** Scans still to give the walk, oldest first; the start screen adds to it until it closes. */
  scans: string[];
}

let pending: StartHandover | null = null;

export function handOver(handover: StartHandover): void {
  pending = handover;
}

/** The hand-over of a start just made on this device, if the walk has not taken it yet. */
export function pendingHandover(): StartHandover | null {
  return pending;
}

/** The walk took the hand-over's scans (all of them: the start screen is gone). */
export function takeHandoverScans(): string[] {
  const scans = pending?.scans.splice(0) ?? [];
  pending = null;
  return scans;
}
