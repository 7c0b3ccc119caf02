import { go, hh } from '../outcomes.js';
import { finish, type Notice, type Prompt, type Step, type StepOutcome, type WorkflowEnv } from '../types.js';

export interface ValidateStepConfig<S> {
  id: string;
  /** Where a passing state goes. */
  next: string;
  check(state: S, env: WorkflowEnv): boolean | Promise<boolean>;
  /** The message of a failed check (optional). */
  message?: Notice | ((state: S) => Notice | null);
  prompt?(state: S): Prompt;
}

/** Validate: a passing state moves on; a failing one shows the configured message and stops (finish, no success). */
export function validateStep<S>(config: ValidateStepConfig<S>): Step<S> {
  const run = async (state: S, env: WorkflowEnv): Promise<StepOutcome<S>> => {
    if (await config.check(state, env)) return go(state, config.next);
    const message = typeof config.message === 'function' ? config.message(state) : (config.message ?? null);
    return { state, next: finish, sounds: ['error'], ...(message ? { notices: [message] } : {}) };
  };
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.working'),
    enter: run,
    input: (state, _text, env) => run(state, env),
  };
}
