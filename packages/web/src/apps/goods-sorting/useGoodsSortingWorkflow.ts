import { useQueryClient } from '@tanstack/react-query';
import { areaKey, sameCode, type ManagerApproval } from '@wms/contract';
import { useEffect, useRef, useState } from 'react';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import type { HandheldServices } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import type { PersistedWorkflowControls } from '../../handheld/usePersistedWorkflow.js';
import { useLiveMessage } from '../../platform/live.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import type { ManagerQuestion } from './move-step.js';
import { sortingApi } from './sorting-api.js';
import { goodsSortingSteps, startStep } from './sorting-steps.js';
import {
  initialSortingState,
  nextItemState,
  withoutItem,
  type GoodsSortingState,
  type SortingMode,
} from './sorting-state.js';

/** The saved workflow of each flow (contract apps.ts id goodsSorting, and its /location sub path). */
export const sortingWorkflowIds: Record<SortingMode, string> = {
  item: 'goodsSorting',
  location: 'goodsSorting.location',
};

/**
 * A reopened app: a move in flight when it closed offers its retry (its answer is unknown; the
 * retry sends the saved Idempotency-Key); a proposal being asked for is asked again from the item.
 */
export function resumeSorting(point: ResumePoint<GoodsSortingState>): ResumePoint<GoodsSortingState> {
  if (point.stepId === 'move' && !point.state.failed) return { ...point, state: { ...point.state, failed: true } };
  if (point.stepId === 'suggest') return { ...point, stepId: 'item', state: withoutItem(point.state) };
  return point;
}

export type SortingWorkflowControls = PersistedWorkflowControls<GoodsSortingState> & { scanHint: string | null };

/**
 * A goods sorting flow on this device: the engine over the HTTP services, the scanner settings of
 * the config, prompts spoken when the device has a TTS voice. Saved per user and resumed when the
 * app opens again (recoveredPreviousSession), with the pending Idempotency-Key; the staging rows
 * are loaded again on resume and whenever another device changes the staging location.
 */
export function useGoodsSortingWorkflow(
  mode: SortingMode,
  askManager: (question: ManagerQuestion) => Promise<ManagerApproval | null>,
): SortingWorkflowControls {
  const session = useSession();
  const latestSession = useRef(session);
  latestSession.current = session;
  const ask = useRef(askManager);
  ask.current = askManager;
  const queryClient = useQueryClient();
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() =>
    goodsSortingSteps(mode, {
      keeper,
      askManager: (question) => ask.current(question),
      mayMoveRestricted: () => latestSession.current.hasRole('stockTransferAuthMoveRestricted'),
    }),
  );
  const workflow = useDeviceWorkflow<GoodsSortingState>({
    steps,
    initial: () => initialSortingState(mode),
    start: startStep,
    appId: sortingWorkflowIds[mode],
    keeper,
    restore: resumeSorting,
    continueAfterFinish: (state) => {
      const lines = state.moved?.lines ?? [];
      void invalidateLocations(
        queryClient,
        lines.flatMap((line) => [line.fromLocation, line.toLocation]),
      );
      for (const code of new Set(lines.map((line) => line.item)))
        void queryClient.invalidateQueries({ queryKey: [...areaKey('items'), { code }] });
      return { state: nextItemState(state), stepId: 'item' };
    },
  });
  useRecoveredSession(workflow);
  useFreshStaging(workflow, workflow.services);
  return workflow;
}

/** A resumed flow says so once (recoveredPreviousSession), naming where it continues. */
function useRecoveredSession(workflow: PersistedWorkflowControls<GoodsSortingState>): void {
  const told = useRef(!workflow.resumed);
  const source = workflow.state.source?.code ?? '';
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    notify('info', 'goodsSorting:recoveredPreviousSession', { location: source });
  }, [source]);
}

/**
 * The staging rows shown and checked: loaded again on resume (they may be hours old) and when a
 * BIN_LOCATION_CHANGED names the staging location (another device moved stock there).
 */
function useFreshStaging(workflow: PersistedWorkflowControls<GoodsSortingState>, services: HandheldServices): void {
  const { runner } = workflow;
  const sourceCode = workflow.state.source?.code ?? null;
  const reload = useRef((code: string) => {
    void Promise.all([sortingApi.staging(code), services.locationContents(code)]).then(
      ([staging, contents]) =>
        runner.update((state) =>
          state.source && sameCode(state.source.code, code)
            ? { ...state, staging: staging.lines, sourceContents: contents }
            : state,
        ),
      () => undefined,
    );
  });
  const resumedCode = useRef(workflow.resumed ? sourceCode : null);
  useEffect(() => {
    const code = resumedCode.current;
    resumedCode.current = null;
    if (code !== null) reload.current(code);
  }, []);
  useLiveMessage('BIN_LOCATION_CHANGED', (message) => {
    if (sourceCode !== null && message.payload.codes.some((code) => sameCode(code, sourceCode))) {
      reload.current(sourceCode);
    }
  });
}
