import { StepFailure } from '../keyed-failure.js';
import { nextLineDraft, type PickDraft } from './pick-state.js';

/** The server key of a keyed failure (errors:<key>), else null. */
export function serverKey(error: unknown): string | null {
  return error instanceof StepFailure && error.key.startsWith('errors:') ? error.key.slice('errors:'.length) : null;
}

/**
 * Where a refused pick goes back to: the question whose answer the server refused, with that
 * answer cleared; anything else starts the line over (the list as last loaded decides).
 */
export function commitRefusal(state: PickDraft, key: string): { state: PickDraft; next: string } {
  const cleared = { ...state, failed: false };
  switch (key) {
    case 'wrongLocationScanned':
    case 'locationIsBeingCounted':
      return {
        state: { ...cleared, location: null, item: null, batch: null, serials: [], quantity: 0 },
        next: 'location',
      };
    case 'batchNotAllowed':
      return { state: { ...cleared, batch: null }, next: 'itemBatch' };
    case 'wrongItemScanned':
      return { state: { ...cleared, item: null, batch: null, serials: [], quantity: 0 }, next: 'item' };
    case 'qtyTooLarge':
    case 'notEnoughAvailableStock':
    case 'notEnoughSerialsAvailable':
      return state.item?.managedBy === 'SERIAL_NUMBER'
        ? { state: { ...cleared, serials: [], quantity: 0 }, next: 'serials' }
        : { state: cleared, next: 'quantity' };
    case 'containerBelongsToOtherPicklist':
    case 'containerClosed':
    case 'wrongSlotScanned':
      return { state: { ...cleared, container: null }, next: 'container' };
    default:
      return { state: nextLineDraft(cleared), next: 'line' };
  }
}
