import { hh } from '../outcomes.js';
import { finish, type Notice, type Prompt, type Sound, type Step, type StepOutcome } from '../types.js';

export interface FinishStepConfig<S> {
  id: string;
  /** Notices when the workflow finishes (a success message). */
  notices?(state: S): Notice[];
  sounds?: Sound[];
  prompt?(state: S): Prompt;
}

/** Finish: ends the workflow on entering (the next input starts over). */
export function finishStep<S>(config: FinishStepConfig<S>): Step<S> {
  const run = async (state: S): Promise<StepOutcome<S>> => ({
    state,
    next: finish,
    ...(config.notices ? { notices: config.notices(state) } : {}),
    ...(config.sounds ? { sounds: config.sounds } : {}),
  });
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.done'),
    enter: run,
    input: (state) => run(state),
  };
}
