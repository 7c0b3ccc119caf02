import type { PrintAnswer, receiptLabelsRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { printItemLabels } from '../items/item-labels.service.js';
import { findReceiptOrThrow } from './goods-receipt-view.js';
import * as entryRows from './receipt-entries.repository.js';

type LabelsRequest = z.output<typeof receiptLabelsRequestSchema>;

/** At most this many labels per request (the item label route's own bound). */
const maxLabels = 1000;

/**
 * POST {receipt}/labels: item labels for the received units, with the receipt's code on them. One
 * label per entry (a carton or pallet label), or with perUnit one per whole unit, at most 1,000.
 * Batches and serials are labelled once they exist, so a receipt's labels print after finish;
 * before it, nothing is received yet (422 nothingReceived).
 */
export async function printReceiptLabels(
  ctx: AppContext,
  caller: Principal,
  code: string,
  request: LabelsRequest,
): Promise<PrintAnswer> {
  const head = await findReceiptOrThrow(ctx.db, code);
  const entries = head.status === 'FINISHED' ? await entryRows.receiptEntries(ctx.db, head.id) : [];
  if (entries.length === 0) throw unprocessable('nothingReceived', { receipt: head.code });
  const jobs = entries.map((e) => ({
    item: e.item_code,
    batch: e.batch_code,
    serial: e.serial_code,
    quantity: request.perUnit ? Math.max(1, Math.floor(Number(e.quantity) / 1000)) : 1,
  }));
  const total = jobs.reduce((sum, job) => sum + job.quantity, 0);
  if (total > maxLabels) throw unprocessable('tooManyLabels', { count: total, max: maxLabels });
  return printItemLabels(
    ctx,
    caller,
    { printer: request.printer, receiptCode: head.code, jobs },
    request.large ? 'large' : 'normal',
  );
}
