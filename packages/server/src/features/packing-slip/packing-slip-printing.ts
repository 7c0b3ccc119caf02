import type { PrintAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { PrinterRow } from '../../db/schema.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { sendDocument, type PrintDocument } from '../printers/printing.service.js';
import {
  findActivePrinterOrThrow,
  supportedLabelFormatOf,
  supportedPrintTypeOf,
} from '../printers/printers.service.js';

/**
 * Sends a finished PDF (a packing slip) to a printer of the printers feature, by its print type,
 * as printLabels does for label jobs (printers/printing.service.ts): VOID prints nothing, FILE
 * writes into the printer's folder, RAW sends the bytes, PERIPHERAL goes to the caller's own
 * browser session. A ZPL printer cannot print an A4 page: 422 packingSlipNeedsPdfPrinter {printer}.
 * No printer: 422 noPrinterSelected; unknown or inactive: 404 unknownPrinter.
 */
export async function pdfPrinterOrThrow(
  ctx: AppContext,
  caller: Principal,
  printerId: number | undefined,
): Promise<PrinterRow> {
  if (printerId === undefined) throw unprocessable('noPrinterSelected');
  const printer = await findActivePrinterOrThrow(ctx, printerId);
  const printType = supportedPrintTypeOf(printer.print_type);
  if (supportedLabelFormatOf(printer.label_format) !== 'PDF') {
    throw unprocessable('packingSlipNeedsPdfPrinter', { printer: printer.name });
  }
  if (printType === 'PERIPHERAL' && caller.sessionId === null) {
    throw unprocessable('printerNeedsBrowserSession', { printer: printer.name });
  }
  return printer;
}

/** Sends the PDF through the printers feature (printing.service sendDocument). */
export async function sendPdf(
  ctx: AppContext,
  caller: Principal,
  printer: PrinterRow,
  bytes: Buffer,
): Promise<PrintAnswer> {
  const document: PrintDocument = { mediaType: 'application/pdf', extension: 'pdf', bytes };
  await sendDocument(ctx, caller, printer, document);
  return { printed: 1, printer: printer.name };
}
