import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { areaKey, sameCode, type BinLocation, type LocationContentRow } from '@wms/contract';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import type { Continuation, HandheldServices, Step } from '../../handheld/engine/types.js';
import { useSpeech } from '../../handheld/peripherals/speech.js';
import { useIgnoredScanHint } from '../../handheld/useIgnoredScanHint.js';
import { usePersistedWorkflow } from '../../handheld/usePersistedWorkflow.js';
import type { WorkflowControls } from '../../handheld/useWorkflow.js';
import { useConfig } from '../../platform/config.js';
import { useSession } from '../../platform/session.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { useLiveMessage } from '../../platform/live.js';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import { createHttpHandheldServices } from '../../handheld/handheld-services.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import type { CommitState } from './transfer-state.js';

export interface TransferWorkflowOptions<S> {
  /** The app's id (contract apps.ts): names the saved workflow. */
  appId: string;
  /**
   * Builds the steps once, with the keeper of the Idempotency-Key (saved with the workflow) and
   * whether the signed-in user may move stock from and to restricted locations (read when asked).
   */
  steps: (keeper: IdempotencyKeeper, mayMoveRestricted: () => boolean) => Step<S>[];
  initial: () => S;
  start: string;
  /**
   * The workflow finished (a line collected, a transfer done): what comes next. Applied by the
   * runner before any scan that arrived meanwhile is handled, so such a scan goes to the next
   * question and never to the finished commit step (issue 14 point 21).
   */
  afterFinish: (state: S) => Continuation<S> | null;
}

export type TransferWorkflowControls<S> = WorkflowControls<S> & {
  /** The hint under the scanner input about a scan that was not used, or null. */
  scanHint: string | null;
};

/**
 * A reopened transfer app resumes at the commit step only to offer its retry (the answer of the
 * request in flight when it closed is unknown; the retry sends the saved Idempotency-Key).
 */
export function resumeTransfer<S extends CommitState>(point: ResumePoint<S>): ResumePoint<S> {
  return point.stepId === 'transfer' && !point.state.failed
    ? { ...point, state: { ...point.state, failed: true } }
    : point;
}

/**
 * A stock transfer workflow on this device: the engine over the HTTP services, the scanner
 * settings of the config, prompts spoken when the device has a TTS voice (device settings).
 * It is saved per user and resumed when the app opens again (usePersistedWorkflow), with the
 * pending Idempotency-Key; a resumed from location gets its contents reloaded.
 */
export function useTransferWorkflow<S extends FromState & CommitState>(
  options: TransferWorkflowOptions<S>,
): TransferWorkflowControls<S> {
  const { scanner } = useConfig();
  const { config } = useDeviceConfig();
  const session = useSession();
  const userId = session.me?.user.id ?? null;
  const latestSession = useRef(session);
  latestSession.current = session;
  const speak = useSpeech();
  const services = useMemo(() => createHttpHandheldServices(), []);
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() =>
    options.steps(keeper, () => latestSession.current.hasRole('stockTransferAuthMoveRestricted')),
  );
  const workflow = usePersistedWorkflow<S>(
    {
      steps,
      initial: options.initial,
      start: options.start,
      services,
      settings: scanner,
      speak,
      speakPrompts: config.TTSVoice !== null,
      restartOnInput: false,
      // useWorkflow reads the latest value at each finish.
      continueAfterFinish: options.afterFinish,
      repeatWindowMs: config.scannerRepeatWindowMs,
    },
    {
      appId: options.appId,
      userId,
      restore: resumeTransfer,
      extra: {
        save: () => keeper.pendingRequest,
        restore: (value) => keeper.restore(value),
        subscribe: (listener) => keeper.subscribe(listener),
      },
    },
  );
  useLiveFromContents(workflow, services);
  useFreshContentsOnResume(workflow, services);
  const scanHint = useIgnoredScanHint(workflow.snapshot.ignored);
  return { ...workflow, scanHint };
}

/** A resumed from location: its saved contents may be hours old, so they are loaded again. */
function useFreshContentsOnResume<S extends FromState>(
  workflow: WorkflowControls<S> & { resumed: boolean },
  services: HandheldServices,
): void {
  const { resumed, runner } = workflow;
  const fromCode = useRef(resumed && workflow.state.fromContents ? (workflow.state.from?.code ?? null) : null);
  useEffect(() => {
    const code = fromCode.current;
    if (code === null) return;
    fromCode.current = null;
    services.locationContents(code).then(
      (contents) =>
        runner.update((state) =>
          state.from && sameCode(state.from.code, code) && state.fromContents
            ? { ...state, fromContents: contents }
            : state,
        ),
      () => undefined,
    );
  }, [services, runner]);
}

/** What every transfer state holds: the from location and its contents (auto-select rules). */
interface FromState {
  from: BinLocation | null;
  fromContents: LocationContentRow[] | null;
}

/**
 * BIN_LOCATION_CHANGED for the from location (another device moved stock there): its contents in
 * the workflow state are reloaded, so auto-select and the single-item rule see the stock as it is.
 */
function useLiveFromContents<S extends FromState>(workflow: WorkflowControls<S>, services: HandheldServices): void {
  const fromCode = workflow.state.from?.code ?? null;
  useLiveMessage('BIN_LOCATION_CHANGED', (message) => {
    if (fromCode === null || !message.payload.codes.some((code) => sameCode(code, fromCode))) return;
    services.locationContents(fromCode).then(
      (contents) =>
        workflow.update((state) =>
          state.from && sameCode(state.from.code, fromCode) && state.fromContents
            ? { ...state, fromContents: contents }
            : state,
        ),
      () => undefined,
    );
  });
}

/** After a transfer: refetch what other views show of the locations and items (live does it too). */
export function useRefreshAfterTransfer(): (locations: string[], items: string[]) => void {
  const queryClient = useQueryClient();
  return (locations, items) => {
    void invalidateLocations(queryClient, locations);
    for (const code of items) void queryClient.invalidateQueries({ queryKey: [...areaKey('items'), { code }] });
  };
}
