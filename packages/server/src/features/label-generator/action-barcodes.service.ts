import {
  actionBarcodeOf,
  type ActionBarcodePrintParsed,
  type ActionBarcodeSheetParsed,
  type PrintAnswer,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import type { LabelJob } from '../labels/label-types.js';
import { printLabels, renderLabels, type PrintDocument } from '../printers/printing.service.js';

/**
 * Action barcodes (contract api/label-generator.ts; docs/decisions/0181): each command of the
 * sheet becomes its content through actionBarcodeOf, the function the web's preview runs, and a
 * barcode label of the label pipeline (features/labels). The first refused barcode refuses the
 * sheet: 422 with its key, its args and its position (from 1). Nothing is stored.
 */
export function actionBarcodeJobs(sheet: ActionBarcodeSheetParsed): LabelJob[] {
  return sheet.barcodes.map((entry, index): LabelJob => {
    const barcode = actionBarcodeOf(entry.command);
    if (!barcode.ok) throw unprocessable(barcode.key, { ...barcode.args, position: index + 1 });
    return {
      kind: 'barcode',
      size: sheet.size,
      data: { caption: entry.caption, content: barcode.content, symbology: barcode.symbology },
    };
  });
}

/** The sheet as a PDF on A4, the labels in a grid. */
export async function actionBarcodesPdf(sheet: ActionBarcodeSheetParsed): Promise<PrintDocument> {
  const document = await renderLabels(actionBarcodeJobs(sheet), 'PDF', 'A4');
  // A sheet has at least one barcode (its schema), so there is always a page.
  if (document === null) throw new Error('an action barcode sheet rendered no page');
  return document;
}

/** The sheet on a printer, in its label format and by its print type (features/printers). */
export function printActionBarcodes(
  ctx: AppContext,
  caller: Principal,
  request: ActionBarcodePrintParsed,
): Promise<PrintAnswer> {
  return printLabels(ctx, caller, request.printer, actionBarcodeJobs(request));
}
