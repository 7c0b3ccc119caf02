import { useEffect, useRef, useState } from 'react';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { showFailure } from '../../handheld/show-failure.js';
import { notify } from '../../platform/notifications.js';
import { CartFinishedCard } from './CartFinishedCard.js';
import { collectApi } from './collect-api.js';
import { collectProcessPath } from './collect-paths.js';
import { handOver } from './start-handover.js';
import { emptyStart, startSteps, type StartDraft } from './start-workflow.js';
import type { CartFinished } from './useCartActions.js';

/** What the start screen is opened with after a walk: the last finish's answer. */
export interface CollectNavigation {
  finished?: CartFinished;
}

/** The cart and the lists: one question per screen, then POST start and the walk opens. */
function StartWorkflowScreen({ finished }: { finished: CartFinished | null }) {
  const { t } = useTranslation('pickAndCollect');
  const navigate = useNavigate();
  const [keeper] = useState(() => new IdempotencyKeeper());
  // Scans made once Start was asked answer the walk's questions, not this workflow's: they wait here
  // and go to the walk with the session (start-handover.ts); a refused start names each as not used.
  const carried = useRef<string[]>([]);
  const started = useRef(false);
  const [steps] = useState(() =>
    startSteps({
      onStarted: (session) => {
        started.current = true;
        handOver({ session, scans: carried.current });
        void navigate(collectProcessPath);
      },
    }),
  );
  const workflow = useDeviceWorkflow<StartDraft>({
    steps,
    initial: emptyStart,
    start: 'cart',
    appId: 'pickAndCollect.start',
    keeper,
  });
  const { state, stepId, runner } = workflow;
  useEffect(
    () =>
      runner.subscribe((snapshot) => {
        if (started.current || snapshot.stepId === 'start') return;
        for (const code of carried.current.splice(0)) notify('info', 'handheld:scanNotUsed', { code });
      }),
    [runner],
  );
  const onScan = (text: string) => {
    if (started.current || runner.stepId === 'start') carried.current.push(text);
    else void workflow.input(text);
  };
  const confirm = () => void workflow.input('');
  return (
    <HandheldScreen
      testId="pick-and-collect-start"
      prompt={workflow.promptText}
      busy={workflow.busy}
      onScan={onScan}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'start'}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      actions={
        stepId === 'lists' && !workflow.busy ? (
          state.lists.length === 0 ? (
            <ActionButton label={t('actions.next')} testId="collect-next" onClick={confirm} />
          ) : (
            <ActionButton
              label={t('actions.start', { number: state.lists.length })}
              testId="collect-start"
              onClick={confirm}
            />
          )
        ) : null
      }
    >
      {finished ? <CartFinishedCard finished={finished} /> : null}
    </HandheldScreen>
  );
}

/**
 * /pick_and_collect: a running cart session of the caller opens its walk at once (resume);
 * otherwise the cart is scanned and the lists chosen. The last finish's answer is shown.
 */
export function CollectStartScreen() {
  const { t } = useTranslation('pickAndCollect');
  const navigate = useNavigate();
  const finished = (useLocation().state as CollectNavigation | null)?.finished ?? null;
  const [checking, setChecking] = useState(true);
  useEffect(() => {
    let live = true;
    collectApi.current().then(
      (session) => {
        if (!live) return;
        if (session) void navigate(collectProcessPath, { replace: true });
        else setChecking(false);
      },
      (error: unknown) => {
        showFailure(error);
        if (live) setChecking(false);
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);
  if (checking) {
    return (
      <Container fluid="md" className="handheld-screen py-3" data-testid="pick-and-collect-loading">
        <Spinner animation="border" role="status" aria-label={t('loading')} />
      </Container>
    );
  }
  return <StartWorkflowScreen finished={finished} />;
}
