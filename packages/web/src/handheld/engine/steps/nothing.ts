import { go, hh } from '../outcomes.js';
import { stay, type Prompt, type Step } from '../types.js';

export interface NothingStepConfig<S> {
  id: string;
  /** Moves on at once; without next the step waits and ignores input. */
  next?: string;
  prompt?(state: S): Prompt;
}

/** Nothing: a step that does nothing (a placeholder, or a resting point that ignores scans). */
export function nothingStep<S>(config: NothingStepConfig<S>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.nothing'),
    enter: async (state) => (config.next === undefined ? null : go(state, config.next)),
    input: async (state) => ({ state, next: stay }),
  };
}
