import { useMemo } from 'react';
import { useConfig } from '../platform/config.js';
import { useDeviceConfig } from '../platform/device-config.js';
import { useSession } from '../platform/session.js';
import type { ResumePoint } from './engine/runner.js';
import type { Continuation, HandheldServices, Step } from './engine/types.js';
import { createHttpHandheldServices } from './handheld-services.js';
import type { IdempotencyKeeper } from './idempotency-keeper.js';
import { useSpeech } from './peripherals/speech.js';
import { useIgnoredScanHint } from './useIgnoredScanHint.js';
import { usePersistedWorkflow, type PersistedWorkflowControls } from './usePersistedWorkflow.js';

export interface DeviceWorkflowOptions<S> {
  /** Made once by the caller (useState), like every workflow's steps. */
  steps: Step<S>[];
  initial: () => S;
  start: string;
  /** Saved per app id and user: reopening the app resumes the step. */
  appId: string;
  /** The committing request's Idempotency-Key, saved with the workflow (a retry reuses it). */
  keeper: IdempotencyKeeper;
  restore?: (point: ResumePoint<S>) => ResumePoint<S>;
  /** What comes after a finish (default: a fresh start at `start`). */
  continueAfterFinish?: (state: S) => Continuation<S> | null;
}

export type DeviceWorkflow<S> = PersistedWorkflowControls<S> & {
  services: HandheldServices;
  scanHint: ReturnType<typeof useIgnoredScanHint>;
};

/**
 * A handheld process app's workflow on this device: the engine over the HTTP services, with the
 * device's scanner settings, speech and repeat window, saved and resumed per app and user together
 * with the committing request's Idempotency-Key. One place for what every scan-driven app sets up
 * the same way; the app keeps its steps, states and what follows a finish.
 */
export function useDeviceWorkflow<S>(options: DeviceWorkflowOptions<S>): DeviceWorkflow<S> {
  const { scanner } = useConfig();
  const { config } = useDeviceConfig();
  const session = useSession();
  const speak = useSpeech();
  const services = useMemo(() => createHttpHandheldServices(), []);
  const { keeper } = options;
  const workflow = usePersistedWorkflow<S>(
    {
      steps: options.steps,
      initial: options.initial,
      start: options.start,
      services,
      settings: scanner,
      speak,
      speakPrompts: config.TTSVoice !== null,
      restartOnInput: false,
      continueAfterFinish: options.continueAfterFinish ?? (() => ({ state: options.initial() })),
      repeatWindowMs: config.scannerRepeatWindowMs,
    },
    {
      appId: options.appId,
      userId: session.me?.user.id ?? null,
      restore: options.restore,
      extra: {
        save: () => keeper.pendingRequest,
        restore: (value) => keeper.restore(value),
        subscribe: (listener) => keeper.subscribe(listener),
      },
    },
  );
  const scanHint = useIgnoredScanHint(workflow.snapshot.ignored);
  return { ...workflow, services, scanHint };
}
