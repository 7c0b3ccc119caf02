import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import type { Notice } from '../../handheld/engine/types.js';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { LineList } from './LineList.js';
import { collectLine, initialMultiTransferState, multiTransferSteps } from './multi-transfer-workflow.js';
import { confirmingStep } from './transfer-state.js';
import { TransferSummary } from './TransferSummary.js';
import { useQcStepOptions } from './useQcConfirmation.js';
import { useRefreshAfterTransfer, useTransferWorkflow } from './useTransferWorkflow.js';

/** Steps between two lines, where the target may be chosen. */
const betweenLines = new Set(['from', 'item']);

/**
 * /item/multi_stock_transfer: several lines (from, item, batch or serial, quantity) collected
 * in a removable list, then one target location and one transfer of them all.
 */
export function MultiStockTransferApp() {
  const { t } = useTranslation('stockTransfer');
  const qc = useQcStepOptions();
  const [confirmDrop, setConfirmDrop] = useState(false);
  const refresh = useRefreshAfterTransfer();
  const workflow = useTransferWorkflow({
    appId: 'multiStockTransfer',
    steps: (keeper, mayMoveRestricted) =>
      multiTransferSteps({ keeper, confirmQc: qc.confirmQc, qcReason: qc.qcReason, mayMoveRestricted }),
    initial: initialMultiTransferState,
    start: 'from',
    afterFinish: (state) => {
      if (state.moved) {
        const lines = state.moved.lines;
        refresh(
          lines.flatMap((line) => [line.fromLocation, line.toLocation]),
          lines.map((line) => line.item),
        );
        return { state: initialMultiTransferState() };
      }
      const result = collectLine(state);
      const notices: Notice[] =
        result.kind === 'duplicateSerial'
          ? [{ variant: 'danger', key: 'stockTransfer:serialAlreadyListed', args: { serial: result.serial } }]
          : [];
      return result.state.from ? { state: result.state, stepId: 'item', notices } : { state: result.state, notices };
    },
  });
  const { state, stepId } = workflow;
  const retry = stepId === 'transfer' && state.failed && !workflow.busy;
  const canChooseTarget = state.lines.length > 0 && betweenLines.has(stepId) && !workflow.busy;
  const cancel = () => {
    if (state.lines.length > 0) setConfirmDrop(true);
    else workflow.reset();
  };
  return (
    <>
      <HandheldScreen
        testId="multi-stock-transfer"
        prompt={workflow.promptText}
        busy={workflow.busy}
        onScan={(text) => void workflow.input(text)}
        scanHint={workflow.scanHint}
        canGoBack={workflow.snapshot.canGoBack && stepId !== 'transfer'}
        onBack={workflow.back}
        onCancel={cancel}
        summary={<TransferSummary draft={state} />}
        actions={
          <>
            {confirmingStep.has(stepId) && !workflow.busy ? (
              <ActionButton label={t('ok')} testId="quantity-ok" onClick={() => void workflow.input('')} />
            ) : null}
            {canChooseTarget ? (
              <ActionButton label={t('chooseTarget')} testId="choose-target" onClick={() => workflow.goTo('to')} />
            ) : null}
            {retry ? (
              <ActionButton label={t('retry')} testId="handheld-retry" onClick={() => void workflow.input('')} />
            ) : null}
          </>
        }
      >
        {canChooseTarget ? <p className="text-body-secondary mb-0">{t('lines.hint')}</p> : null}
        <LineList
          lines={state.lines}
          onRemove={(id) =>
            workflow.update((current) => ({ ...current, lines: current.lines.filter((l) => l.id !== id) }))
          }
        />
      </HandheldScreen>
      <ConfirmDialog
        show={confirmDrop}
        message={t('confirmDropLines', { count: state.lines.length })}
        confirmLabel={t('dropLines')}
        onConfirm={() => {
          setConfirmDrop(false);
          workflow.reset();
        }}
        onCancel={() => setConfirmDrop(false)}
      />
      {qc.dialog}
    </>
  );
}
