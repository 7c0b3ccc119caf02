import {
  fromThousandths,
  returnConditions,
  sameCode,
  type GoodsReturn,
  type GoodsReturnLine,
  type GoodsReturnProgressRequest,
  type Item,
  type ReturnCondition,
} from '@wms/contract';
import type { Prompt } from '../../handheld/engine/types.js';

/** A prompt or notice key of this app's namespace. */
export function gr(key: string, args?: Record<string, unknown>): Prompt {
  return args ? { key: `goodsReturns:${key}`, args } : { key: `goodsReturns:${key}` };
}

/** One entry being collected on the return screen; JSON-safe (saved to resume). Quantities are thousandths. */
export interface ReturnDraft {
  /** The return's code. */
  code: string;
  /** The return line the scan selected. */
  line: number | null;
  item: Item | null;
  batch: string | null;
  serial: string | null;
  quantity: number;
  condition: ReturnCondition | null;
  /** The last attempt failed without a known answer: the prompt offers a retry. */
  failed: boolean;
}

export function emptyDraft(code: string): ReturnDraft {
  return { code, line: null, item: null, batch: null, serial: null, quantity: 0, condition: null, failed: false };
}

/** The line an item scan selects: the item's first line that may take more, else its first open line. */
export function lineForItem(goodsReturn: GoodsReturn, itemCode: string): GoodsReturnLine | null {
  const lines = goodsReturn.lines.filter((line) => sameCode(line.item, itemCode) && !line.flushed);
  return lines.find((line) => line.returnableQuantity > 0) ?? lines[0] ?? null;
}

export function draftLine(goodsReturn: GoodsReturn | null, draft: ReturnDraft): GoodsReturnLine | null {
  if (!goodsReturn || draft.line === null) return null;
  return goodsReturn.lines.find((line) => line.line === draft.line) ?? null;
}

/**
 * A condition typed or scanned at the condition question: its name (RESELLABLE, to_inspect,
 * "to inspect") or its number in the list (1 to 4); null for anything else.
 */
export function conditionOf(text: string): ReturnCondition | null {
  const normal = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  const byName = returnConditions.find((condition) => condition === normal);
  if (byName) return byName;
  const index = /^[1-4]$/.test(normal) ? Number(normal) - 1 : -1;
  return returnConditions[index] ?? null;
}

/** The request body of the draft's entry. */
export function progressBody(draft: ReturnDraft): GoodsReturnProgressRequest {
  return {
    line: draft.line ?? 0,
    quantity: fromThousandths(draft.quantity),
    batch: draft.batch,
    serial: draft.serial,
    condition: draft.condition,
  };
}
