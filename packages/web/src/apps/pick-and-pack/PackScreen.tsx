import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pickListEndpoints, queryKeyOf, type PickList } from '@wms/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PdfPreviewModal } from '../../components/pdf-preview/PdfPreviewModal.js';
import { HandheldScreen } from '../../handheld/HandheldScreen.js';
import { useScaleService } from '../../handheld/peripherals/useScaleService.js';
import { browserStorage, clearWorkflow, workflowStorageKey } from '../../handheld/workflow-persistence.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { FinishPanel } from '../../handheld/picking/FinishPanel.js';
import { PickActions } from '../../handheld/picking/PickActions.js';
import { PickLineCard, PickListProgress } from '../../handheld/picking/PickLineCard.js';
import { rememberCurrentList } from '../../handheld/picking/picking-paths.js';
import { lineOf, nextLineDraft } from '../../handheld/picking/pick-state.js';
import { showFailure } from '../../handheld/show-failure.js';
import { useFinish } from '../../handheld/picking/useFinish.js';
import { usePickWorkflow, type PickVariant } from '../../handheld/picking/usePickWorkflow.js';
import { PackActions } from './PackActions.js';
import { packApi, packQueries } from '../../handheld/packing/box-api.js';
import { boxLabel } from '../../handheld/packing/box-label.js';
import { packEndSteps, packSteps, type PackDeps } from './pack-workflow.js';
import { pickAndPackNames as names } from './pick-and-pack-paths.js';

/**
 * The questions of one claimed list for pick and pack: stock picking's workflow with the box
 * steps (box first, no container step; weight, close, label, finish and markPacked at the end).
 */
export function PackWorkflowScreen({ initial }: { initial: PickList }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession().me?.user.id ?? null;
  const { config } = useDeviceConfig();
  const scale = useScaleService();
  const boxTypes = useQuery(packQueries.boxTypes());
  const [pickList, setPickList] = useState(initial);
  const list = useRef(initial);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [showPdf, setShowPdf] = useState(false);
  const flushed = useRef(false);
  const { code } = initial;
  const onList = (fresh: PickList) => {
    list.current = fresh;
    setPickList(fresh);
  };
  const finishing = useFinish(code, onList, () => (flushed.current = true), '');
  const leave = () => {
    rememberCurrentList(userId, null, names);
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(pickListEndpoints.all) });
    void navigate(names.path);
  };
  const done = () => {
    const storage = browserStorage();
    if (storage && userId !== null) clearWorkflow(storage, workflowStorageKey(`${names.id}.${code}`, userId));
    leave();
  };
  /**
   * Flush (once: it queues the pick result for the ERP and ends the claim), then markPacked;
   * true when the list is packed (or closed with nothing picked).
   */
  const finish = async (): Promise<boolean> => {
    if (!flushed.current && list.current.status !== 'CLOSED') {
      await finishing.finish(list.current);
      if (!flushed.current) return false;
    }
    if (list.current.status === 'PICKED' && !list.current.packed) {
      try {
        onList(await packApi.markPacked(code));
      } catch (error) {
        showFailure(error);
        return false;
      }
    }
    notify('success', 'pickAndPack:finished', { code }, { sound: true });
    return true;
  };
  const latest = useRef({ finish, done, printer: config.defaultDeliveryLabelPrinter });
  latest.current = { finish, done, printer: config.defaultDeliveryLabelPrinter };
  const [variant] = useState<PickVariant>(() => {
    const pack: PackDeps = {
      pickList: () => list.current,
      boxTypes: () => queryClient.ensureQueryData(packQueries.boxTypes()),
      readScale: () => scale.read(),
      printLabel: (container) =>
        boxLabel(container, latest.current.printer, (pdf) => {
          setPdfUrl(URL.createObjectURL(pdf));
          setShowPdf(true);
        }),
      finish: () => latest.current.finish(),
      done: () => latest.current.done(),
    };
    return { appId: names.id, start: 'box', steps: (base, deps) => packSteps(base, deps, pack) };
  });
  const workflow = usePickWorkflow({
    code,
    pickList,
    onList,
    onFinishAsked: () => undefined,
    variant,
  });
  const { state, stepId } = workflow;
  useEffect(() => rememberCurrentList(userId, code, names), [userId, code]);
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);
  // Packed and no label PDF to look at: back to the lists.
  useEffect(() => {
    if (stepId === 'packed' && pdfUrl === null) latest.current.done();
  }, [stepId, pdfUrl]);
  const ending = packEndSteps.has(stepId);
  return (
    <HandheldScreen
      testId="pick-and-pack"
      prompt={workflow.promptText}
      busy={workflow.busy || finishing.busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && !ending && stepId !== 'commit'}
      onBack={workflow.back}
      onCancel={() => workflow.reset(nextLineDraft(state))}
      summary={
        ending || stepId === 'box' ? null : <PickLineCard line={lineOf(pickList, state.lineNumber)} draft={state} />
      }
      actions={
        <>
          <PackActions
            stepId={stepId}
            busy={workflow.busy}
            boxTypes={boxTypes.data ?? []}
            hasPdf={pdfUrl !== null}
            input={(text) => void workflow.input(text)}
            onShowPdf={() => setShowPdf(true)}
          />
          {ending ? null : (
            <PickActions
              stepId={stepId}
              state={state}
              busy={workflow.busy}
              input={(text) => void workflow.input(text)}
              goTo={(id) => workflow.goTo(id)}
              onFinish={() => workflow.goTo('weight')}
              onLeave={leave}
            />
          )}
        </>
      }
    >
      {stepId === 'closing' && !finishing.busy ? (
        <FinishPanel
          pickList={pickList}
          reasonLines={finishing.reasonLines}
          reasons={finishing.reasons}
          onReason={finishing.setReason}
          busy={finishing.busy}
          onFinish={() => void workflow.input('')}
          onCancel={() => workflow.reset({ ...nextLineDraft(state), container: null })}
        />
      ) : null}
      <PickListProgress pickList={pickList} current={state.lineNumber} />
      <PdfPreviewModal
        url={showPdf ? pdfUrl : null}
        onHide={() => {
          setShowPdf(false);
          if (stepId === 'packed') done();
        }}
        fileName={`box-${state.container ?? code}.pdf`}
      />
    </HandheldScreen>
  );
}
