import type { ManagedBy } from '@wms/contract';
import { go, hh } from '../outcomes.js';
import type { Prompt, Step } from '../types.js';

export interface SplitStepConfig<S> {
  id: string;
  /** The management type of the item in the state (null: treated as NORMAL). */
  managedBy(state: S): ManagedBy | null;
  /** The next step per management type. */
  next: Record<ManagedBy, string>;
  prompt?(state: S): Prompt;
}

/** Item split by management type: NORMAL, BATCH_NUMBER and SERIAL_NUMBER items go their own ways. */
export function splitStep<S>(config: SplitStepConfig<S>): Step<S> {
  const run = async (state: S) => go(state, config.next[config.managedBy(state) ?? 'NORMAL']);
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.working'),
    enter: run,
    input: (state) => run(state),
  };
}
