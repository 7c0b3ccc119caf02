import { useQueryClient } from '@tanstack/react-query';
import { queryKeyOf, pickListEndpoints, type PickList } from '@wms/contract';
import { useEffect, useState, type ComponentType } from 'react';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HandheldScreen } from '../HandheldScreen.js';
import { browserStorage, clearWorkflow, workflowStorageKey } from '../workflow-persistence.js';
import { useSession } from '../../platform/session.js';
import { FinishPanel } from './FinishPanel.js';
import { PickActions } from './PickActions.js';
import { PickLineCard, PickListProgress } from './PickLineCard.js';
import { claimedLists, pickingApi } from './picking-api.js';
import { pickingAppPath, rememberCurrentList, stockPickingNames, type PickingAppNames } from './picking-paths.js';
import { lineOf, nextLineDraft } from './pick-state.js';
import { showFailure } from '../show-failure.js';
import { useFinish } from './useFinish.js';
import { usePickWorkflow } from './usePickWorkflow.js';

/** The questions of one claimed list (mounted once the list is loaded). */
function PickWorkflowScreen({ initial }: { initial: PickList }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession().me?.user.id ?? null;
  const [pickList, setPickList] = useState(initial);
  const { code } = initial;
  const back = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(pickListEndpoints.all) });
    void navigate(pickingAppPath);
  };
  const finishing = useFinish(code, setPickList, () => {
    rememberCurrentList(userId, null);
    back();
    const storage = browserStorage();
    if (storage && userId !== null) clearWorkflow(storage, workflowStorageKey(`stockPicking.${code}`, userId));
  });
  const workflow = usePickWorkflow({
    code,
    pickList,
    onList: setPickList,
    onFinishAsked: () => void finishing.finish(pickList),
  });
  const { state, stepId } = workflow;
  useEffect(() => rememberCurrentList(userId, code), [userId, code]);
  const leave = () => {
    rememberCurrentList(userId, null);
    back();
  };
  const showFinish = stepId === 'done' || finishing.asking;
  return (
    <HandheldScreen
      testId="stock-picking"
      prompt={workflow.promptText}
      busy={workflow.busy || finishing.busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'commit'}
      onBack={workflow.back}
      onCancel={() => workflow.reset(nextLineDraft(state))}
      summary={stepId === 'done' ? null : <PickLineCard line={lineOf(pickList, state.lineNumber)} draft={state} />}
      actions={
        <PickActions
          stepId={stepId}
          state={state}
          busy={workflow.busy}
          input={(text) => void workflow.input(text)}
          goTo={(id) => workflow.goTo(id)}
          onFinish={finishing.ask}
          onLeave={leave}
        />
      }
    >
      {showFinish ? (
        <FinishPanel
          pickList={pickList}
          reasonLines={finishing.reasonLines}
          reasons={finishing.reasons}
          onReason={finishing.setReason}
          busy={finishing.busy}
          onFinish={() => void finishing.finish(pickList)}
          onCancel={finishing.cancel}
        />
      ) : null}
      <PickListProgress pickList={pickList} current={state.lineNumber} />
    </HandheldScreen>
  );
}

export interface PickScreenProps {
  code: string;
  /** The app built on this flow (default stock picking). */
  names?: PickingAppNames;
  /** The questions' screen of the claimed list (default stock picking's). */
  workflow?: ComponentType<{ initial: PickList }>;
}

/**
 * /stock_picking/process?code=...: claims the list when it opens (another picker's claim sends
 * the user back to the list with claimedByOtherUser), then one question per screen per line.
 */
export function PickScreen({
  code,
  names = stockPickingNames,
  workflow: Workflow = PickWorkflowScreen,
}: PickScreenProps) {
  const { t } = useTranslation('stockPicking');
  const navigate = useNavigate();
  const userId = useSession().me?.user.id ?? null;
  // Claimed by the list screen that opened this one, or claimed here (a reload, a resumed list).
  const [pickList, setPickList] = useState<PickList | null>(() => claimedLists.peek(code));
  useEffect(() => {
    claimedLists.take();
    if (pickList?.code === code) return;
    setPickList(null);
    let live = true;
    pickingApi.claim(code).then(
      (claimed) => {
        if (live) setPickList(claimed);
      },
      (error: unknown) => {
        showFailure(error);
        // Not this picker's list (any more): the list screen must not open it again.
        rememberCurrentList(userId, null, names);
        if (live) void navigate(names.path, { replace: true });
      },
    );
    return () => {
      live = false;
    };
    // Claimed once per opened list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
  if (!pickList) {
    return (
      <Container fluid="md" className="handheld-screen py-3" data-testid="stock-picking-loading">
        <Spinner animation="border" role="status" aria-label={t('loading')} />
      </Container>
    );
  }
  return <Workflow key={code} initial={pickList} />;
}
