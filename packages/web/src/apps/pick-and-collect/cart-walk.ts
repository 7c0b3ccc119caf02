import { sameCode, type CartSession, type CartSlot, type CartWalkStop, type PickListLine } from '@wms/contract';
import type { PickDraft, PickLines } from '../../handheld/picking/pick-state.js';

/**
 * The stop a draft is picking: its list and line, at the scanned location once there is one
 * (a line allocated at two locations has a stop at each). Null when the walk has no such stop.
 */
export function stopOf(session: CartSession | null, draft: PickDraft): CartWalkStop | null {
  if (!session || draft.lineNumber === null) return null;
  const ofLine = session.walk.filter((stop) => stop.pickList === draft.code && stop.lineNumber === draft.lineNumber);
  const location = draft.location;
  return (location ? ofLine.find((stop) => sameCode(stop.location, location)) : undefined) ?? ofLine[0] ?? null;
}

/**
 * A stop as the line the stock-picking steps ask about: the stop's quantity is all that is open
 * (the quantity is capped at it) and its location, batch or serial is the one allocation.
 */
export function stopLine(stop: CartWalkStop): PickListLine {
  return {
    lineNumber: stop.lineNumber,
    item: stop.item,
    itemName: stop.itemName,
    managedBy: stop.managedBy,
    quantity: stop.quantity,
    pickedQuantity: 0,
    shortQuantity: 0,
    shortReason: null,
    openQuantity: stop.quantity,
    walkOrder: 0,
    skipped: false,
    allocations: [
      {
        location: stop.location,
        locationSortingCode: stop.sortingCode,
        batch: stop.batch,
        serial: stop.serial,
        expirationDate: null,
        quantity: stop.quantity,
      },
    ],
    picks: [],
    salesOrder: null,
    salesOrderLine: null,
  };
}

/** The lines the stock-picking steps read for a draft: its stop's, or none. */
export function stopLines(session: CartSession | null, draft: PickDraft | undefined): PickLines | null {
  const stop = draft ? stopOf(session, draft) : null;
  return stop ? { lines: [stopLine(stop)] } : null;
}

/** The slot of a pick list on the cart. */
export function slotOfList(session: CartSession | null, pickList: string): CartSlot | null {
  return session?.slots.find((slot) => slot.pickList === pickList) ?? null;
}

/** The first slot still without a container (asked before the walk starts). */
export function emptySlot(session: CartSession | null): CartSlot | null {
  return session?.slots.find((slot) => slot.container === null) ?? null;
}
