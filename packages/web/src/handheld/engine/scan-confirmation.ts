/**
 * Asking the operator to confirm a scan before a step uses it (issue 14, point 20): a GS1 batch
 * that ends in what looks like an expiry date whose separator was lost (resolve-item.ts).
 *
 * A step's input may throw ScanConfirmationNeeded. The runner wraps every step with
 * withScanConfirmation: the scan is then held, a warning says why, and the step's prompt asks for
 * the confirmation. The next input at that step decides:
 * - the same scan again, the scanner's OK code (scannerOk) or a typed yes (yes, ja, tak, ok, y,
 *   j): the held scan is given to the step again, marked confirmed (isConfirmedScan);
 * - an empty Enter or a typed no (no, nee, nein, nie, n): cancelled, nothing used;
 * - anything else: cancelled, and that input is handled as a new scan.
 * While a confirmation waits, a repeat of the scan counts (Step.repeatScans), so the runner's
 * 1 s double-read rule does not swallow the rescan that confirms.
 */
import { hh } from './outcomes.js';
import { settingsPattern } from './patterns.js';
import {
  countsRepeats,
  stay,
  type KeyedError,
  type Notice,
  type Prompt,
  type Step,
  type StepOutcome,
  type WorkflowEnv,
} from './types.js';

/** Thrown by a step (through resolveItemScan) when a scan needs the operator's confirmation. */
export class ScanConfirmationNeeded extends Error implements KeyedError {
  readonly key: string;
  readonly args: Record<string, unknown>;

  constructor(
    /** The scan to confirm. */
    readonly text: string,
    /** The warning that says why (also the danger notice where no runner wraps the step). */
    readonly notice: Notice,
    /** The question while the confirmation waits. */
    readonly prompt: Prompt,
  ) {
    super(notice.key);
    this.key = notice.key;
    this.args = notice.args ?? {};
  }
}

/** Envs given to a step for a confirmed scan, and the text confirmed. */
const confirmedScans = new WeakMap<WorkflowEnv, string>();

/** Whether the step runs a scan of this text that the operator confirmed. */
export function isConfirmedScan(env: WorkflowEnv, text: string): boolean {
  return confirmedScans.get(env) === text;
}

/** The env for running a confirmed scan (everything else as in env). */
function confirmedEnv(env: WorkflowEnv, text: string): WorkflowEnv {
  const derived = Object.create(env) as WorkflowEnv;
  confirmedScans.set(derived, text);
  return derived;
}

const yesWords = new Set(['yes', 'y', 'ja', 'j', 'tak', 'ok']);
const noWords = new Set(['', 'no', 'n', 'nee', 'nein', 'nie']);

interface Held<S> {
  state: S;
  text: string;
  prompt: Prompt;
}

/** A step that holds a scan for confirmation when its input throws ScanConfirmationNeeded. */
export function withScanConfirmation<S>(step: Step<S>): Step<S> {
  let held: Held<S> | null = null;
  const heldFor = (state: S) => (held !== null && held.state === state ? held : null);

  const run = async (state: S, text: string, env: WorkflowEnv): Promise<StepOutcome<S>> => {
    try {
      return await step.input(state, text, env);
    } catch (error) {
      if (!(error instanceof ScanConfirmationNeeded)) throw error;
      held = { state, text: error.text, prompt: error.prompt };
      return { state, next: stay, notices: [{ ...error.notice, variant: 'warning' }], sounds: ['error'] };
    }
  };

  const wrapped: Step<S> = {
    id: step.id,
    prompt: (state) => heldFor(state)?.prompt ?? step.prompt(state),
    async input(state, text, env) {
      const waiting = heldFor(state);
      held = null;
      if (!waiting) return run(state, text, env);
      const word = text.trim().toLowerCase();
      if (text === waiting.text || yesWords.has(word) || settingsPattern(env.settings.scannerOk)?.test(text)) {
        return run(state, waiting.text, confirmedEnv(env, waiting.text));
      }
      const cancelled: Notice = {
        variant: 'info',
        key: hh('scanConfirmation.cancelled').key,
        args: { code: waiting.text },
      };
      if (noWords.has(word)) return { state, next: stay, notices: [cancelled] };
      const outcome = await run(state, text, env);
      return { ...outcome, notices: [cancelled, ...(outcome.notices ?? [])] };
    },
    repeatScans: (state) => heldFor(state) !== null || countsRepeats(step, state),
  };
  if (step.enter) wrapped.enter = step.enter.bind(step);
  return wrapped;
}
