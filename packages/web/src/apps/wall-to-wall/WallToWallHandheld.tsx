import { useQueryClient } from '@tanstack/react-query';
import { areaKey, countReasons } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import { CountedLines } from '../../handheld/counting/CountedLines.js';
import { ActionButton, HandheldScreen, keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { CountActions, countingSteps } from './CountActions.js';
import { CountRequestList } from './CountRequestList.js';
import { wallToWallApi } from './wall-to-wall-api.js';
import { wallToWallSteps } from './wall-to-wall-steps.js';
import { initialWallToWallState, locationOf } from './wall-to-wall-state.js';

/**
 * /wall_to_wall on the handheld (PROCESSES.md 4.2; decision 0189): the flagged locations in walk
 * order, then one scanner workflow (wall-to-wall-steps.ts) per location. "Location done" and
 * "Location empty" save; Back from counting and Cancel give the lock back. Reopening the app
 * resumes the location and what was counted.
 */
export function WallToWallHandheld() {
  const { t } = useTranslation('wallToWall');
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => wallToWallSteps({ keeper }));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: areaKey('wallToWall') });
  const workflow = useDeviceWorkflow({
    steps,
    initial: initialWallToWallState,
    start: 'location',
    appId: 'wallToWall',
    keeper,
    continueAfterFinish: (state) => {
      if (state.done) {
        void invalidateLocations(queryClient, [state.done.location]);
        void queryClient.invalidateQueries({ queryKey: areaKey('items') });
        void queryClient.invalidateQueries({ queryKey: areaKey('counting') });
      }
      refresh();
      return { state: initialWallToWallState() };
    },
  });
  const { state, stepId } = workflow;
  const location = locationOf(state);
  const release = () => {
    if (location)
      void wallToWallApi
        .release(location)
        .catch(() => undefined)
        .finally(refresh);
  };
  const send = (text: string) => void workflow.input(text);
  const counting = countingSteps.has(stepId);
  return (
    <HandheldScreen
      testId="wall-to-wall"
      prompt={workflow.promptText}
      busy={workflow.busy}
      onScan={send}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack}
      onBack={() => {
        if (stepId === 'count') release();
        workflow.back();
      }}
      onCancel={() => {
        if (stepId !== 'location') release();
        workflow.reset();
      }}
      summary={
        location ? (
          <span className="small" data-testid="w2w-summary">
            {location} · {t(`scope.${state.started?.scope ?? 'WHOLE_LOCATION'}`)}
            {state.started?.scope === 'ITEMS' ? `: ${state.started.items.map((item) => item.code).join(', ')}` : ''}
            {' · '}
            {t(`reason.${state.reason}`)}
          </span>
        ) : null
      }
      actions={
        counting ? (
          <CountActions stepId={stepId} send={send} withReason />
        ) : stepId === 'missingSerials' ? (
          <ActionButton label={t('confirmMissing')} testId="w2w-confirm-missing" onClick={() => send('')} />
        ) : null
      }
    >
      {stepId === 'location' ? <CountRequestList /> : null}
      {counting || stepId === 'missingSerials' ? (
        <CountedLines lines={state.lines} namespace="wallToWall" testId="w2w-line" />
      ) : null}
      {stepId === 'reason' ? (
        <div className="d-grid gap-2" data-testid="w2w-reasons">
          {countReasons.map((reason, index) => (
            <Button
              key={reason}
              variant={reason === state.reason ? 'primary' : 'outline-primary'}
              onMouseDown={keepScannerFocus}
              onClick={() => send(String(index + 1))}
              data-testid={`w2w-reason-${reason}`}
            >
              {index + 1}. {t(`reason.${reason}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </HandheldScreen>
  );
}
