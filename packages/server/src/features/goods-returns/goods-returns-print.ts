import type { PrintAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import type { LabelJob } from '../labels/label-types.js';
import { printLabels, renderLabels, type PrintDocument } from '../printers/printing.service.js';
import { findReturnOrThrow } from './goods-returns.service.js';
import { goodsReturnOf } from './goods-returns-units.js';

/**
 * The return receipt: one item label per saved entry (item, batch or serial, quantity), or per
 * line while nothing is saved (what the customer announced). POST print sends it to a printer
 * (the printers feature: its label format and print type); GET receipt answers it as a PDF on A4
 * for a device without a printer.
 */
async function receiptJobs(ctx: AppContext, code: string): Promise<LabelJob[]> {
  const goodsReturn = await goodsReturnOf(ctx.db, await findReturnOrThrow(ctx.db, code));
  const names = new Map(goodsReturn.lines.map((line) => [line.item, line.itemName]));
  if (goodsReturn.entries.length === 0) {
    return goodsReturn.lines.map((line) => ({
      kind: 'item',
      size: 'normal',
      data: { code: line.item, name: `${goodsReturn.code}: ${line.itemName}`, quantity: line.quantity },
    }));
  }
  return goodsReturn.entries.map((entry) => ({
    kind: 'item',
    size: 'normal',
    data: {
      code: entry.item,
      name: `${goodsReturn.code}: ${names.get(entry.item) ?? entry.item} (${entry.condition})`,
      batch: entry.batch,
      serial: entry.serial,
      quantity: entry.quantity,
    },
  }));
}

export async function printReturn(
  ctx: AppContext,
  caller: Principal,
  code: string,
  printer: number,
): Promise<PrintAnswer> {
  return printLabels(ctx, caller, printer, await receiptJobs(ctx, code));
}

/** The receipt as a PDF on A4 (null when the return has no lines). */
export async function returnReceiptPdf(ctx: AppContext, code: string): Promise<PrintDocument | null> {
  return renderLabels(await receiptJobs(ctx, code), 'PDF', 'A4');
}
