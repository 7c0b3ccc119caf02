import { go, hh } from '../outcomes.js';
import type { Prompt, Step, WorkflowEnv } from '../types.js';

export interface SetValuesStepConfig<S> {
  id: string;
  next: string;
  /** The new state (clear the previous line, make a fresh idempotency key, ...). */
  apply(state: S, env: WorkflowEnv): S | Promise<S>;
  prompt?(state: S): Prompt;
}

/** Set values: changes the state on entering, then moves on. */
export function setValuesStep<S>(config: SetValuesStepConfig<S>): Step<S> {
  const run = async (state: S, env: WorkflowEnv) => go(await config.apply(state, env), config.next);
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.working'),
    enter: run,
    input: (state, _text, env) => run(state, env),
  };
}
