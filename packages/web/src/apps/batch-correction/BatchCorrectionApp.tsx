import { useQueryClient } from '@tanstack/react-query';
import { areaKey, batchCorrectionReasons } from '@wms/contract';
import Button from 'react-bootstrap/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, HandheldScreen, keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { invalidateLocations } from '../../components/object-dialogs/location/location-queries.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { batchCorrectionSteps } from './batch-correction-steps.js';
import { initialBatchCorrectionState, summaryArgs, type BatchCorrectionState } from './batch-correction-state.js';

/** The collected answers, one compact line. */
function CorrectionSummary({ state }: { state: BatchCorrectionState }) {
  const { t } = useTranslation('batchCorrection');
  if (!state.location) return null;
  const parts = [state.location.code, state.item?.code, state.fromBatch?.code].filter(Boolean);
  return (
    <span className="small" data-testid="batch-correction-summary">
      {parts.join(' · ')}
      {state.toBatch ? ` → ${state.toBatch.code}${state.toBatch.known ? '' : ` (${t('newBatch')})`}` : ''}
    </span>
  );
}

/**
 * /corrections/batch_correction (PROCESSES.md 4.5; decision 0190): one scanner workflow
 * (batch-correction-steps.ts) on the handheld screen, the scanner bar always focused. The reason
 * is a button (or its number scanned); the confirmation shows "12 × A → B at L-01-02" big, and
 * OK commits one correction with one success message. Reopening the app resumes the step.
 */
export function BatchCorrectionApp() {
  const { t } = useTranslation('batchCorrection');
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => batchCorrectionSteps({ keeper }));
  const queryClient = useQueryClient();
  const workflow = useDeviceWorkflow({
    steps,
    initial: initialBatchCorrectionState,
    start: 'location',
    appId: 'batchCorrection',
    keeper,
    continueAfterFinish: (state) => {
      // What other views show of the location and the item is read again (live messages do it too).
      if (state.done) {
        void invalidateLocations(queryClient, [state.done.location]);
        void queryClient.invalidateQueries({ queryKey: [...areaKey('items'), { code: state.done.item }] });
      }
      return { state: initialBatchCorrectionState() };
    },
  });
  const { state, stepId } = workflow;
  return (
    <HandheldScreen
      testId="batch-correction"
      prompt={workflow.promptText}
      busy={workflow.busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      summary={<CorrectionSummary state={state} />}
      actions={
        stepId === 'confirm' || stepId === 'quantity' ? (
          <ActionButton label={t('ok')} testId="batch-correction-ok" onClick={() => void workflow.input('')} />
        ) : null
      }
    >
      {stepId === 'reason' ? (
        <div className="d-grid gap-2" data-testid="batch-correction-reasons">
          {batchCorrectionReasons.map((reason, index) => (
            <Button
              key={reason}
              variant="outline-primary"
              size="lg"
              onMouseDown={keepScannerFocus}
              onClick={() => void workflow.input(String(index + 1))}
              data-testid={`reason-${reason}`}
            >
              {index + 1}. {t(`reason.${reason}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {stepId === 'confirm' ? (
        <div className="text-center fs-2 fw-bold lh-sm" data-testid="batch-correction-confirm" aria-live="polite">
          {t('confirmLine', summaryArgs(state))}
          <div className="fs-6 fw-normal text-body-secondary">{state.reason ? t(`reason.${state.reason}`) : ''}</div>
        </div>
      ) : null}
    </HandheldScreen>
  );
}
