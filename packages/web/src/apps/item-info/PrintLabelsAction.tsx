import type { Item } from '@wms/contract';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useDeviceConfig } from '../../platform/device-config.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { printItemLabels, type LabelSize } from './item-actions-api.js';
import { usePrinterChoice } from '../../components/printer-choice/usePrinterChoice.js';
import { maxLabelCount, parseLabelCount } from './prompt-values.js';
import type { Questions } from './useQuestions.js';

/** Quick print prints one label without asking. */
export const quickPrintCount = 1;

/**
 * Label, large label and quick print on the device's item label
 * printer, or one the user chooses (usePrinterChoice). Label and large label ask how many; a
 * count of 0, empty or not a whole number prints nothing.
 */
export function PrintLabelsAction({ item, ask }: { item: Item; ask: Questions }) {
  const { t } = useTranslation('itemInfo');
  const { config } = useDeviceConfig();
  const [busy, setBusy] = useState(false);
  const { choosePrinter, dialog } = usePrinterChoice();

  const print = async (size: LabelSize, quick: boolean) => {
    const count = quick
      ? quickPrintCount
      : parseLabelCount(
          await ask.prompt({
            title: t(size === 'label' ? 'actions.print.label' : 'actions.print.largeLabel'),
            label: t('actions.print.count', { max: maxLabelCount }),
            defaultValue: '1',
            inputMode: 'numeric',
          }),
        );
    if (count === 0) return;
    const printer = await choosePrinter(config.defaultItemLabelPrinter);
    if (printer < 0) return;
    setBusy(true);
    try {
      const answer = await printItemLabels(size, printer, item.code, count);
      notify('success', 'itemInfo:actions.print.printed', { count: answer.printed, printer: answer.printer });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="d-grid d-sm-flex gap-2">
      <Button size="lg" disabled={busy} onClick={() => void print('label', false)} data-testid="print-label">
        <i className="bi bi-printer me-2" aria-hidden="true" />
        {t('actions.print.label')}
      </Button>
      <Button size="lg" disabled={busy} onClick={() => void print('largeLabel', false)} data-testid="print-large-label">
        <i className="bi bi-printer me-2" aria-hidden="true" />
        {t('actions.print.largeLabel')}
      </Button>
      <Button
        size="lg"
        variant="outline-primary"
        disabled={busy}
        onClick={() => void print('label', true)}
        data-testid="print-quick"
      >
        <i className="bi bi-lightning me-2" aria-hidden="true" />
        {t('actions.print.quick')}
        {busy && <Spinner size="sm" className="ms-2" />}
      </Button>
      {dialog}
    </div>
  );
}
