import { go } from '../outcomes.js';
import type { Prompt, Step, TextKey } from '../types.js';

export interface SpeechStepConfig<S> {
  id: string;
  next: string;
  /** What to say (a translation key with args). */
  text(state: S): TextKey;
  prompt?(state: S): Prompt;
}

/** Speech: says a text (through the hook's speak), then moves on. */
export function speechStep<S>(config: SpeechStepConfig<S>): Step<S> {
  const run = async (state: S) => ({ ...go(state, config.next), speak: config.text(state) });
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? config.text(state),
    enter: run,
    input: (state) => run(state),
  };
}
