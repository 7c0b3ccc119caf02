import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { itemActionEndpoints } from '@wms/contract';
import { callApi } from '../../platform/api-client.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { CountPrompt } from './CountPrompt.js';
import { usePrinterChoice } from '../printer-choice/usePrinterChoice.js';

interface PrintItemLabelActionProps {
  item: string;
  batch: string | null;
  serial: string | null;
}

/**
 * Prints item labels of one batch or serial (itemActions.label) on the device's
 * defaultItemLabelPrinter, asking how many first (0 or empty prints nothing).
 */
export function PrintItemLabelAction({ item, batch, serial }: PrintItemLabelActionProps) {
  const { t } = useTranslation('objects');
  const { config } = useDeviceConfig();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const { choosePrinter, dialog } = usePrinterChoice();

  const print = async (quantity: number) => {
    setAsking(false);
    const printer = await choosePrinter(config.defaultItemLabelPrinter);
    if (printer < 0) return;
    setBusy(true);
    try {
      await callApi(itemActionEndpoints.label, { body: { printer, jobs: [{ item, batch, serial, quantity }] } });
      notify('success', 'objects:labelsPrinted', { count: quantity });
    } catch {
      // The error catalogue showed the server's answer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline-primary"
        size="lg"
        className="w-100"
        disabled={busy}
        onClick={() => setAsking(true)}
        data-testid="print-item-label"
      >
        <i className="bi bi-printer me-2" aria-hidden="true" />
        {t('printItemLabel')}
      </Button>
      <CountPrompt
        show={asking}
        title={t('printItemLabel')}
        onCount={(count) => void print(count)}
        onCancel={() => setAsking(false)}
      />
      {dialog}
    </>
  );
}
