import { useQuery, useQueryClient } from '@tanstack/react-query';
import { deliveryEndpoints, packEndpoints, queryKeyOf } from '@wms/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PdfPreviewModal } from '../../components/pdf-preview/PdfPreviewModal.js';
import { HandheldScreen } from '../../handheld/HandheldScreen.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { packQueries } from '../../handheld/packing/box-api.js';
import { boxLabel } from '../../handheld/packing/box-label.js';
import { cartoncubeSaved } from '../../handheld/peripherals/cartoncube-config.js';
import { useCartoncubeService } from '../../handheld/peripherals/useCartoncube.js';
import { useScaleService } from '../../handheld/peripherals/useScaleService.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { deliveryFlowSteps } from './delivery-steps.js';
import { OpenListsPanel } from './OpenListsPanel.js';
import { PackAndDeliveryActions } from './PackAndDeliveryActions.js';
import { packAndDeliveryApi } from './pack-and-delivery-api.js';
import { initialPackFlowState, type PackAndDeliveryMode } from './pack-state.js';
import { repackStepIds } from './pack-repack-steps.js';
import { packFlowSteps, type PackFlowDeps } from './pack-steps.js';
import { PackContents } from './PackContents.js';

const appIds: Record<PackAndDeliveryMode, string> = {
  pack: 'pack',
  delivery: 'delivery',
  combined: 'packAndDelivery',
};

/** Steps that show the list's containers and contents. */
const contentSteps = new Set([
  'contents',
  'unit',
  'unitBatch',
  'unitSerial',
  'countItem',
  'countQuantity',
  'difference',
  'box',
  'boxMeasure',
  'weight',
  'packFinish',
  ...repackStepIds,
]);

/** Steps where packing waits for a scan and a repack may start. */
const repackFromSteps = new Set(['contents', 'unit', 'countItem', 'difference', 'box']);

/**
 * /pack, /delivery and /pack_and_delivery (PROCESSES.md 3.7): one scanner workflow. Pack: scan a
 * list or container, verify (NONE, COUNT, SCAN_ALL), settle a difference, close each container
 * (box type, typed dimensions or the cartoncube's; weight from the scale, typed or the
 * cartoncube's; label), finish; on the way a repack moves units between the list's containers
 * (Repack; Cancel there goes back to packing). Delivery: scan a packed list or container, confirm,
 * create (the packing slip is offered). The combined app goes
 * from the first to the second after a confirmation. Reopening resumes the list and step.
 */
export function PackAndDeliveryScreen({ mode }: { mode: PackAndDeliveryMode }) {
  const { t } = useTranslation('packAndDelivery');
  const queryClient = useQueryClient();
  const { config } = useDeviceConfig();
  const scale = useScaleService();
  const cartoncube = useCartoncubeService();
  const boxTypes = useQuery(packQueries.boxTypes());
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [labelUrl, setLabelUrl] = useState<string | null>(null);
  const [slipUrl, setSlipUrl] = useState<string | null>(null);
  const [showing, setShowing] = useState<'label' | 'slip' | null>(null);
  const printer = useRef(config.defaultDeliveryLabelPrinter);
  printer.current = config.defaultDeliveryLabelPrinter;
  const [steps] = useState(() => {
    const deps: PackFlowDeps = {
      mode,
      keeper,
      boxTypes: () => queryClient.ensureQueryData(packQueries.boxTypes()),
      readScale: () => scale.read(),
      measureCarton: () => cartoncube.measure(),
      printLabel: (container) =>
        boxLabel(container, printer.current, (pdf) => {
          setLabelUrl(URL.createObjectURL(pdf));
          setShowing('label');
        }),
      onDelivered: (code) => {
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(deliveryEndpoints.packed) });
        packAndDeliveryApi.packingSlipPdf(code).then(
          (pdf) => {
            setSlipUrl(URL.createObjectURL(pdf));
            setShowing('slip');
          },
          () => setSlipUrl(null),
        );
      },
    };
    if (mode === 'delivery') return deliveryFlowSteps(deps);
    return [...packFlowSteps(deps), ...(mode === 'combined' ? deliveryFlowSteps(deps) : [])];
  });
  const start = mode === 'delivery' ? 'deliveryScan' : 'scan';
  const workflow = useDeviceWorkflow({ steps, initial: initialPackFlowState, start, appId: appIds[mode], keeper });
  const { state, stepId } = workflow;

  // Reopened: the list's view is read again (it may have changed on another device).
  const resumedCode = useRef(workflow.resumed ? (state.view?.pickList.code ?? null) : null);
  useEffect(() => {
    const code = resumedCode.current;
    if (code === null) return;
    resumedCode.current = null;
    packAndDeliveryApi.view(code).then(
      (view) => workflow.update((current) => ({ ...current, view })),
      () => undefined,
    );
  }, [workflow]);
  // Back at the start: the lists are fetched again.
  useEffect(() => {
    if (stepId === start) void queryClient.invalidateQueries({ queryKey: queryKeyOf(packEndpoints.open) });
  }, [stepId, start, queryClient]);
  useEffect(() => () => (labelUrl ? URL.revokeObjectURL(labelUrl) : undefined), [labelUrl]);
  useEffect(() => () => (slipUrl ? URL.revokeObjectURL(slipUrl) : undefined), [slipUrl]);

  const input = (text: string) => void workflow.input(text);
  const view = state.view;
  return (
    <HandheldScreen
      testId={`pack-and-delivery-${mode}`}
      prompt={workflow.promptText}
      busy={workflow.busy}
      onScan={input}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack}
      onBack={workflow.back}
      onCancel={() => (repackStepIds.has(stepId) ? workflow.goTo('repackEnd') : workflow.reset())}
      actions={
        <PackAndDeliveryActions
          mode={mode}
          stepId={stepId}
          busy={workflow.busy}
          boxTypes={boxTypes.data ?? []}
          input={input}
          scanAgain={() => workflow.goTo(view?.verification === 'COUNT' ? 'countItem' : 'unit')}
          notNow={() => workflow.reset()}
          measure={stepId === 'box' && cartoncubeSaved() ? () => workflow.goTo('boxMeasure') : null}
          repack={view && repackFromSteps.has(stepId) ? () => workflow.goTo('repackFrom') : null}
          labelPdf={labelUrl ? () => setShowing('label') : null}
          slipPdf={slipUrl && stepId === 'delivered' ? () => setShowing('slip') : null}
        />
      }
    >
      {stepId === 'scan' || stepId === 'deliveryScan' ? (
        <OpenListsPanel packed={stepId === 'deliveryScan'} onChoose={input} />
      ) : null}
      {view && contentSteps.has(stepId) ? <PackContents view={view} /> : null}
      {stepId === 'delivered' && state.created ? (
        <p data-testid="delivery-created">
          {t('delivered', { code: state.created })} <Link to={`/packing_slip`}>{t('actions.openPackingSlip')}</Link>
        </p>
      ) : null}
      <PdfPreviewModal
        url={showing === 'label' ? labelUrl : showing === 'slip' ? slipUrl : null}
        onHide={() => setShowing(null)}
        fileName={showing === 'slip' ? `packing-slip-${state.created ?? ''}.pdf` : 'label.pdf'}
      />
    </HandheldScreen>
  );
}
