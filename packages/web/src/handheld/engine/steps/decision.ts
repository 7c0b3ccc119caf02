import { go, hh } from '../outcomes.js';
import type { Prompt, Step, WorkflowEnv } from '../types.js';

export interface DecisionStepConfig<S> {
  id: string;
  decide(state: S, env: WorkflowEnv): boolean | Promise<boolean>;
  ifTrue: string;
  ifFalse: string;
  prompt?(state: S): Prompt;
}

/** Decision: evaluates the predicate and moves to the step for true or false. */
export function decisionStep<S>(config: DecisionStepConfig<S>): Step<S> {
  const run = async (state: S, env: WorkflowEnv) =>
    go(state, (await config.decide(state, env)) ? config.ifTrue : config.ifFalse);
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.working'),
    enter: run,
    input: (state, _text, env) => run(state, env),
  };
}
