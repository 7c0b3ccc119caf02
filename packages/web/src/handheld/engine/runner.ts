import { danger, failureNotice } from './outcomes.js';
import { defaultRepeatWindowMs, duplicateReadWindowMs, ReadFilter, type Arrival } from './read-filter.js';
import { withScanConfirmation } from './scan-confirmation.js';
import {
  countsRepeats,
  finish,
  stay,
  type Continuation,
  type IgnoredScan,
  type Notice,
  type Step,
  type StepOutcome,
  type WorkflowEffects,
  type WorkflowEnv,
  type WorkflowSnapshot,
} from './types.js';

export { duplicateReadWindowMs } from './read-filter.js';
/** More automatic transitions than this in one go is a loop in the workflow's definition. */
export const maxAutomaticTransitions = 100;

export interface WorkflowRunnerOptions<S = unknown> {
  /** When finished, the next input first starts over (initial state, start step). Default true. */
  restartOnInput?: boolean;
  /**
   * Start here instead of the start step (an app reopened: DOMAIN.md, handheld flows). The step
   * waits for input; its enter() does not run again. Ignored when a step id is unknown.
   */
  resume?: ResumePoint<S> | null;
  /**
   * What comes after a finish (the next transfer from the same location, ...), applied before
   * any queued scan is handled; null or absent: the workflow rests finished.
   */
  continueAfterFinish?: (state: S) => Continuation<S> | null;
}

interface HistoryEntry<S> {
  stepId: string;
  state: S;
}

/** Where a workflow rests: its step, its state and the way back (saved to resume it later). */
export interface ResumePoint<S> {
  stepId: string;
  state: S;
  /** The steps Back returns to, oldest first. */
  history: { stepId: string; state: S }[];
}

/**
 * Runs a workflow: the current step, its state and the way back. Every operation (input, back,
 * reset, goTo, update) is queued, so a scan that arrives while a lookup runs waits its turn.
 * Listeners get a new snapshot after each change; effect listeners get the notices, sounds and
 * spoken texts of each outcome.
 *
 * `initial` may be a function: it is called for every start (fresh idempotency keys and the like).
 */
export class WorkflowRunner<S> {
  private readonly steps = new Map<string, Step<S>>();
  private readonly listeners = new Set<(snapshot: WorkflowSnapshot<S>) => void>();
  private readonly effectListeners = new Set<(effects: WorkflowEffects<S>) => void>();
  private readonly restartOnInput: boolean;
  private current: WorkflowSnapshot<S>;
  private history: HistoryEntry<S>[] = [];
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private readonly reads = new ReadFilter();
  private ignoredCount = 0;
  private readonly continueAfterFinish: ((state: S) => Continuation<S> | null) | undefined;
  /** The current step waits for input (a way back may lead here); false while a step passes through. */
  private resting = false;

  constructor(
    steps: Step<S>[],
    private readonly initial: S | (() => S),
    private readonly env: WorkflowEnv,
    private readonly start: string,
    options: WorkflowRunnerOptions<S> = {},
  ) {
    for (const step of steps) {
      if (this.steps.has(step.id)) throw new Error(`duplicate workflow step id: ${step.id}`);
      // A scan a step holds for the operator's confirmation (scan-confirmation.ts, issue 14 point 20).
      this.steps.set(step.id, withScanConfirmation(step));
    }
    this.restartOnInput = options.restartOnInput ?? true;
    this.continueAfterFinish = options.continueAfterFinish;
    const resume = options.resume;
    if (resume && [resume, ...resume.history].every((entry) => this.steps.has(entry.stepId))) {
      this.history = [...resume.history];
      this.resting = true;
      this.current = {
        stepId: resume.stepId,
        state: resume.state,
        prompt: this.step(resume.stepId).prompt(resume.state),
        busy: false,
        finished: false,
        canGoBack: this.history.length > 0,
        notices: [],
        ignored: null,
        revision: 0,
      };
      return;
    }
    const state = this.initialState();
    this.current = {
      stepId: start,
      state,
      prompt: this.step(start).prompt(state),
      busy: false,
      finished: false,
      canGoBack: false,
      notices: [],
      ignored: null,
      revision: 0,
    };
    void this.enqueue(() => this.enterStep(start, state, []));
  }

  get stepId(): string {
    return this.current.stepId;
  }

  get state(): S {
    return this.current.state;
  }

  get snapshot(): WorkflowSnapshot<S> {
    return this.current;
  }

  /** For useSyncExternalStore. */
  getSnapshot = (): WorkflowSnapshot<S> => this.current;

  subscribe = (listener: (snapshot: WorkflowSnapshot<S>) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  subscribeEffects(listener: (effects: WorkflowEffects<S>) => void): () => void {
    this.effectListeners.add(listener);
    return () => this.effectListeners.delete(listener);
  }

  /** The current step, state and way back (to save; a runner made with `resume` continues there). */
  resumePoint(): ResumePoint<S> {
    return { stepId: this.current.stepId, state: this.current.state, history: [...this.history] };
  }

  /** Resolves when every queued operation has run. */
  idle(): Promise<void> {
    return this.queue;
  }

  /**
   * Feeds a scan or typed text (trimmed) to the current step, in the order of arrival. Not used,
   * with a hint and the 'ignored' sound: the same text again within 1 s of the last accepted read
   * (within the short repeat window at a step with repeatScans), and a scan that was waiting
   * while the scan before it was refused (read-filter.ts).
   */
  input(text: string): Promise<void> {
    const arrival = this.reads.arrive(text.trim(), this.env.now().getTime());
    return this.enqueue(async () => {
      if (this.current.finished && this.restartOnInput) await this.restart();
      if (this.reads.discarded(arrival)) return this.ignore(arrival, 'typedAhead');
      const { stepId, state } = this.current;
      if (arrival.text !== '' && this.reads.doubleRead(arrival, this.readWindow(stepId, state))) {
        return this.ignore(arrival, 'doubleRead');
      }
      if (this.current.ignored) this.publish({ ignored: null });
      const outcome = await this.guard(() => this.step(stepId).input(state, arrival.text, this.env), state);
      await this.apply(outcome, []);
    });
  }

  /** The double-read window at a step: short where repeats count, else 1 s. */
  private readWindow(stepId: string, state: S): number {
    return countsRepeats(this.step(stepId), state)
      ? (this.env.repeatWindowMs ?? defaultRepeatWindowMs)
      : duplicateReadWindowMs;
  }

  /** A scan not used: the hint near the input, a short sound; a typed-ahead scan is also named. */
  private ignore(arrival: Arrival, reason: IgnoredScan['reason']): void {
    this.ignoredCount += 1;
    this.publish({ ignored: { code: arrival.text, reason, count: this.ignoredCount } });
    const notices: Notice[] =
      reason === 'typedAhead' && arrival.text !== ''
        ? [{ variant: 'info', key: 'handheld:scanNotUsed', args: { code: arrival.text } }]
        : [];
    this.emit({ notices, sounds: ['ignored'], speak: [], finished: false, state: this.current.state });
  }

  /** Returns to the step before the current one, with the state it had there. */
  back(): void {
    void this.enqueue(async () => {
      const previous = this.history.pop();
      if (!previous) return;
      const step = this.step(previous.stepId);
      this.resting = true;
      this.publish({
        stepId: previous.stepId,
        state: previous.state,
        prompt: step.prompt(previous.state),
        finished: false,
        notices: [],
      });
    });
  }

  /** Starts over: the initial state (or the one given) at the start step. */
  reset(state?: S): void {
    void this.enqueue(() => this.restart(state));
  }

  /** Jumps to a step (entering it), with the state given or the current one; keeps the way back. */
  goTo(stepId: string, state?: S): void {
    void this.enqueue(() => this.transition(stepId, state ?? this.current.state, []));
  }

  /** Changes the state in place (an app's button: remove a collected line, ...). */
  update(change: (state: S) => S): void {
    void this.enqueue(async () => {
      const state = change(this.current.state);
      this.publish({ state, prompt: this.step(this.current.stepId).prompt(state) });
    });
  }

  private initialState(): S {
    return typeof this.initial === 'function' ? (this.initial as () => S)() : this.initial;
  }

  private step(id: string): Step<S> {
    const step = this.steps.get(id);
    if (!step) throw new Error(`unknown workflow step: ${id}`);
    return step;
  }

  private enqueue(operation: () => Promise<void>): Promise<void> {
    this.pending += 1;
    if (this.pending === 1) this.publish({ busy: true });
    const run = this.queue.then(operation).catch((error: unknown) => {
      this.emit({
        notices: [failureNotice(error)],
        sounds: ['error'],
        speak: [],
        finished: false,
        state: this.current.state,
      });
    });
    this.queue = run.finally(() => {
      this.pending -= 1;
      if (this.pending === 0) this.publish({ busy: false });
    });
    return this.queue;
  }

  private async restart(state?: S, notices: Notice[] = []): Promise<void> {
    this.history = [];
    await this.enterStep(this.start, state ?? this.initialState(), notices);
  }

  /** After a finish: what comes next (continueAfterFinish), in the same turn of the queue. */
  private async continueAfter(state: S): Promise<void> {
    const next = this.continueAfterFinish?.(state);
    if (!next) return;
    if (next.notices?.length) {
      this.emit({ notices: next.notices, sounds: [], speak: [], finished: false, state: next.state });
    }
    await this.restart(next.state, next.notices ?? []);
    if (next.stepId && next.stepId !== this.current.stepId) {
      await this.transition(next.stepId, this.current.state, next.notices ?? []);
    }
  }

  /** Runs a step function; a thrown failure becomes a danger notice with the state unchanged. */
  private async guard(run: () => Promise<StepOutcome<S>>, state: S): Promise<StepOutcome<S>> {
    try {
      return await run();
    } catch (error) {
      return danger(state, failureNotice(error));
    }
  }

  /** Applies an outcome of the current step, following automatic transitions. */
  private async apply(outcome: StepOutcome<S>, carried: Notice[], depth = 0): Promise<void> {
    const notices = [...carried, ...(outcome.notices ?? [])];
    this.emit({
      notices: outcome.notices ?? [],
      sounds: outcome.sounds ?? [],
      speak: outcome.speak ? [outcome.speak] : [],
      finished: outcome.next === finish,
      state: outcome.state,
    });
    if (outcome.next === stay) {
      this.resting = true;
      this.publish({ state: outcome.state, prompt: this.step(this.current.stepId).prompt(outcome.state), notices });
      return;
    }
    if (outcome.next === finish) {
      this.publish({
        state: outcome.state,
        prompt: this.step(this.current.stepId).prompt(outcome.state),
        finished: true,
        notices,
      });
      await this.continueAfter(outcome.state);
      return;
    }
    await this.transition(outcome.next, outcome.state, notices, depth + 1);
  }

  /**
   * Moves to a step and runs its enter(). The way back keeps the steps that waited for input, not
   * those passed through automatically (auto-selects, actions, set values).
   */
  private async transition(stepId: string, state: S, notices: Notice[], depth = 0): Promise<void> {
    if (stepId !== this.current.stepId && this.resting) {
      this.history.push({ stepId: this.current.stepId, state: this.current.state });
    }
    await this.enterStep(stepId, state, notices, depth);
  }

  private async enterStep(stepId: string, state: S, notices: Notice[], depth = 0): Promise<void> {
    if (depth > maxAutomaticTransitions) throw new Error(`workflow loops at step ${stepId}`);
    const step = this.step(stepId);
    this.resting = false;
    this.publish({ stepId, state, prompt: step.prompt(state), finished: false, notices });
    if (!step.enter) {
      this.resting = true;
      return;
    }
    const enter = step.enter.bind(step);
    const outcome = await this.guard(async () => (await enter(state, this.env)) ?? { state, next: stay }, state);
    await this.apply(outcome, notices, depth);
  }

  private publish(change: Partial<Omit<WorkflowSnapshot<S>, 'revision' | 'canGoBack'>>): void {
    this.current = {
      ...this.current,
      ...change,
      canGoBack: this.history.length > 0,
      revision: this.current.revision + 1,
    };
    for (const listener of this.listeners) listener(this.current);
  }

  private emit(effects: WorkflowEffects<S>): void {
    // A refusal (danger or warning) drops the scans waiting at this moment: they were made for the
    // answer the refused scan was expected to give. Marked now, before the new prompt is shown, so a
    // scan made after that prompt appeared is used even while the turn is still finishing.
    if (effects.notices.some((notice) => notice.variant === 'danger' || notice.variant === 'warning')) {
      this.reads.refused();
    }
    if (effects.notices.length === 0 && effects.sounds.length === 0 && effects.speak.length === 0 && !effects.finished)
      return;
    for (const listener of this.effectListeners) listener(effects);
  }
}
