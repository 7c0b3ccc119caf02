import { useCallback, useState, type ReactElement } from 'react';
import { PdfPreviewModal } from '../../components/pdf-preview/PdfPreviewModal.js';
import { usePrinterChoice } from '../../components/printer-choice/usePrinterChoice.js';
import { useDeviceConfig } from '../../platform/device-config.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { actionBarcodesApi } from './action-barcodes-api.js';
import { sheetRequest, type SheetEntry, type SheetSize } from './sheet.js';

/** HTTP failures were shown by the HTTP client; anything else is a programming error. */
function ignoreApiError(error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
}

/**
 * The sheet's two outputs: a label printer (the device's default printer, else the printer
 * choice) or an A4 PDF shown in the PDF preview. `dialogs` renders the printer choice and the
 * preview while they are open.
 */
export function useSheetOutput(
  entries: readonly SheetEntry[],
  size: SheetSize,
): { print: () => Promise<void>; showPdf: () => Promise<void>; busy: boolean; dialogs: ReactElement } {
  const { config } = useDeviceConfig();
  const printers = usePrinterChoice();
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      ignoreApiError(error);
    } finally {
      setBusy(false);
    }
  }, []);

  const print = useCallback(
    () =>
      run(async () => {
        const printer = await printers.choosePrinter(config.defaultPrinter);
        if (printer < 0) return;
        const answer = await actionBarcodesApi.print({ ...sheetRequest(entries, size), printer });
        notify('success', 'actionBarcodes:printed', { count: answer.printed, printer: answer.printer });
      }),
    [config.defaultPrinter, entries, printers, run, size],
  );

  const showPdf = useCallback(
    () =>
      run(async () => {
        const pdf = await actionBarcodesApi.pdf(sheetRequest(entries, size));
        setPdfUrl(URL.createObjectURL(pdf));
      }),
    [entries, run, size],
  );

  const hidePdf = () => {
    if (pdfUrl) URL.revokeObjectURL(pdfUrl);
    setPdfUrl(null);
  };

  const dialogs = (
    <>
      {printers.dialog}
      <PdfPreviewModal url={pdfUrl} onHide={hidePdf} fileName="action-barcodes.pdf" />
    </>
  );
  return { print, showPdf, busy, dialogs };
}
