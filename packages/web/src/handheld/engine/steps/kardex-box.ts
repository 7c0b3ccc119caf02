import { go, hh, refuse } from '../outcomes.js';
import { stay, type Prompt, type Step } from '../types.js';

/** A kardex box code: K, two digits, dash, two digits, dash, two digits, plus, six digits. */
export const kardexBoxPattern = /^K\d{2}-\d{2}-\d{2}\+\d{6}$/i;
export const kardexBoxFormat = 'Kxx-xx-xx+xxxxxx';

export interface KardexBoxStepConfig<S> {
  id: string;
  next: string;
  /** Stores the box code (upper case). */
  set(state: S, box: string): S;
  prompt?(state: S): Prompt;
}

/** Kardex box: a code matching kardexBoxPattern, else misc.wrongFormat {format}. */
export function kardexBoxStep<S>(config: KardexBoxStepConfig<S>): Step<S> {
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.kardexBox'),
    async input(state, text) {
      if (text === '') return { state, next: stay };
      if (!kardexBoxPattern.test(text))
        return refuse(state, 'misc.wrongFormat', { format: kardexBoxFormat, value: text });
      return go(config.set(state, text.toUpperCase()), config.next);
    },
  };
}
