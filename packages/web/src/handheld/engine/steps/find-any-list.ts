import { go, hh, refuse } from '../outcomes.js';
import { stay, type Prompt, type Step, type WorkflowEnv } from '../types.js';

export interface FindAnyListStepConfig<S, T> {
  id: string;
  next: string;
  /** How many values to collect. */
  count(state: S): number;
  /** The values collected so far. */
  list(state: S): readonly T[];
  /** Looks a scan up; null: not found. */
  find(text: string, state: S, env: WorkflowEnv): Promise<T | null> | T | null;
  add(state: S, value: T): S;
  /** Two values are the same (a repeat is refused with alreadyScanned {code}); default: never. */
  same?: (a: T, b: T) => boolean;
  /** The key of a failed lookup (default notFound), with {code}. */
  notFoundKey?: string;
  prompt?(state: S): Prompt;
}

/** Find-any-list: collects found values, repeating until the count is reached (then a beep and next). */
export function findAnyListStep<S, T>(config: FindAnyListStepConfig<S, T>): Step<S> {
  return {
    id: config.id,
    prompt: (state) =>
      config.prompt?.(state) ??
      hh('prompt.scanOfCount', { scanned: config.list(state).length, count: config.count(state) }),
    async enter(state) {
      return config.list(state).length >= config.count(state) ? go(state, config.next) : null;
    },
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const value = await config.find(text, state, env);
      if (value === null) return refuse(state, config.notFoundKey ?? 'notFound', { code: text });
      const same = config.same;
      if (same && config.list(state).some((present) => same(present, value))) {
        return refuse(state, 'alreadyScanned', { code: text });
      }
      const next = config.add(state, value);
      return config.list(next).length >= config.count(next)
        ? go(next, config.next, { sounds: ['beep'] })
        : { state: next, next: stay };
    },
  };
}
