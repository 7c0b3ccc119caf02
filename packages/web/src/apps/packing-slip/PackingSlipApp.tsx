import { useQueryClient } from '@tanstack/react-query';
import type { PackingSlipFindAnswer } from '@wms/contract';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { serverPrinterId } from '../../components/object-dialogs/format.js';
import { PdfPreviewModal } from '../../components/pdf-preview/PdfPreviewModal.js';
import { ScannerInput } from '../../components/scanner/ScannerInput.js';
import { showFailure } from '../../handheld/show-failure.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { packingSlipApi, packingSlipQueries } from './packing-slip-api.js';
import { PrintLog } from './PrintLog.js';
import '../../handheld/handheld-screen.css';

interface Preview {
  url: string;
  fileName: string;
}

/**
 * /packing_slip (PROCESSES.md 3.9): scan a delivery, pick list or container; its delivery's
 * packing slip opens in the PDF preview. Then print it (the device's delivery label printer),
 * print every container label, or open the carrier label; the print log is below. A wrong scan
 * is a danger notice and changes nothing.
 */
export function PackingSlipApp() {
  const { t } = useTranslation('packingSlip');
  const queryClient = useQueryClient();
  const { config } = useDeviceConfig();
  const [delivery, setDelivery] = useState<PackingSlipFindAnswer | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  const printer = serverPrinterId(config.defaultDeliveryLabelPrinter) ?? undefined;

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const refreshLog = (code: string) =>
    queryClient.invalidateQueries({ queryKey: packingSlipQueries.log(code).queryKey });
  const showPdf = async (code: string, kind: 'slip' | 'carrier') => {
    const pdf = kind === 'slip' ? await packingSlipApi.slipPdf(code) : await packingSlipApi.carrierLabelPdf(code);
    const prefix = kind === 'slip' ? 'packing-slip' : 'carrier-label';
    setPreview({ url: URL.createObjectURL(pdf), fileName: `${prefix}-${code}.pdf` });
    if (kind === 'slip') await refreshLog(code);
  };

  const handleScan = (scan: string) =>
    run(async () => {
      if (scan === '') return;
      const found = await packingSlipApi.find(scan);
      setDelivery(found);
      await showPdf(found.delivery, 'slip');
    });
  const handlePrint = (code: string) =>
    run(async () => {
      if (printer === undefined) return notify('warning', 'packingSlip:noPrinter');
      const printed = await packingSlipApi.print(code, printer);
      notify('success', 'packingSlip:printed', { printer: printed.printer });
      await refreshLog(code);
    });
  const handleContainerLabels = (code: string) =>
    run(async () => {
      if (printer === undefined) return notify('warning', 'packingSlip:noPrinter');
      const printed = await packingSlipApi.printContainerLabels(code, printer);
      notify('success', 'packingSlip:labelsPrinted', { printed: printed.printed, printer: printed.printer });
    });

  return (
    <Container fluid="md" className="handheld-screen py-2 py-sm-3 d-flex flex-column gap-3" data-testid="packing-slip">
      <div className="d-flex align-items-start gap-2">
        <p className="handheld-prompt mb-0 flex-grow-1" data-testid="handheld-prompt" aria-live="polite">
          {t('prompt')}
        </p>
        {busy ? (
          <Spinner animation="border" size="sm" role="status" aria-label={t('loading')} className="mt-2" />
        ) : null}
      </div>
      <ScannerInput onScan={(text) => void handleScan(text)} placeholder="handheld:screen.scanPlaceholder" />
      {delivery ? (
        <section className="d-flex flex-column gap-2" data-testid="packing-slip-delivery">
          <h2 className="h6 mb-0">{t('title', { code: delivery.delivery })}</h2>
          <p className="mb-0">
            {t('found', {
              delivery: delivery.delivery,
              customer: delivery.customerName ?? delivery.customer ?? '',
              count: delivery.containers,
            })}
          </p>
          <div className="d-grid d-sm-flex gap-2 flex-wrap">
            <Button onClick={() => void handlePrint(delivery.delivery)} disabled={busy}>
              {t('actions.print')}
            </Button>
            <Button
              variant="outline-primary"
              onClick={() => void handleContainerLabels(delivery.delivery)}
              disabled={busy}
            >
              {t('actions.containerLabels')}
            </Button>
            <Button
              variant="outline-primary"
              onClick={() => void run(() => showPdf(delivery.delivery, 'carrier'))}
              disabled={busy}
            >
              {t('actions.carrierLabel')}
            </Button>
            <Button
              variant="outline-secondary"
              onClick={() => void run(() => showPdf(delivery.delivery, 'slip'))}
              disabled={busy}
            >
              {t('actions.show')}
            </Button>
          </div>
          <PrintLog code={delivery.delivery} />
        </section>
      ) : null}
      <PdfPreviewModal url={preview?.url ?? null} onHide={() => setPreview(null)} fileName={preview?.fileName} />
    </Container>
  );
}
