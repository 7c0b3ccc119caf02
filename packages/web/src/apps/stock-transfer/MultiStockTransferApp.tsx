import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { notify } from '../../platform/notifications.js';
import { ActionButton, HandheldScreen } from './HandheldScreen.js';
import { LineList } from './LineList.js';
import { collectLine, initialMultiTransferState, multiTransferSteps } from './multi-transfer-workflow.js';
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
    steps: (keeper) => multiTransferSteps({ keeper, confirmQc: qc.confirmQc, qcReason: qc.qcReason }),
    initial: initialMultiTransferState,
    start: 'from',
    onFinish: (state, controls) => {
      if (state.moved) {
        const lines = state.moved.lines;
        refresh(
          lines.flatMap((line) => [line.fromLocation, line.toLocation]),
          lines.map((line) => line.item),
        );
        controls.reset(initialMultiTransferState());
        return;
      }
      const result = collectLine(state);
      if (result.kind === 'duplicateSerial')
        notify('danger', 'stockTransfer:serialAlreadyListed', { serial: result.serial });
      controls.reset(result.state);
      if (result.state.from) controls.goTo('item');
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
        canGoBack={workflow.snapshot.canGoBack && stepId !== 'transfer'}
        onBack={workflow.back}
        onCancel={cancel}
        summary={<TransferSummary draft={state} />}
        actions={
          <>
            {stepId === 'quantity' && !workflow.busy ? (
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
