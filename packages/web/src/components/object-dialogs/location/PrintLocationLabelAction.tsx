import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { binLocationEndpoints, type BinLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../platform/api-client.js';
import { useDeviceConfig } from '../../../platform/device-config.js';
import { notify } from '../../../platform/notifications.js';
import { CountPrompt } from '../CountPrompt.js';
import { usePrinterChoice } from '../../printer-choice/usePrinterChoice.js';
import { ActionSection } from './ActionSection.js';

type LabelKind = 'label' | 'large_label';
const labelEndpoints = { label: binLocationEndpoints.label, large_label: binLocationEndpoints.largeLabel } as const;

/** Prints a label or a large label of the location on the device's defaultPrinter (asks how many). */
export function PrintLocationLabelAction({ location }: { location: BinLocation }) {
  const { t } = useTranslation('objects');
  const { config } = useDeviceConfig();
  const [asking, setAsking] = useState<LabelKind | null>(null);
  const [busy, setBusy] = useState(false);
  const { choosePrinter, dialog } = usePrinterChoice();

  const print = async (kind: LabelKind, quantity: number) => {
    setAsking(null);
    const printer = await choosePrinter(config.defaultPrinter);
    if (printer < 0) return;
    setBusy(true);
    try {
      await callApi(labelEndpoints[kind], { body: { printer, locations: [{ code: location.code, quantity }] } });
      notify('success', 'objects:labelsPrinted', { count: quantity });
    } catch {
      // The error catalogue showed the server's answer.
    } finally {
      setBusy(false);
    }
  };

  const title = (kind: LabelKind) => t(kind === 'label' ? 'location.printLabel' : 'location.printLargeLabel');
  return (
    <ActionSection title={t('location.action.labels')} testId="action-labels">
      <div className="d-flex gap-2 flex-wrap">
        {(['label', 'large_label'] as const).map((kind) => (
          <Button
            key={kind}
            size="lg"
            variant="outline-primary"
            disabled={busy}
            onClick={() => setAsking(kind)}
            data-testid={`print-${kind}`}
          >
            <i className="bi bi-printer me-2" aria-hidden="true" />
            {title(kind)}
          </Button>
        ))}
      </div>
      <CountPrompt
        show={asking !== null}
        title={asking ? title(asking) : ''}
        onCount={(count) => asking && void print(asking, count)}
        onCancel={() => setAsking(null)}
      />
      {dialog}
    </ActionSection>
  );
}
