import { failureNotice, hh } from '../outcomes.js';
import { stay, type Notice, type Prompt, type Sound, type Step, type StepOutcome, type WorkflowEnv } from '../types.js';

/** What an action may answer: a new state, notices and sounds, another next step. */
export interface DoResult<S> {
  state?: S;
  next?: string;
  notices?: Notice[];
  sounds?: Sound[];
}

export interface DoStepConfig<S> {
  id: string;
  next: string;
  /** The work (the transfer, ...). A thrown error with {key, args} (ApiError) is shown as it is. */
  action(state: S, env: WorkflowEnv): Promise<DoResult<S> | void>;
  /** When it runs: on entering the step (default), or on an input (a confirming scan or Enter). */
  runOn?: 'enter' | 'input';
  /** Where a failure goes (default 'stay': the next input tries again). */
  onError?: string;
  /** The state after a failure (default unchanged). */
  failed?(state: S, error: unknown): S;
  prompt?(state: S): Prompt;
}

/**
 * Do: runs an async action of the app. Success: its state, notices and sounds, then next. A
 * failure: a danger notice with the error's key and args, the error sound, and the step stays
 * (any input retries, with the same state, so an idempotency key in it makes the retry safe).
 */
export function doStep<S>(config: DoStepConfig<S>): Step<S> {
  const run = async (state: S, env: WorkflowEnv): Promise<StepOutcome<S>> => {
    try {
      const result = (await config.action(state, env)) ?? {};
      return {
        state: result.state ?? state,
        next: result.next ?? config.next,
        ...(result.notices ? { notices: result.notices } : {}),
        ...(result.sounds ? { sounds: result.sounds } : {}),
      };
    } catch (error) {
      return {
        state: config.failed ? config.failed(state, error) : state,
        next: config.onError ?? stay,
        notices: [failureNotice(error)],
        sounds: ['error'],
      };
    }
  };
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh(config.runOn === 'input' ? 'prompt.confirm' : 'prompt.retry'),
    enter: async (state, env) => ((config.runOn ?? 'enter') === 'enter' ? run(state, env) : null),
    input: (state, _text, env) => run(state, env),
  };
}
