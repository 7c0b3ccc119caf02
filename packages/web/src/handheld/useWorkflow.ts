import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../platform/notifications.js';
import { playBeep, playErrorSound, playSerialSound, playSoftSound, playSuccessSound } from '../platform/sounds.js';
import { WorkflowRunner, type ResumePoint } from './engine/runner.js';
import type {
  Continuation,
  HandheldServices,
  Prompt,
  ScannerSettings,
  Sound,
  Step,
  WorkflowEffects,
  WorkflowEnv,
  WorkflowSnapshot,
} from './engine/types.js';

export interface UseWorkflowOptions<S> {
  /** The steps; read once, when the hook first renders. */
  steps: Step<S>[];
  /** The state of a fresh start; a function is called for every start (fresh idempotency keys). */
  initial: S | (() => S);
  /** The id of the first step. */
  start: string;
  /** Lookups and the scale; the latest value is used on every step. */
  services: HandheldServices;
  /** The scanner settings, usually useConfig().scanner; the latest value is used. */
  settings: ScannerSettings;
  /** The clock (tests). */
  now?: () => Date;
  /** Speaks a translated text (I5-E's speech); without it nothing is spoken. */
  speak?: (text: string) => void;
  /** Also speak each new prompt. */
  speakPrompts?: boolean;
  /** Called with the final state when the workflow finishes. */
  onFinish?: (state: S) => void;
  /**
   * What comes after a finish, applied before any scan that waited (runner option
   * continueAfterFinish); the latest value is used.
   */
  continueAfterFinish?: (state: S) => Continuation<S> | null;
  /** The double-read window of steps where repeats count (device setting); the latest value is used. */
  repeatWindowMs?: number;
  /** After finishing, the next input starts over (default true). */
  restartOnInput?: boolean;
  /** Where to start instead of `start` (a saved point, see workflow-persistence.ts); read once. */
  resume?: ResumePoint<S> | null;
}

export interface WorkflowControls<S> {
  snapshot: WorkflowSnapshot<S>;
  stepId: string;
  state: S;
  prompt: Prompt;
  /** The prompt, translated. */
  promptText: string;
  busy: boolean;
  input: (text: string) => Promise<void>;
  back: () => void;
  reset: (state?: S) => void;
  goTo: (stepId: string, state?: S) => void;
  update: (change: (state: S) => S) => void;
  runner: WorkflowRunner<S>;
}

/** Plays the sounds of an outcome; a danger notice already beeped (notify plays the error sound). */
export function playSounds(sounds: readonly Sound[], dangerShown: boolean): void {
  for (const sound of sounds) {
    switch (sound) {
      case 'error':
        if (!dangerShown) playErrorSound();
        break;
      case 'success':
        playSuccessSound();
        break;
      case 'beep':
        playBeep();
        break;
      case 'serial':
        playSerialSound();
        break;
      case 'ignored':
        playSoftSound();
        break;
    }
  }
}

/**
 * A handheld workflow in a component: the runner's snapshot (re-rendered on each change), its
 * controls, and its effects carried out: notices through notify(...), sounds through
 * platform/sounds.ts, spoken texts through the injected `speak`.
 */
export function useWorkflow<S>(options: UseWorkflowOptions<S>): WorkflowControls<S> {
  const { t } = useTranslation();
  const latest = useRef(options);
  latest.current = options;
  const translate = useRef(t);
  translate.current = t;

  const [runner] = useState(() => {
    const env: WorkflowEnv = {
      get settings() {
        return latest.current.settings;
      },
      get services() {
        return latest.current.services;
      },
      now: () => (latest.current.now ?? (() => new Date()))(),
      get repeatWindowMs() {
        return latest.current.repeatWindowMs;
      },
    };
    return new WorkflowRunner<S>(options.steps, options.initial, env, options.start, {
      restartOnInput: options.restartOnInput ?? true,
      resume: options.resume ?? null,
      continueAfterFinish: (state) => latest.current.continueAfterFinish?.(state) ?? null,
    });
  });

  useEffect(
    () =>
      runner.subscribeEffects((effects: WorkflowEffects<S>) => {
        for (const notice of effects.notices) notify(notice.variant, notice.key, notice.args ?? {});
        playSounds(
          effects.sounds,
          effects.notices.some((notice) => notice.variant === 'danger'),
        );
        const speak = latest.current.speak;
        if (speak) for (const text of effects.speak) speak(translate.current(text.key, text.args ?? {}));
        if (effects.finished) latest.current.onFinish?.(effects.state);
      }),
    [runner],
  );

  const snapshot = useSyncExternalStore(runner.subscribe, runner.getSnapshot, runner.getSnapshot);
  const promptText = t(snapshot.prompt.key, snapshot.prompt.args ?? {});

  const spokenPrompt = useRef<string | null>(null);
  useEffect(() => {
    const { speak, speakPrompts } = latest.current;
    if (!speak || !speakPrompts || snapshot.busy) return;
    if (spokenPrompt.current === promptText) return;
    spokenPrompt.current = promptText;
    speak(promptText);
  }, [promptText, snapshot.busy]);

  return {
    snapshot,
    stepId: snapshot.stepId,
    state: snapshot.state,
    prompt: snapshot.prompt,
    promptText,
    busy: snapshot.busy,
    input: (text) => runner.input(text),
    back: () => runner.back(),
    reset: (state) => runner.reset(state),
    goTo: (stepId, state) => runner.goTo(stepId, state),
    update: (change) => runner.update(change),
    runner,
  };
}
