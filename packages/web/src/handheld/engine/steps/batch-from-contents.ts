import { samePaddedCode, type LocationContentRow } from '@wms/contract';
import { contentRowsOf } from '../item-codes.js';
import { go, hh, refuse } from '../outcomes.js';
import { stay, type Prompt, type Step } from '../types.js';

export type ContentBatch = LocationContentRow['batches'][number];

export interface BatchFromContentsStepConfig<S> {
  id: string;
  next: string;
  /** The item whose batch is chosen. */
  itemCode(state: S): string | null;
  /** The loaded contents of the location. */
  contents(state: S): readonly LocationContentRow[] | null;
  set(state: S, batch: ContentBatch): S;
  /** With exactly one batch of the item there, choose it without a scan (default true). */
  autoSelectSingle?: boolean;
  prompt?(state: S): Prompt;
}

function batchesOf<S>(config: BatchFromContentsStepConfig<S>, state: S): ContentBatch[] {
  const itemCode = config.itemCode(state);
  const contents = config.contents(state);
  if (itemCode === null || contents === null) return [];
  return contentRowsOf(contents, itemCode).flatMap((row) => row.batches.filter((batch) => batch.code !== null));
}

/** Batch from contents: a batch of the item on the location (by code or visual code); else unknownBatchCode {code}. */
export function batchFromContentsStep<S>(config: BatchFromContentsStepConfig<S>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.batch', { item: config.itemCode(state) ?? '', lot: '' }),
    async enter(state) {
      const batches = batchesOf(config, state);
      return (config.autoSelectSingle ?? true) && batches.length === 1
        ? go(config.set(state, batches[0]!), config.next)
        : null;
    },
    async input(state, text) {
      if (text === '') return { state, next: stay };
      const batch = batchesOf(config, state).find(
        (candidate) =>
          (candidate.code !== null && samePaddedCode(candidate.code, text)) ||
          (candidate.visualCode !== null && samePaddedCode(candidate.visualCode, text)),
      );
      if (!batch) return refuse(state, 'unknownBatchCode', { code: text });
      return go(config.set(state, batch), config.next);
    },
  };
}
