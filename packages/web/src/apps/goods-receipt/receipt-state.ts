import {
  fromThousandths,
  sameCode,
  toThousandths,
  type GoodsReceipt,
  type Item,
  type ReceiptLine,
  type ReceiptProgressAnswer,
  type ReceiptProgressRequest,
} from '@wms/contract';
import type { Prompt } from '../../handheld/engine/types.js';

/** A prompt or notice key of this app's namespace. */
export function gr(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `goodsReceipt:${key}`, args } : { key: `goodsReceipt:${key}` };
}

/**
 * A refusal of the server that asks for more than the entry: the same quantity confirmed again
 * (overReceiptNeedsConfirmation, quantityLooksWrong), the batch scanned again
 * (batchExistsWithOtherExpiry), or a manager (overReceiptNeedsManager).
 */
export interface PendingConfirmation {
  kind: 'quantity' | 'batchExpiry' | 'manager';
  key: string;
  args: Record<string, unknown>;
}

/**
 * One entry being collected on the receipt screen. JSON-safe (it is saved to resume). Quantities
 * are thousandths. A manager's password is never part of it.
 */
export interface ReceiptDraft {
  /** The receipt's code. */
  receipt: string;
  /** The receipt line the scanned item selected. */
  line: number | null;
  item: Item | null;
  /** Units one scan of the identifying code stands for (barcodeInvQty, a GS1 count). */
  scanQuantity: number;
  batch: string | null;
  expirationDate: string | null;
  manufacturingDate: string | null;
  manufacturingBatch: string | null;
  serials: string[];
  manufacturingSerials: (string | null)[];
  quantity: number;
  /** A scanned target location; null: the receipt's default target. */
  target: string | null;
  confirmations: { quantity: boolean; batchExpiry: boolean };
  pending: PendingConfirmation | null;
  /** The last attempt failed without a known answer: the prompt offers a retry. */
  failed: boolean;
}

export function emptyDraft(receipt: string): ReceiptDraft {
  return {
    receipt,
    line: null,
    item: null,
    scanQuantity: 1000,
    batch: null,
    expirationDate: null,
    manufacturingDate: null,
    manufacturingBatch: null,
    serials: [],
    manufacturingSerials: [],
    quantity: 0,
    target: null,
    confirmations: { quantity: false, batchExpiry: false },
    pending: null,
    failed: false,
  };
}

/** The line of the draft on the receipt. */
export function draftLine(receipt: GoodsReceipt | null, draft: ReceiptDraft): ReceiptLine | null {
  if (!receipt || draft.line === null) return null;
  return receipt.lines.find((line) => line.line === draft.line) ?? null;
}

/** The line an item scan selects: the first open line of the item, else its first line; null: not on the receipt. */
export function lineForItem(receipt: GoodsReceipt, itemCode: string): ReceiptLine | null {
  const lines = receipt.lines.filter((line) => sameCode(line.item, itemCode));
  return lines.find((line) => line.open > 0) ?? lines[0] ?? null;
}

/**
 * The next question of a draft whose item is known: batch, the dates and supplier codes the
 * item's rules ask for, the serial loop, or the quantity.
 */
export function nextQuestion(draft: ReceiptDraft, line: ReceiptLine | null): string {
  const item = draft.item;
  if (!item) return 'item';
  const rules = line?.rules;
  if (item.managedBy === 'BATCH_NUMBER' && draft.batch === null) return 'batch';
  if (rules?.scanExpirationDate && draft.expirationDate === null) return 'expiry';
  if (rules?.scanManufacturingDate && draft.manufacturingDate === null) return 'productionDate';
  if (rules?.scanManufacturingBatch && draft.manufacturingBatch === null) return 'manufacturingBatch';
  if (item.managedBy === 'SERIAL_NUMBER') return 'serial';
  return 'quantity';
}

/**
 * The draft moving on to its next question; entering the quantity it gets its default: the
 * open quantity for a batch item, else what the identifying scan counts.
 */
export function advance(draft: ReceiptDraft, line: ReceiptLine | null): { state: ReceiptDraft; next: string } {
  const next = nextQuestion(draft, line);
  if (next !== 'quantity' || draft.quantity > 0) return { state: draft, next };
  const open = line ? toThousandths(line.open) : 0;
  const quantity = draft.item?.managedBy === 'BATCH_NUMBER' && open > 0 ? open : draft.scanQuantity;
  return { state: { ...draft, quantity }, next };
}

/** The request body of the draft's entry. */
export function progressBody(draft: ReceiptDraft): ReceiptProgressRequest {
  const serial = draft.item?.managedBy === 'SERIAL_NUMBER';
  return {
    ...(serial ? {} : { quantity: fromThousandths(draft.quantity) }),
    batch: draft.batch,
    expirationDate: draft.expirationDate,
    manufacturingDate: draft.manufacturingDate,
    manufacturingBatch: draft.manufacturingBatch,
    serials: serial ? draft.serials : [],
    manufacturingSerials:
      serial && draft.manufacturingSerials.some((value) => value !== null) ? draft.manufacturingSerials : [],
    targetLocation: draft.target,
    confirmations: draft.confirmations,
  };
}

/**
 * The receipt after one saved entry, from the progress answer: its line as it is now, the new
 * entries added (an entry already there is not added twice), status and version. Other devices'
 * entries come with the next read (DOCUMENT_CHANGED).
 */
export function withProgress(receipt: GoodsReceipt, answer: ReceiptProgressAnswer): GoodsReceipt {
  const known = new Set(receipt.entries.map((entry) => entry.id));
  return {
    ...receipt,
    status: answer.status,
    version: Math.max(receipt.version, answer.version),
    lines: receipt.lines.map((line) => (line.line === answer.line.line ? answer.line : line)),
    entries: [...receipt.entries, ...answer.entries.filter((entry) => !known.has(entry.id))],
  };
}
