import { serverPrinterId } from '../../components/object-dialogs/format.js';
import { failureNotice } from '../engine/outcomes.js';
import type { Notice } from '../engine/types.js';
import { packApi } from './box-api.js';

/**
 * The label of a closed box: on the device's delivery label printer, else (or when that fails)
 * its PDF, handed to `onPdf`. Answers the notices to show (pick and pack, pack and delivery).
 */
export async function boxLabel(
  container: string,
  printerChoice: number | string,
  onPdf: (pdf: Blob) => void,
): Promise<Notice[]> {
  const notices: Notice[] = [];
  const printer = serverPrinterId(printerChoice);
  if (printer !== null) {
    try {
      const printed = await packApi.printLabel(container, printer);
      const notice: Notice = {
        variant: 'success',
        key: 'pickAndPack:labelPrinted',
        args: { box: container, printer: printed.printer },
      };
      return [notice];
    } catch (error) {
      notices.push({ ...failureNotice(error), variant: 'warning' });
    }
  }
  try {
    const pdf = await packApi.labelPdf(container);
    if (pdf) {
      onPdf(pdf);
      notices.push({ variant: 'info', key: 'pickAndPack:labelPdf', args: { box: container } });
    }
  } catch (error) {
    notices.push({ ...failureNotice(error), variant: 'warning' });
  }
  return notices;
}
