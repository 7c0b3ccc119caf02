import type { PrintAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import type { LabelJob } from '../labels/label-types.js';
import { printLabels, renderLabels, type PrintDocument } from '../printers/printing.service.js';
import { findContainerOrThrow } from './shipping-containers.js';

/**
 * A shipping container's label (PROCESSES.md 3.6): a large label with the container code as a
 * Code 128 barcode (what the handheld scans back), captioned with the code and its pick list.
 */
async function labelJobs(ctx: AppContext, code: string): Promise<LabelJob[]> {
  const container = await findContainerOrThrow(ctx.db, code);
  const list = container.pick_list_code;
  const caption = list === null ? container.code : `${container.code} / ${list}`;
  return [{ kind: 'barcode', size: 'large', data: { caption, content: container.code, symbology: 'code128' } }];
}

/** To a printer (the printers feature: its label format and print type). */
export async function printContainerLabel(
  ctx: AppContext,
  caller: Principal,
  code: string,
  printer: number,
): Promise<PrintAnswer> {
  return printLabels(ctx, caller, printer, await labelJobs(ctx, code));
}

/** As a PDF label, for a device without a printer. */
export async function containerLabelPdf(ctx: AppContext, code: string): Promise<PrintDocument | null> {
  return renderLabels(await labelJobs(ctx, code), 'PDF', 'LABEL');
}
