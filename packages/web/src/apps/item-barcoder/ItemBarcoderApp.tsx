import { useTranslation } from 'react-i18next';
import { PrintItemLabelAction } from '../../components/object-dialogs/PrintItemLabelAction.js';
import { ActionButton, HandheldScreen } from '../../handheld/HandheldScreen.js';
import { BarcoderSummary } from './BarcoderSummary.js';
import { BarcodeSlots } from './BarcodeSlots.js';
import { ChoiceButtons } from './ChoiceButtons.js';
import { slotNumber } from './barcoder-state.js';
import { useItemBarcoderWorkflow } from './useItemBarcoderWorkflow.js';

/** Steps where the item's slots show (and a slot may be picked). */
const slotSteps: ReadonlySet<string> = new Set(['barcode', 'reading', 'quantity', 'save']);

/**
 * /setup/item_barcoder, handheld first: scan an item (or a location, to walk its items without a
 * barcode, "n of m"), see its three slots, scan the new barcode into the first empty slot (or
 * the one tapped), confirm what one scan counts (1.0), save; a label of the saved item may be
 * printed.
 */
export function ItemBarcoderApp() {
  const { t } = useTranslation(['setup', 'handheld']);
  const workflow = useItemBarcoderWorkflow();
  const { state, stepId, busy } = workflow;
  const resting = !busy;
  return (
    <HandheldScreen
      testId="item-barcoder"
      prompt={workflow.promptText}
      busy={busy}
      onScan={(text) => void workflow.input(text)}
      scanHint={workflow.scanHint}
      canGoBack={workflow.snapshot.canGoBack && stepId !== 'save' && stepId !== 'next'}
      onBack={workflow.back}
      onCancel={() => workflow.reset()}
      summary={<BarcoderSummary state={state} />}
      actions={
        <>
          {stepId === 'quantity' && resting ? (
            <ActionButton
              label={t('handheld:screen.ok')}
              testId="quantity-ok"
              onClick={() => void workflow.input('')}
            />
          ) : null}
          {stepId === 'save' && state.failed && resting ? (
            <ActionButton
              label={t('handheld:screen.retry')}
              testId="handheld-retry"
              onClick={() => void workflow.input('')}
            />
          ) : null}
          {state.walk && slotSteps.has(stepId) && stepId !== 'save' && resting ? (
            <ActionButton label={t('setup:barcoder.skip')} testId="barcoder-skip" onClick={workflow.skip} />
          ) : null}
        </>
      }
    >
      {stepId === 'pick' && state.candidates ? (
        <ChoiceButtons
          testId="barcoder-candidates"
          choices={state.candidates.items.map((item) => ({ value: item.code, label: `${item.code} · ${item.name}` }))}
          onChoose={(code) => void workflow.input(code)}
        />
      ) : null}
      {stepId === 'reading' && state.readings ? (
        <ChoiceButtons
          testId="barcoder-readings"
          choices={state.readings.map((reading) => ({ value: reading, label: reading }))}
          onChoose={(reading) => void workflow.input(reading)}
        />
      ) : null}
      {state.item && slotSteps.has(stepId) ? (
        <BarcodeSlots item={state.item} slot={state.slot} onChoose={workflow.chooseSlot} />
      ) : null}
      {state.saved ? (
        <div className="d-flex flex-column gap-2" data-testid="barcoder-saved">
          <p className="mb-0 text-body-secondary">
            {t('setup:barcoder.printSaved', {
              item: state.saved.item,
              barcode: state.saved.barcode,
              slot: slotNumber(state.saved.slot),
            })}
          </p>
          <PrintItemLabelAction item={state.saved.item} batch={null} serial={null} />
        </div>
      ) : null}
    </HandheldScreen>
  );
}
