import { fromThousandths, type PutWallSlot, type PutWallTarget, type PutWallView } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { addressKey, addressOf } from '../address-validation/address-json.js';
import type { PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import * as repository from './multi-address-delivery.repository.js';
import type { LineShipToRow, SlotRow } from './multi-address-delivery.repository.js';

/**
 * The put wall's state (decision 0188): which slot each list line belongs to (by its ship-to),
 * and per slot and item the units due (picked for its lines) and put (the pick entries of its
 * lines in the slot's container). Quantities inside are integer thousandths.
 */

const extrasShipTo = (extras: string | null): unknown => {
  if (extras === null) return undefined;
  try {
    const value = JSON.parse(extras) as unknown;
    return typeof value === 'object' && value !== null ? (value as { shipTo?: unknown }).shipTo : undefined;
  } catch {
    return undefined;
  }
};

/** The canonical key of a line's ship-to (its order line's, else the order's, else the list's); null: none. */
export function shipToKeyOf(line: LineShipToRow): string | null {
  const address =
    addressOf(extrasShipTo(line.source_extras)) ?? addressOf(line.order_ship_to) ?? addressOf(line.list_ship_to);
  return address === null ? null : addressKey(address);
}

export interface PutWallState {
  slots: SlotRow[];
  lines: LineShipToRow[];
  /** document_line_id -> slot row. */
  slotOfLine: Map<number, SlotRow>;
  /** Positive pick entry sums per line and container. */
  entries: Awaited<ReturnType<typeof repository.entriesPerLineAndContainer>>;
}

export async function loadPutWallState(db: DbOrTx, pickListId: number): Promise<PutWallState> {
  const [slots, lines, entries] = await Promise.all([
    repository.slotsOf(db, pickListId),
    repository.linesWithShipTo(db, pickListId),
    repository.entriesPerLineAndContainer(db, pickListId),
  ]);
  const byKey = new Map(slots.map((s) => [s.ship_to_key, s]));
  const slotOfLine = new Map<number, SlotRow>();
  for (const line of lines) {
    const key = shipToKeyOf(line);
    const slot = key === null ? undefined : byKey.get(key);
    if (slot) slotOfLine.set(line.document_line_id, slot);
  }
  return { slots, lines, slotOfLine, entries };
}

/** Per item of a slot: due and put (thousandths), in line order. */
export function slotLines(state: PutWallState, slot: SlotRow) {
  const perItem = new Map<number, { itemId: number; item: string; itemName: string; due: number; put: number }>();
  for (const line of state.lines) {
    if (state.slotOfLine.get(line.document_line_id)?.id !== slot.id) continue;
    const row = perItem.get(line.item_id) ?? {
      itemId: line.item_id,
      item: line.item_code,
      itemName: line.item_name,
      due: 0,
      put: 0,
    };
    row.due += Number(line.picked_qty);
    if (slot.container_id !== null) {
      for (const entry of state.entries) {
        if (entry.document_line_id === line.document_line_id && entry.container_id === slot.container_id) {
          row.put += entry.quantity;
        }
      }
    }
    perItem.set(line.item_id, row);
  }
  return [...perItem.values()];
}

/** Whether every unit due to the slot is in its container. */
export const slotComplete = (state: PutWallState, slot: SlotRow): boolean =>
  slotLines(state, slot).every((line) => line.put >= line.due);

const nameOf = (slot: SlotRow): string => {
  const address = addressOf(slot.ship_to);
  return address?.name ?? address?.city ?? slot.slot;
};

export function targetOf(state: PutWallState, slot: SlotRow, itemId: number): PutWallTarget {
  const line = slotLines(state, slot).find((l) => l.itemId === itemId);
  return {
    slot: slot.slot,
    name: nameOf(slot),
    container: slot.container_code,
    item: line?.item ?? '',
    put: fromThousandths(line?.put ?? 0),
    due: fromThousandths(line?.due ?? 0),
  };
}

export function toPutWallView(head: PickListHead, state: PutWallState): PutWallView {
  const slots: PutWallSlot[] = state.slots.map((slot) => {
    const address = addressOf(slot.ship_to);
    return {
      slot: slot.slot,
      name: nameOf(slot),
      address: address ?? { name: null, street: null, postcode: null, city: null, countryCode: null },
      container: slot.container_code,
      status: slot.status === 'DELIVERED' ? 'DELIVERED' : 'OPEN',
      delivery: slot.delivery_code,
      lines: slotLines(state, slot).map((l) => ({
        item: l.item,
        itemName: l.itemName,
        due: fromThousandths(l.due),
        put: fromThousandths(l.put),
      })),
    };
  });
  return {
    pickList: { code: head.code, status: head.status as PutWallView['pickList']['status'], version: head.version },
    slots,
    done: slots.length > 0 && slots.every((s) => s.status === 'DELIVERED'),
  };
}
