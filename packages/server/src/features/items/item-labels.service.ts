import { codeKey, paddedCodeKey, type itemLabelRequestSchema, type PrintAnswer } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import type { LabelJob, LabelSize } from '../labels/label-types.js';
import { printLabels } from '../printers/printing.service.js';
import * as repository from './item-actions.repository.js';
import { findItemRowOrThrow } from './items.service.js';

type ItemLabelRequest = z.output<typeof itemLabelRequestSchema>;

/** The label jobs of the request; every item, batch and serial is checked before anything prints. */
async function labelJobs(ctx: AppContext, request: ItemLabelRequest, size: LabelSize): Promise<LabelJob[]> {
  const items = new Map<string, Awaited<ReturnType<typeof findItemRowOrThrow>>>();
  const jobs: LabelJob[] = [];
  for (const job of request.jobs) {
    const key = codeKey(job.item);
    const item = items.get(key) ?? (await findItemRowOrThrow(ctx, job.item));
    items.set(key, item);
    let batch: string | null = null;
    if (job.batch !== null) {
      const found = await repository.findBatchOfItem(ctx.db, item.id, paddedCodeKey(job.batch));
      if (!found) throw notFound('unknownBatch', { code: job.batch, itemCode: item.code });
      batch = found.code;
    }
    let serial: string | null = null;
    if (job.serial !== null) {
      const found = await repository.findSerialOfItem(ctx.db, item.id, paddedCodeKey(job.serial));
      if (!found) throw notFound('unknownSerial', { code: job.serial, itemCode: item.code });
      serial = found.code;
    }
    jobs.push({
      kind: 'item',
      size,
      data: { code: item.code, name: item.name, barcode: item.barcode, batch, serial },
      copies: job.quantity,
    });
  }
  return jobs;
}

/**
 * printLabel / printLargeLabel: one item label per job, `quantity` copies each (0 prints
 * nothing), on the server printer (printing.service printLabels: 422 noPrinterSelected for no
 * printer, 404 unknownPrinter). An unknown item is 404 unknownItemForCode {code}; a batch or
 * serial the item does not have is 404 unknownBatch / unknownSerial {code, itemCode}.
 */
export async function printItemLabels(
  ctx: AppContext,
  caller: Principal,
  request: ItemLabelRequest,
  size: LabelSize,
): Promise<PrintAnswer> {
  const jobs = await labelJobs(ctx, request, size);
  return printLabels(ctx, caller, request.printer, jobs);
}
