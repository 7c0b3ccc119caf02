import { go, hh, refuse } from '../outcomes.js';
import { stay, type Prompt, type Step, type WorkflowEnv } from '../types.js';

export interface FindStepConfig<S, T> {
  id: string;
  next: string;
  /** Looks the scanned text up (a partner, an order, ...); null: not found. */
  find(text: string, state: S, env: WorkflowEnv): Promise<T | null> | T | null;
  set(state: S, value: T, text: string): S;
  /** The key of a failed lookup (default notFound), with {code}. */
  notFoundKey?: string;
  /** An empty Enter is allowed and stores nothing (default false: it is ignored). */
  allowEmpty?: boolean;
  prompt?(state: S): Prompt;
}

/** Generic find: looks a scan up with the app's function; not found is a refused scan. */
export function findStep<S, T>(config: FindStepConfig<S, T>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.scan'),
    async input(state, text, env) {
      if (text === '') return config.allowEmpty ? go(state, config.next) : { state, next: stay };
      const value = await config.find(text, state, env);
      if (value === null) return refuse(state, config.notFoundKey ?? 'notFound', { code: text });
      return go(config.set(state, value, text), config.next);
    },
  };
}
