import { barcodeSlots, type BarcodeSlot, type Item, type ItemSuggestion } from '@wms/contract';
import type { Prompt } from '../../handheld/engine/types.js';

/** A location's items without a barcode, set one after the other ("n of m"). */
export interface BarcoderWalk {
  location: { code: string; visualCode: string };
  items: { code: string; name: string }[];
  /** The item being set (index into items). */
  index: number;
}

/** The saved workflow state of /setup/item_barcoder (quantities in thousandths). */
export interface ItemBarcoderState {
  /** The item whose barcode is set. */
  item: Item | null;
  /** The slot the new barcode goes to: the first empty one unless the user picks another. */
  slot: BarcodeSlot;
  walk: BarcoderWalk | null;
  /** The items a searched text matches, to choose from; with the text searched. */
  candidates: { text: string; items: ItemSuggestion[] } | null;
  /** The codes a scanned barcode may stand for (a GS1 string: its GTIN and the text), to choose from. */
  readings: string[] | null;
  /** The new barcode, checked. */
  barcode: string | null;
  /** A code with a wrong GTIN check digit: scanning it again confirms it. */
  confirming: string | null;
  /** The barcode's check-digit warning was confirmed (sent with the save). */
  confirmed: boolean;
  /** What one scan of the new barcode counts, in thousandths (default 1.0). */
  quantity: number;
  /** The last barcode saved: its label may be printed. */
  saved: { item: string; barcode: string; slot: BarcodeSlot } | null;
  /** The last save failed without an answer: the prompt offers a retry. */
  failed: boolean;
}

/** The default of the quantity prompt: 1.0 in thousandths. */
export const defaultBarcodeQuantity = 1000;

const noBarcode = {
  readings: null,
  barcode: null,
  confirming: null,
  confirmed: false,
  quantity: defaultBarcodeQuantity,
  failed: false,
} satisfies Partial<ItemBarcoderState>;

export function initialBarcoderState(): ItemBarcoderState {
  return { item: null, slot: 'BARCODE1', walk: null, candidates: null, saved: null, ...noBarcode };
}

/** The item's barcode in a slot (null or empty: none). */
export function barcodeIn(item: Item, slot: BarcodeSlot): string | null {
  const value = slot === 'BARCODE1' ? item.barcode : slot === 'BARCODE2' ? item.barcode2 : item.barcode3;
  return value ? value : null;
}

/** What one scan of the barcode in a slot counts. */
export function quantityIn(item: Item, slot: BarcodeSlot): number {
  return slot === 'BARCODE1' ? item.barcodeInvQty : slot === 'BARCODE2' ? item.barcode2InvQty : item.barcode3InvQty;
}

/** The first slot without a barcode; the first slot when all three are taken. */
export function firstEmptySlot(item: Item): BarcodeSlot {
  return barcodeSlots.find((slot) => barcodeIn(item, slot) === null) ?? 'BARCODE1';
}

/** The slot's number as users read it (1, 2 or 3). */
export const slotNumber = (slot: BarcodeSlot): number => barcodeSlots.indexOf(slot) + 1;

/** The state for setting a barcode of this item (the walk, if any, and the last save stay). */
export function withItem(state: ItemBarcoderState, item: Item): ItemBarcoderState {
  return { ...state, ...noBarcode, item, slot: firstEmptySlot(item), candidates: null };
}

/** The state without the new barcode (a refusal or a cancelled quantity asks for the barcode again). */
export function withoutBarcode(state: ItemBarcoderState): ItemBarcoderState {
  return { ...state, ...noBarcode };
}

/** Back to the first question: no item, no walk; the last save stays (its label may be printed). */
export function startOver(state: ItemBarcoderState): ItemBarcoderState {
  return { ...initialBarcoderState(), saved: state.saved };
}

/** A prompt of this app's namespace. */
export function sb(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `setup:barcoder.${key}`, args } : { key: `setup:barcoder.${key}` };
}
