import { useTranslation } from 'react-i18next';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { FinishedGoodsSummary } from './FinishedGoodsSummary.js';
import { confirmingSteps } from './fgr-state.js';
import { useFinishedGoodsWorkflow } from './useFinishedGoodsWorkflow.js';

/**
 * /finished_goods_receipt: receive the output production reported on an order. One question per
 * screen, the scanner bar always focused: the order (or its pallet label), the batch and dates or
 * the serials, the quantity (what was reported but not received), the target; then the receipt,
 * and the next order.
 */
export function FinishedGoodsReceiptApp() {
  const { t } = useTranslation(['finishedGoodsReceipt', 'handheld']);
  const workflow = useFinishedGoodsWorkflow();
  const { state, stepId, busy } = workflow;
  const retry = stepId === 'receive' && state.failed && !busy;
  const confirming = confirmingSteps.has(stepId) && !busy;
  return (
    <HandheldScreen
      testId="finished-goods-receipt"
      prompt={workflow.promptText}
      busy={busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'receive'}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      summary={<FinishedGoodsSummary state={state} />}
      actions={
        <>
          {confirming ? (
            <ActionButton
              label={t('handheld:screen.ok')}
              testId="quantity-ok"
              onClick={() => void workflow.input('')}
            />
          ) : null}
          {retry ? (
            <ActionButton
              label={t('handheld:screen.retry')}
              testId="handheld-retry"
              onClick={() => void workflow.input('')}
            />
          ) : null}
        </>
      }
    />
  );
}
