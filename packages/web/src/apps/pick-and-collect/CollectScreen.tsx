import type { CartSession } from '@wms/contract';
import { useEffect, useState } from 'react';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HandheldScreen } from '../../handheld/HandheldScreen.js';
import { notify } from '../../platform/notifications.js';
import { PickLineCard } from '../../handheld/picking/PickLineCard.js';
import { showFailure } from '../../handheld/show-failure.js';
import { CartSlots } from './CartSlots.js';
import { CollectActions } from './CollectActions.js';
import { slotOfList, stopLine, stopOf } from './cart-walk.js';
import { collectApi } from './collect-api.js';
import { collectAppPath } from './collect-paths.js';
import type { CollectNavigation } from './CollectStartScreen.js';
import { pendingHandover, takeHandoverScans } from './start-handover.js';
import { useCartActions, type CartFinished } from './useCartActions.js';
import { useCollectWorkflow } from './useCollectWorkflow.js';

/** The walk of a running session (mounted once the session is loaded). */
function CollectWalkScreen({ initial }: { initial: CartSession }) {
  const { t } = useTranslation('pickAndCollect');
  const navigate = useNavigate();
  const [session, setSession] = useState(initial);
  const toStart = (finished: CartFinished | null) =>
    void navigate(collectAppPath, { replace: true, state: (finished ? { finished } : {}) satisfies CollectNavigation });
  const actions = useCartActions({
    cart: initial.cart,
    onEnded: toStart,
    onDetached: (fresh) => {
      setSession(fresh);
      workflow.setSession(fresh);
      workflow.reset();
    },
  });
  const workflow = useCollectWorkflow({
    session: initial,
    onSession: (fresh) => (fresh ? setSession(fresh) : actions.ended()),
    onFinishAsked: () => void actions.finish(false),
  });
  const { state, stepId, runner } = workflow;
  // The scans made while the start ran wait their turn behind the walk's first question.
  useEffect(() => {
    for (const scan of takeHandoverScans()) void runner.input(scan);
  }, [runner]);
  const stop = stopOf(session, state);
  const slot = stop ? slotOfList(session, stop.pickList) : null;
  return (
    <HandheldScreen
      testId="pick-and-collect"
      prompt={workflow.promptText}
      busy={workflow.busy || actions.busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'commit'}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      summary={
        stop ? (
          <>
            <p className="mb-0 fw-semibold" data-testid="collect-stop">
              {t('stop', { slot: slot?.slot ?? '', pickList: stop.pickList })}
            </p>
            <PickLineCard line={stopLine(stop)} draft={state} />
          </>
        ) : null
      }
      actions={
        <CollectActions
          session={session}
          stepId={stepId}
          state={state}
          busy={workflow.busy || actions.busy}
          input={(text) => void workflow.input(text)}
          goTo={(id) => workflow.goTo(id)}
          onCartFull={() => void actions.finish(true)}
          onDetach={(pickList) => void actions.detach(pickList)}
        />
      }
    >
      <CartSlots session={session} current={stop?.pickList ?? null} />
    </HandheldScreen>
  );
}

/**
 * /pick_and_collect/process: the session a start on this device just answered (start-handover.ts),
 * else the caller's running cart session (none: back to the start). Opened on a session that was
 * already running, it says so (recoveredPreviousSession) and the saved step of this device continues.
 */
export function CollectScreen() {
  const { t } = useTranslation('pickAndCollect');
  const navigate = useNavigate();
  const [session, setSession] = useState<CartSession | null>(() => pendingHandover()?.session ?? null);
  useEffect(() => {
    if (session) return undefined;
    let live = true;
    collectApi.current().then(
      (found) => {
        if (!live) return;
        if (!found) return void navigate(collectAppPath, { replace: true });
        notify('info', 'pickAndCollect:recoveredPreviousSession', { cart: found.cart });
        setSession(found);
      },
      (error: unknown) => {
        showFailure(error);
        if (live) void navigate(collectAppPath, { replace: true });
      },
    );
    return () => {
      live = false;
    };
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!session) {
    return (
      <Container fluid="md" className="handheld-screen py-3" data-testid="pick-and-collect-loading">
        <Spinner animation="border" role="status" aria-label={t('loading')} />
      </Container>
    );
  }
  return <CollectWalkScreen key={session.cart} initial={session} />;
}
