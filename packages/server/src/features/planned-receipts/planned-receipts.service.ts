import {
  fromThousandths,
  plannedReceiptsLiveArea,
  topics,
  type PlannedReceiptDetail,
  type PlannedReceiptListStatus,
  type PlannedReceiptReleaseAnswer,
  type PlannedReceiptsAnswer,
  type PlannedReceiptSummary,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { attachmentFile, removeAttachmentFile } from '../documents/document-attachment-files.js';
import { changeStatus } from '../documents/document-status.js';
import { receiptArea, syncReceiptCounter } from '../goods-receipt/goods-receipt-live.js';
import * as repository from './planned-receipts.repository.js';

/**
 * Planned goods receipts (contract planned-receipts.ts; docs/decisions/0177-order-importers.md):
 * the drafts an import made, their release to OPEN (from then on goods receipt sees them) and the
 * delete of a draft. Release and delete are conditional on the version the caller read.
 */
const type = 'PLANNED_GOODS_RECEIPT';
export const plannedReceiptsListMax = 500;

type Row = NonNullable<Awaited<ReturnType<typeof repository.findPlannedReceipt>>>;

function summaryOf(row: Row): PlannedReceiptSummary {
  return {
    code: row.code,
    visualCode: row.visual_code,
    supplierCode: row.supplier_code,
    supplierName: row.supplier_name,
    warehouseCode: row.warehouse_code,
    dueDate: row.due_date,
    status: row.status as PlannedReceiptSummary['status'],
    version: row.version,
    lineCount: Number(row.line_count ?? 0),
    totalQuantity: fromThousandths(row.total_quantity ?? 0),
  };
}

export async function listPlannedReceipts(
  ctx: AppContext,
  status: PlannedReceiptListStatus,
): Promise<PlannedReceiptsAnswer> {
  const rows = await repository.listPlannedReceipts(ctx.db, status, plannedReceiptsListMax + 1);
  return {
    receipts: rows.slice(0, plannedReceiptsListMax).map(summaryOf),
    truncated: rows.length > plannedReceiptsListMax,
  };
}

async function findOrThrow(db: DbOrTx, code: string): Promise<Row> {
  const row = await repository.findPlannedReceipt(db, code);
  if (!row) throw notFound('unknownDocument', { type, code });
  return row;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export async function plannedReceiptDetail(ctx: AppContext, code: string): Promise<PlannedReceiptDetail> {
  const row = await findOrThrow(ctx.db, code);
  const lines = (await repository.plannedReceiptLines(ctx.db, row.id)).map((line) => {
    const extras = (line.extras ? JSON.parse(line.extras) : {}) as Record<string, unknown>;
    return {
      line: line.line_number,
      itemCode: line.item_code,
      itemName: line.item_name,
      quantity: fromThousandths(line.quantity),
      batch: text(extras.batch),
      expirationDate: text(extras.expirationDate),
      manufacturingDate: text(extras.manufacturingDate),
      serial: text(extras.serial),
      purchaseOrderReference: text(extras.purchaseOrderReference),
    };
  });
  const references = new Set(lines.map((line) => line.purchaseOrderReference));
  const [reference] = references;
  return {
    ...summaryOf(row),
    purchaseOrderReference: references.size === 1 ? (reference ?? null) : null,
    lines,
  };
}

/** Refuses a change of a planned receipt that is not a DRAFT at the caller's version. */
function assertDraftAt(row: Row, version: number): void {
  if (row.version !== version) throw preconditionFailed({ currentVersion: row.version });
  if (row.status !== 'DRAFT') throw unprocessable('documentIsNotDraft', { code: row.code, status: row.status });
}

function publish(ctx: AppContext, areas: readonly string[], change: { code: string; status: string; version: number }) {
  for (const area of areas) ctx.live.publish(topics.documents(area), 'DOCUMENT_CHANGED', { type, ...change });
}

/**
 * DRAFT -> OPEN, one conditional update on the version (document-status changeStatus). 404
 * unknownDocument, 412 optimisticLockConflict, 422 documentIsNotDraft. Goods receipt hears of it.
 */
export async function releasePlannedReceipt(
  ctx: AppContext,
  code: string,
  version: number,
): Promise<PlannedReceiptReleaseAnswer> {
  const written = await ctx.db.transaction().execute(async (tx) => {
    const row = await findOrThrow(tx, code);
    assertDraftAt(row, version);
    return changeStatus(tx, { documentId: row.id, to: 'OPEN', expectedVersion: version });
  });
  const answer = { code: written.code, status: 'OPEN' as const, version: written.version };
  publish(ctx, [receiptArea, plannedReceiptsLiveArea], answer);
  await syncReceiptCounter(ctx);
  return answer;
}

/** Deletes a DRAFT with its lines and attachments (the code is free for a corrected import). */
export async function deletePlannedReceipt(ctx: AppContext, code: string, version: number): Promise<{ ok: true }> {
  const deleted = await ctx.db.transaction().execute(async (tx) => {
    const row = await findOrThrow(tx, code);
    assertDraftAt(row, version);
    const files = await repository.attachmentFilesOf(tx, row.id);
    if (!(await repository.deleteDraft(tx, row.id, version))) {
      // Changed between the read and the delete: say what it is now.
      const now = await findOrThrow(tx, code);
      assertDraftAt(now, version);
      throw preconditionFailed({ currentVersion: now.version });
    }
    return { row, files };
  });
  for (const file of deleted.files) {
    await removeAttachmentFile(attachmentFile(ctx.config.dataDir, type, deleted.row.id, file));
  }
  publish(ctx, [plannedReceiptsLiveArea], { code: deleted.row.code, status: 'DELETED', version: version + 1 });
  return { ok: true };
}
