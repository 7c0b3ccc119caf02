import {
  fromThousandths,
  quantityScale,
  toThousandths,
  type FinishedGoodsOrder,
  type FinishedGoodsReceiveAnswer,
  type FinishedGoodsReceiveRequest,
  type Item,
} from '@wms/contract';
import type { Prompt } from '../../handheld/engine/types.js';

/** What a pallet label (GS1) said besides the item: filled in when its order is chosen. */
export interface PalletData {
  item: string;
  batch: string | null;
  expirationDate: string | null;
  manufacturingDate: string | null;
  serial: string | null;
}

/** The saved workflow state of /finished_goods_receipt (quantities in thousandths). */
export interface FinishedGoodsState {
  order: FinishedGoodsOrder | null;
  /** The produced item (its barcodes: a scan of the item itself is not a batch or serial). */
  item: Item | null;
  batch: string | null;
  /** The batch is known to the server: its dates are not asked. */
  batchKnown: boolean;
  expirationDate: string | null;
  manufacturingDate: string | null;
  /** A serial item: the units scanned so far. */
  serials: string[];
  /** The serial loop ended (Enter or OK). */
  serialsDone: boolean;
  quantity: number;
  /** The quantity question was answered. */
  quantityDone: boolean;
  target: string | null;
  /** The target question was answered (a refusal about something else then sends again at once). */
  targetDone: boolean;
  /** The server asked to confirm the known batch's other expiry: scanning this batch again confirms. */
  confirmingBatch: string | null;
  batchExpiryConfirmed: boolean;
  /** The last attempt failed without a known answer: the prompt offers a retry. */
  failed: boolean;
  received: FinishedGoodsReceiveAnswer | null;
}

export function initialFinishedGoodsState(): FinishedGoodsState {
  return {
    order: null,
    item: null,
    batch: null,
    batchKnown: false,
    expirationDate: null,
    manufacturingDate: null,
    serials: [],
    serialsDone: false,
    quantity: 0,
    quantityDone: false,
    target: null,
    targetDone: false,
    confirmingBatch: null,
    batchExpiryConfirmed: false,
    failed: false,
    received: null,
  };
}

/** Steps where the OK button (or Enter) answers. */
export const confirmingSteps: ReadonlySet<string> = new Set(['quantity', 'serial', 'target']);

export const isBatchItem = (order: FinishedGoodsOrder): boolean => order.item.managedBy === 'BATCH_NUMBER';
export const isSerialItem = (order: FinishedGoodsOrder): boolean =>
  order.item.managedBy === 'SERIAL_NUMBER' && !order.item.serialManagedByDispatch;

/** The state of a newly chosen order: quantity = reported but not received, target = the proposed one, pallet data filled in. */
export function stateForOrder(order: FinishedGoodsOrder, pallet: PalletData | null): FinishedGoodsState {
  const base = {
    ...initialFinishedGoodsState(),
    order,
    quantity: toThousandths(order.receivableQuantity),
    target: order.defaultTargetLocation,
  };
  if (!pallet) return base;
  return {
    ...base,
    batch: isBatchItem(order) ? pallet.batch : null,
    expirationDate: pallet.expirationDate,
    manufacturingDate: pallet.manufacturingDate,
    serials: isSerialItem(order) && pallet.serial ? [pallet.serial] : [],
  };
}

/** The next unanswered question of a state (the engine's step id): 'receive' when everything is answered. */
export function nextQuestion(state: FinishedGoodsState): string {
  const { order } = state;
  if (!order) return 'order';
  if (isBatchItem(order)) {
    if (state.batch === null) return 'batch';
    if (!state.batchKnown && order.item.scanExpirationDate && state.expirationDate === null) return 'expiry';
    if (!state.batchKnown && order.item.scanManufacturingDate && state.manufacturingDate === null) {
      return 'productionDate';
    }
  }
  if (isSerialItem(order)) {
    if (!state.serialsDone) return 'serial';
  } else if (!state.quantityDone) return 'quantity';
  return state.targetDone && state.target !== null ? 'receive' : 'target';
}

/** The quantity a receipt sends (thousandths): the serials' count for a serial item. */
export function quantityOf(state: FinishedGoodsState): number {
  return state.order && isSerialItem(state.order) ? state.serials.length * quantityScale : state.quantity;
}

/** The receive request of a complete state; null while something is missing. */
export function receiveRequestOf(
  state: FinishedGoodsState,
  printer: number | null,
): FinishedGoodsReceiveRequest | null {
  const quantity = quantityOf(state);
  if (!state.order || state.target === null || quantity <= 0) return null;
  return {
    quantity: fromThousandths(quantity),
    batch: state.batch,
    expirationDate: state.expirationDate,
    manufacturingDate: state.manufacturingDate,
    serials: state.serials,
    targetLocation: state.target,
    confirmations: { batchExpiry: state.batchExpiryConfirmed },
    printer,
  };
}

/** A text of this app's namespace. */
export function fg(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `finishedGoodsReceipt:${key}`, args } : { key: `finishedGoodsReceipt:${key}` };
}
