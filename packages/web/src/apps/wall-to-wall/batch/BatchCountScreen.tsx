import { useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey } from '@wms/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureNotice } from '../../../handheld/engine/outcomes.js';
import { CountedLines } from '../../../handheld/counting/CountedLines.js';
import { ActionButton, HandheldScreen } from '../../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../../handheld/useDeviceWorkflow.js';
import { notify } from '../../../platform/notifications.js';
import { useSession } from '../../../platform/session.js';
import { CountActions, countingSteps } from '../CountActions.js';
import { wallToWallSteps } from '../wall-to-wall-steps.js';
import { initialWallToWallState, locationOf } from '../wall-to-wall-state.js';
import { progressText } from './CountingListScreen.js';
import { LocationProgress } from './LocationProgress.js';
import { batchCountApi, batchQueries, batchSavedNotice, wallToWallBatchApi } from './wall-to-wall-batch-api.js';

/**
 * /wall_to_wall_batch/process?list=...: walk the list's locations, scan one, count it blind with
 * /wall_to_wall's steps (items, batches, serials, quantities; "Location done" or "Location empty"),
 * each save a draft of the round with one success message; the progress per location below.
 * The claimant flushes the list here (countingListIncomplete names what is not agreed yet).
 */
export function BatchCountScreen({ list }: { list: string }) {
  const { t } = useTranslation('wallToWallBatch');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const username = useSession().me?.user.username ?? null;
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [flushKey] = useState(() => crypto.randomUUID());
  const [steps] = useState(() =>
    wallToWallSteps({ keeper, api: batchCountApi(list, username), savedNotice: batchSavedNotice }),
  );
  const progress = useQuery(batchQueries.progress(list));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: areaKey('wallToWallBatch') });
  const workflow = useDeviceWorkflow({
    steps,
    initial: initialWallToWallState,
    start: 'location',
    appId: `wallToWallBatch:${list}`,
    keeper,
    continueAfterFinish: () => {
      refresh();
      return { state: initialWallToWallState() };
    },
  });
  const { state, stepId } = workflow;
  const location = locationOf(state);
  const send = (text: string) => void workflow.input(text);
  const counting = countingSteps.has(stepId);
  const [flushing, setFlushing] = useState(false);
  const flush = async () => {
    setFlushing(true);
    try {
      const done = await wallToWallBatchApi.flush(list, flushKey);
      notify('success', 'wallToWallBatch:flushed', { list, count: done.postedLocations }, { sound: true });
      void navigate('/wall_to_wall_batch');
    } catch (error) {
      const notice = failureNotice(error);
      notify('danger', notice.key, notice.args);
    } finally {
      setFlushing(false);
      refresh();
    }
  };
  const summary = progress.data ? progressText(t, progress.data.list) : '';
  return (
    <HandheldScreen
      testId="wall-to-wall-batch-process"
      prompt={workflow.promptText}
      busy={workflow.busy || flushing}
      onScan={send}
      scanHint={workflow.scanHint}
      canGoBack={stepId === 'location' || workflow.snapshot.canGoBack}
      onBack={() => (stepId === 'location' ? void navigate('/wall_to_wall_batch') : workflow.back())}
      onCancel={() => workflow.reset()}
      summary={
        <span className="small" data-testid="w2wb-summary">
          {list}
          {location ? ` · ${location}` : ''}
          {summary ? ` · ${summary}` : ''}
        </span>
      }
      actions={
        counting ? (
          <CountActions stepId={stepId} send={send} />
        ) : stepId === 'location' ? (
          <ActionButton
            label={t('flush')}
            testId="w2wb-flush"
            variant="outline-primary"
            disabled={flushing}
            onClick={() => void flush()}
          />
        ) : null
      }
    >
      {stepId === 'location' && progress.data ? <LocationProgress locations={progress.data.locations} /> : null}
      {counting || stepId === 'missingSerials' ? (
        <CountedLines lines={state.lines} namespace="wallToWall" testId="w2w-line" />
      ) : null}
    </HandheldScreen>
  );
}
