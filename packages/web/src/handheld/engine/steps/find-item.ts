import { sameCode, type Item } from '@wms/contract';
import { go, hh, refuse } from '../outcomes.js';
import { resolveItemScan, type ResolvedItemScan } from '../resolve-item.js';
import { stay, type Prompt, type Step } from '../types.js';

export interface FindItemStepConfig<S> {
  id: string;
  next: string;
  /** Stores the item (with what matched, the barcode quantity and the compound barcode reading). */
  set(state: S, found: ResolvedItemScan): S;
  isItemAllowed?(state: S, item: Item): boolean;
  expectedItemCode?(state: S): string | null;
  prompt?(state: S): Prompt;
}

/**
 * Find item: one item by code, barcode or compound barcode, without batch or serial questions.
 * Unknown: unknownItemForCode {code}; wrongItemScanned; itemIdentification.itemIsNotAllowed.
 */
export function findItemStep<S>(config: FindItemStepConfig<S>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.item'),
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const found = await resolveItemScan(text, env);
      if (!found) return refuse(state, 'unknownItemForCode', { code: text });
      const { item } = found.answer;
      const expected = config.expectedItemCode?.(state) ?? null;
      if (expected !== null && !sameCode(expected, item.code)) {
        return refuse(state, 'wrongItemScanned', { expected, scanned: item.code });
      }
      if (config.isItemAllowed && !config.isItemAllowed(state, item)) {
        return refuse(state, 'itemIdentification.itemIsNotAllowed', { item: item.code });
      }
      return go(config.set(state, found), config.next);
    },
  };
}
