import type { CartSession, CartWalkStop } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { loadPickListView } from '../pick-lists/pick-list-view.js';
import type { SlotRow } from './cart-slots.repository.js';

const bySortingCode = (a: CartWalkStop, b: CartWalkStop): number =>
  (a.sortingCode ?? '\uffff').localeCompare(b.sortingCode ?? '\uffff') ||
  a.location.localeCompare(b.location) ||
  a.item.localeCompare(b.item) ||
  a.slot.localeCompare(b.slot);

/**
 * The cart session as the contract has it: the slots, and the merged walk of every list's open
 * allocations ordered by location sortingCode (then location, item, slot), so one visit to a
 * location serves every list that needs it. Skipped lines come after the rest of the walk.
 */
export async function buildCartSession(db: DbOrTx, slots: readonly SlotRow[]): Promise<CartSession> {
  const [first] = slots;
  if (!first) throw new Error('a cart session needs a slot');
  const views = [];
  for (const slot of slots) views.push({ slot, view: await loadPickListView(db, slot.pick_list_code) });
  const stops: { stop: CartWalkStop; skipped: boolean }[] = [];
  for (const { slot, view } of views) {
    for (const line of view.lines) {
      if (line.openQuantity <= 0) continue;
      for (const allocation of line.allocations) {
        stops.push({
          skipped: line.skipped,
          stop: {
            slot: slot.slot,
            pickList: view.code,
            lineNumber: line.lineNumber,
            location: allocation.location,
            sortingCode: allocation.locationSortingCode,
            item: line.item,
            itemName: line.itemName,
            managedBy: line.managedBy,
            batch: allocation.batch,
            serial: allocation.serial,
            quantity: allocation.quantity,
          },
        });
      }
    }
  }
  const walk = [
    ...stops
      .filter((s) => !s.skipped)
      .map((s) => s.stop)
      .sort(bySortingCode),
    ...stops
      .filter((s) => s.skipped)
      .map((s) => s.stop)
      .sort(bySortingCode),
  ];
  return {
    cart: first.cart_code,
    warehouse: first.warehouse_code,
    slots: views.map(({ slot, view }) => ({
      slot: slot.slot,
      pickList: view.code,
      status: view.status,
      container: slot.container_code,
      openLines: view.lines.filter((l) => l.openQuantity > 0).length,
    })),
    walk,
  };
}
