import {
  codeKey,
  gtinCandidates,
  resolveCompoundBarcode,
  type CompoundBarcode,
  type ItemFindAnswer,
} from '@wms/contract';
import type { WorkflowEnv } from './types.js';

/** An item a scan named, and the compound barcode reading that named it (null: the text as is). */
export interface ResolvedItemScan {
  answer: ItemFindAnswer;
  barcode: CompoundBarcode | null;
}

/**
 * The item a scanned text names: each reading of resolveCompoundBarcode in order, each item code
 * in every GTIN form (gtinCandidates), looked up with findItem; the first known one wins. A GS1
 * serial without a GTIN is looked up as a serial (when exactly one item has it). Finally the text
 * as it is. null: no item.
 */
export async function resolveItemScan(text: string, env: WorkflowEnv): Promise<ResolvedItemScan | null> {
  const tried = new Set<string>();
  const find = async (code: string): Promise<ItemFindAnswer | null> => {
    const key = codeKey(code);
    if (key === '' || tried.has(key)) return null;
    tried.add(key);
    return env.services.findItem(code.trim());
  };
  for (const barcode of resolveCompoundBarcode(text, env.now())) {
    if (barcode.itemCode !== null) {
      for (const code of [barcode.itemCode, ...gtinCandidates(barcode.itemCode)]) {
        const answer = await find(code);
        if (answer) return { answer, barcode };
      }
    } else if (barcode.serialCode !== null) {
      const serials = await env.services.findSerials(barcode.serialCode);
      if (serials.length === 1) {
        const answer = await find(serials[0]!.itemCode);
        if (answer) return { answer: { ...answer, matchedBy: 'CODE', quantity: 1 }, barcode };
      }
    }
  }
  const answer = await find(text);
  return answer ? { answer, barcode: null } : null;
}
