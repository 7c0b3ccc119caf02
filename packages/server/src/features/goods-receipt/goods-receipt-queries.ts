import {
  fromThousandths,
  paddedCodeKey,
  type BatchLotsAnswer,
  type ExpectedReceiptsAnswer,
  type FindReceivableAnswer,
  type FinishedReceiptsAnswer,
  type PlannedGoodsReceiptAnswer,
  type ReceivableDocument,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { today } from '../../util/time.js';
import { plannedBatchOf } from './receipt-entry-rules.js';
import * as repository from './goods-receipt.repository.js';
import * as masterData from './receipt-master-data.repository.js';
import * as finished from './finished-receipts.repository.js';

/** The read-only goods receipt routes: expected, find, finished_receipts, plannedGoodsReceipt, batchLots. */

/** At most this many documents in a list or a scan's matches. */
const listLimit = 200;
/** At most this many finished receipts in one answer (the period is narrowed for more). */
export const finishedReceiptsLimit = 500;
/** At most this many days in one finished_receipts period. */
const maxPeriodDays = 366;

function receivableOf(row: repository.ReceivableRow): ReceivableDocument {
  return {
    type: row.type as ReceivableDocument['type'],
    code: row.code,
    status: row.status as ReceivableDocument['status'],
    supplier: row.supplier_code,
    supplierName: row.supplier_name,
    warehouse: row.warehouse_code,
    dueDate: row.due_date,
    openQuantity: fromThousandths(Number(row.open_quantity ?? 0)),
    lineCount: Number(row.line_count),
    openReceipt: row.open_receipt,
  };
}

export async function expectedReceipts(ctx: AppContext, search?: string): Promise<ExpectedReceiptsAnswer> {
  const rows = await repository.listReceivable(ctx.db, { today: today(), search, limit: listLimit });
  return { documents: rows.map(receivableOf) };
}

/** A scan: a document code first, then an item on an open line, then a batch a planned receipt announces. */
export async function findReceivable(ctx: AppContext, scan: string): Promise<FindReceivableAnswer> {
  const byCode = await Promise.all(
    (['PURCHASE_ORDER', 'PLANNED_GOODS_RECEIPT'] as const).map((type) => repository.findSource(ctx.db, type, scan)),
  );
  const documentIds = byCode.flatMap((d) => (d ? [d.id] : []));
  const list = async (ids: number[]) =>
    (await repository.listReceivable(ctx.db, { today: today(), ids, limit: listLimit })).map(receivableOf);
  if (documentIds.length > 0) return { matchedBy: 'DOCUMENT', documents: await list(documentIds) };

  const item = await masterData.findItemByScan(ctx.db, scan);
  if (item)
    return {
      matchedBy: 'ITEM',
      documents: await list(await repository.sourcesWithOpenItem(ctx.db, item.id, listLimit)),
    };

  const key = paddedCodeKey(scan);
  const batchIds = (await repository.plannedBatchLines(ctx.db, 5000))
    .filter((l) => {
      const planned = plannedBatchOf(l.extras).batch;
      return planned !== null && paddedCodeKey(planned) === key;
    })
    .map((l) => l.document_id);
  if (batchIds.length > 0) return { matchedBy: 'BATCH', documents: await list([...new Set(batchIds)]) };
  return { matchedBy: null, documents: [] };
}

export async function plannedGoodsReceipt(ctx: AppContext, code: string): Promise<PlannedGoodsReceiptAnswer> {
  const source = await repository.findSource(ctx.db, 'PLANNED_GOODS_RECEIPT', code);
  // A DRAFT (imported, not yet released; decision 0177) is not the goods receipt's to see.
  if (!source || source.status === 'DRAFT') throw notFound('unknownDocument', { type: 'PLANNED_GOODS_RECEIPT', code });
  const lines = await repository.sourceLines(ctx.db, source.id);
  return {
    code: source.code,
    status: source.status as PlannedGoodsReceiptAnswer['status'],
    supplier: source.supplier_code,
    dueDate: source.due_date,
    lines: lines.map((l) => {
      const planned = plannedBatchOf(l.extras);
      return {
        line: l.line_number,
        item: l.item_code,
        quantity: fromThousandths(Number(l.quantity)),
        open: fromThousandths(Number(l.open_quantity)),
        batch: planned.batch,
        expirationDate: planned.expirationDate,
      };
    }),
  };
}

export async function batchLots(ctx: AppContext, itemScan: string): Promise<BatchLotsAnswer> {
  const item = await masterData.findItemByScan(ctx.db, itemScan);
  if (!item) throw unprocessable('unknownItemForCode', { code: itemScan });
  const rows = await masterData.batchesOfItem(ctx.db, item.id, listLimit);
  return {
    batches: rows.map((b) => ({
      batch: b.code,
      expirationDate: b.expiration_date,
      manufacturingDate: b.manufacturing_date,
      manufacturingBatch: b.mnf_batch_code,
      admissionDate: b.admission_date,
    })),
  };
}

/** GET finished_receipts?from&to: receipts finished on those days (UTC, both included), with rows and attachments. */
export async function finishedReceipts(ctx: AppContext, from: string, to: string): Promise<FinishedReceiptsAnswer> {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!(days >= 0 && days <= maxPeriodDays)) {
    throw badRequest('invalidInput', {
      fields: [{ field: 'query.to', message: `from..to, at most ${maxPeriodDays} days` }],
    });
  }
  const heads = await finished.finishedBetween(
    ctx.db,
    `${from}T00:00:00.000Z`,
    `${to}T23:59:59.999Z`,
    finishedReceiptsLimit + 1,
  );
  const page = heads.slice(0, finishedReceiptsLimit);
  const ids = page.map((h) => h.id);
  const [rows, attachments] = await Promise.all([
    finished.postedRows(ctx.db, ids),
    finished.attachmentsOf(ctx.db, ids),
  ]);
  return {
    receipts: page.map((h) => ({
      receipt: h.code,
      sourceType: h.source_type as FinishedReceiptsAnswer['receipts'][number]['sourceType'],
      source: h.source_code,
      supplier: h.supplier_code,
      supplierName: h.supplier_name,
      warehouse: h.warehouse_code ?? '',
      finishedAt: h.finished_at,
      finishedBy: h.finished_by ?? '',
      rows: rows
        .filter((r) => r.receipt_id === h.id)
        .map((r) => ({
          line: r.line_number,
          item: r.item_code,
          itemName: r.item_name,
          quantity: fromThousandths(Number(r.quantity)),
          batch: r.batch_code,
          serial: r.serial_code,
          location: r.location_code,
        })),
      attachments: attachments.filter((a) => a.document_id === h.id).map((a) => ({ id: a.id, fileName: a.name })),
    })),
    truncated: heads.length > finishedReceiptsLimit,
  };
}
