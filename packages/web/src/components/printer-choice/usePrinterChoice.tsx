import type { AvailablePrinter } from '@wms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { browserPrinter, type PrinterChoice } from '../../platform/device-config.js';
import { notify } from '../../platform/notifications.js';
import { printerQueries } from './printer-queries.js';
import { serverPrinterId } from '../object-dialogs/format.js';
import { PrinterChoiceModal } from './PrinterChoiceModal.js';
import { rememberedPrinter, rememberPrinter } from './remembered-printer.js';

/** The answer when there is no printer to print on: none available, none selected, or cancelled. */
export const noPrinterChosen = -1;

export interface PrinterChoiceApi {
  /**
   * The server printer to print on: the device's configured one; else the one remembered this
   * page load; else the user chooses from the server's printers. -1 when there is none to choose
   * (noPintersAvailable shown), the device prints in the browser (noPrinterSelected shown), or
   * the user cancels.
   */
  choosePrinter: (configured: PrinterChoice) => Promise<number>;
  /** Render it where the hook is used: the choice dialog while it asks. */
  dialog: ReactElement | null;
}

export function usePrinterChoice(): PrinterChoiceApi {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<AvailablePrinter[] | null>(null);
  const answer = useRef<(printerId: number) => void>(() => undefined);

  const choosePrinter = useCallback(
    async (configured: PrinterChoice): Promise<number> => {
      const configuredId = serverPrinterId(configured);
      if (configuredId !== null) return configuredId;
      if (configured === browserPrinter) {
        notify('danger', 'errors:noPrinterSelected');
        return noPrinterChosen;
      }
      const remembered = rememberedPrinter();
      if (remembered !== null) return remembered;
      let printers: AvailablePrinter[];
      try {
        printers = await queryClient.fetchQuery(printerQueries.available());
      } catch {
        return noPrinterChosen; // the HTTP client showed why
      }
      if (printers.length === 0) {
        notify('danger', 'errors:noPintersAvailable');
        return noPrinterChosen;
      }
      return new Promise<number>((resolve) => {
        answer.current = (printerId) => {
          setAsking(null);
          resolve(printerId);
        };
        setAsking(printers);
      });
    },
    [queryClient],
  );

  const dialog = asking && (
    <PrinterChoiceModal
      printers={asking}
      onChoose={(printerId, remember) => {
        if (remember) rememberPrinter(printerId);
        answer.current(printerId);
      }}
      onCancel={() => answer.current(noPrinterChosen)}
    />
  );
  return { choosePrinter, dialog };
}
