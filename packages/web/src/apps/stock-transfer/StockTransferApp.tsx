import { useTranslation } from 'react-i18next';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { stockTransferSteps } from './stock-transfer-workflow.js';
import { confirmingStep, initialTransferState, nextTransferState } from './transfer-state.js';
import { TransferSummary } from './TransferSummary.js';
import { useQcStepOptions } from './useQcConfirmation.js';
import { useRefreshAfterTransfer, useTransferWorkflow } from './useTransferWorkflow.js';

/**
 * /item/stock_transfer: one question per screen, the scanner bar always focused. After a
 * successful transfer the next one starts at the item step from the SAME from location (an
 * operator usually moves several things out of one place); Back returns to the from location
 * question, Cancel starts over with nothing collected.
 */
export function StockTransferApp() {
  const { t } = useTranslation('stockTransfer');
  const qc = useQcStepOptions();
  const refresh = useRefreshAfterTransfer();
  const workflow = useTransferWorkflow({
    appId: 'stockTransfer',
    steps: (keeper, mayMoveRestricted) =>
      stockTransferSteps({ keeper, confirmQc: qc.confirmQc, qcReason: qc.qcReason, mayMoveRestricted }),
    initial: initialTransferState,
    start: 'from',
    afterFinish: (state) => {
      const lines = state.moved?.lines ?? [];
      refresh(
        lines.flatMap((line) => [line.fromLocation, line.toLocation]),
        lines.map((line) => line.item),
      );
      return { state: nextTransferState(state), stepId: 'item' };
    },
  });
  const { state, stepId } = workflow;
  const retry = stepId === 'transfer' && state.failed && !workflow.busy;
  return (
    <>
      <HandheldScreen
        testId="stock-transfer"
        prompt={workflow.promptText}
        busy={workflow.busy}
        onScan={(text) => void workflow.input(text)}
        scanHint={workflow.scanHint}
        canGoBack={workflow.snapshot.canGoBack && stepId !== 'transfer'}
        onBack={workflow.back}
        onCancel={() => workflow.reset()}
        summary={<TransferSummary draft={state} />}
        actions={
          <>
            {confirmingStep.has(stepId) && !workflow.busy ? (
              <ActionButton label={t('ok')} testId="quantity-ok" onClick={() => void workflow.input('')} />
            ) : null}
            {retry ? (
              <ActionButton label={t('retry')} testId="handheld-retry" onClick={() => void workflow.input('')} />
            ) : null}
          </>
        }
      />
      {qc.dialog}
    </>
  );
}
