import { useQueryClient } from '@tanstack/react-query';
import { areaKey } from '@wms/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import { CountedLines } from '../../handheld/counting/CountedLines.js';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { RecountRequestList } from './RecountRequestList.js';
import { recountingSteps } from './recounting-steps.js';
import { commands, documentOf, initialRecountingState } from './recounting-state.js';

const countingSteps = new Set(['count', 'quantity', 'batch']);

/**
 * /recounting on the handheld (PROCESSES.md 4.4; decision 0191): the open requests; a claimed one
 * is recounted location by location, blind (recounting-steps.ts), saved per location, then
 * flushed with one message per outcome. Reopening the app resumes the request and step.
 */
export function RecountingHandheld() {
  const { t } = useTranslation('recounting');
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => recountingSteps({ keeper }));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: areaKey('recounting') });
  const workflow = useDeviceWorkflow({
    steps,
    initial: initialRecountingState,
    start: 'request',
    appId: 'recounting',
    keeper,
    continueAfterFinish: (state) => {
      if (state.done && state.request) {
        void invalidateLocations(
          queryClient,
          state.request.locations.map((l) => l.code),
        );
        void queryClient.invalidateQueries({ queryKey: areaKey('items') });
      }
      refresh();
      return { state: initialRecountingState() };
    },
  });
  const { state, stepId } = workflow;
  const send = (text: string) => void workflow.input(text);
  const counting = countingSteps.has(stepId);
  return (
    <HandheldScreen
      testId="recounting"
      prompt={workflow.promptText}
      busy={workflow.busy}
      onScan={send}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack}
      onBack={workflow.back}
      onCancel={() => {
        workflow.reset();
        refresh();
      }}
      summary={
        state.request ? (
          <span className="small" data-testid="rc-summary">
            {documentOf(state)}
            {state.location ? ` · ${state.location}` : ''}
            {` · ${t('savedCount', { saved: state.saved.length, total: state.request.locations.length })}`}
          </span>
        ) : null
      }
      actions={
        counting ? (
          <>
            {stepId === 'quantity' ? <ActionButton label={t('ok')} testId="rc-ok" onClick={() => send('')} /> : null}
            <ActionButton label={t('locationDone')} testId="rc-save" onClick={() => send(commands.save)} />
          </>
        ) : stepId === 'flush' ? (
          <ActionButton label={t('flush')} testId="rc-flush" onClick={() => send(commands.flush)} />
        ) : null
      }
    >
      {stepId === 'request' ? <RecountRequestList onPick={send} /> : null}
      {counting ? <CountedLines lines={state.lines} namespace="recounting" testId="rc-line" /> : null}
    </HandheldScreen>
  );
}
