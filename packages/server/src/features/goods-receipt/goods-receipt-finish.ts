import { fromThousandths, type ReceiptFinishAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { changeStatus } from '../documents/document-status.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import { refreshGoodsSortingCounter } from '../goods-sorting/goods-sorting-counter.js';
import { admissionKey, admitBatches, admitSerials } from '../items/batch-serial-admission.service.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { createQcRequests, type QcRequestLine } from '../quality-control/qc-requests.service.js';
import { applyStockMovement, type StockMovementLine } from '../stock/stock.service.js';
import { publishReceiptChanged, syncReceiptCounter } from './goods-receipt-live.js';
import { lockWritableReceipt } from './goods-receipt.service.js';
import * as repository from './goods-receipt.repository.js';
import * as entryRows from './receipt-entries.repository.js';

/**
 * POST {receipt}/finish (PROCESSES.md 1.1 "Finish"; docs/decisions/0172-goods-receipt.md): one
 * transaction that creates the batches and serials with admissionDate = now, posts one RECEIPT
 * line per entry through the stock service (QC-pending for items blocked for purchase receipts),
 * lowers the source lines' open quantities (PARTLY_RECEIVED or RECEIVED), creates a QC_REQUEST
 * per QC-pending line, marks the receipt FINISHED and queues GOODS_RECEIPT_POSTED for the ERP.
 * Once per Idempotency-Key; another finish of a finished receipt is 422 receiptAlreadyFinished.
 */

type EntryRow = entryRows.EntryRow;

/** The batch id of each (item, batch code) of the entries, creating the batches not known yet. */
function batchIds(tx: Tx, entries: readonly EntryRow[], at: string): Promise<Map<string, number>> {
  return admitBatches(
    tx,
    entries.flatMap((e) =>
      e.batch_code === null
        ? []
        : [
            {
              itemId: e.item_id,
              code: e.batch_code,
              expirationDate: e.expiration_date,
              manufacturingDate: e.manufacturing_date,
              mnfBatchCode: e.mnf_batch_code,
              qcApproved: e.qc_pending === 0,
            },
          ],
    ),
    at,
  );
}

/** The serial id of each serial entry; a serial that got into stock meanwhile is 422 serialAlreadyExists. */
async function serialIds(tx: Tx, entries: readonly EntryRow[], at: string): Promise<Map<number, number>> {
  const serialEntries = entries.filter((e) => e.serial_code !== null);
  const admitted = await admitSerials(
    tx,
    serialEntries.map((e) => ({
      itemId: e.item_id,
      itemCode: e.item_code,
      code: e.serial_code ?? '',
      mnfSerialCode: e.mnf_serial_code,
      qcApproved: e.qc_pending === 0,
    })),
    at,
  );
  const ids = new Map<number, number>();
  for (const e of serialEntries) {
    const id = admitted.get(admissionKey(e.item_id, e.serial_code ?? ''));
    if (id !== undefined) ids.set(e.id, id);
  }
  return ids;
}

async function finishInTransaction(tx: Tx, ctx: AppContext, caller: Principal, code: string) {
  const head = await lockWritableReceipt(tx, code);
  const entries = await entryRows.receiptEntries(tx, head.id);
  if (entries.length === 0) throw unprocessable('nothingReceived', { receipt: head.code });
  const source = await repository.findSourceById(tx, head.source_document_id);
  if (!source) throw unprocessable('documentNotReceivable', { document: head.code, status: 'UNKNOWN' });
  if (source.status === 'CLOSED') {
    throw unprocessable('documentNotReceivable', { document: source.code, status: source.status });
  }
  const at = nowIso();
  const finished = await changeStatus(tx, { documentId: head.id, to: 'FINISHED' });
  const batches = await batchIds(tx, entries, at);
  const serials = await serialIds(tx, entries, at);

  const idsOf = (e: EntryRow) => ({
    itemId: e.item_id,
    batchId: e.batch_code === null ? null : (batches.get(admissionKey(e.item_id, e.batch_code)) ?? null),
    serialId: serials.get(e.id) ?? null,
    binLocationId: e.target_bin_location_id,
  });
  const lines: StockMovementLine[] = entries.map((e) => ({
    ...idsOf(e),
    onHandDelta: Number(e.quantity),
    qcPendingDelta: e.qc_pending === 1 ? Number(e.quantity) : 0,
  }));
  await applyStockMovement(tx, ctx, {
    type: 'RECEIPT',
    idempotencyKey: `GR:${head.code}`,
    documentRef: { type: 'GOODS_RECEIPT', code: head.code },
    user: { userId: caller.userId, username: caller.username },
    lines,
  });

  const receivedPerLine = new Map<number, number>();
  for (const e of entries) {
    receivedPerLine.set(e.line_number, (receivedPerLine.get(e.line_number) ?? 0) + Number(e.quantity));
  }
  const sourceLines = await repository.sourceLines(tx, source.id);
  const openLines: ReceiptFinishAnswer['openLines'] = [];
  for (const line of sourceLines) {
    const received = receivedPerLine.get(line.line_number) ?? 0;
    const open = Math.max(0, Number(line.open_quantity) - received);
    if (received > 0) await repository.setOpenQuantity(tx, line.id, open);
    if (open > 0) openLines.push({ line: line.line_number, item: line.item_code, open: fromThousandths(open) });
  }
  const sourceStatus = openLines.length === 0 ? 'RECEIVED' : 'PARTLY_RECEIVED';
  if (source.status !== sourceStatus) await changeStatus(tx, { documentId: source.id, to: sourceStatus });

  const qcLines: QcRequestLine[] = [];
  for (const [i, e] of entries.entries()) {
    if (e.qc_pending !== 1) continue;
    const line = lines[i];
    if (line) qcLines.push({ ...idsOf(e), quantity: line.onHandDelta });
  }
  const qcRequests = await createQcRequests(tx, {
    warehouseId: source.warehouse_id,
    source: { type: 'GOODS_RECEIPT', code: head.code },
    lines: qcLines,
    at,
  });
  await repository.closeReceipt(tx, head.id, { at, by: caller.username });
  await entryRows.markEntriesPosted(tx, head.id);

  const received = entries.map((e) => ({
    line: e.line_number,
    item: e.item_code,
    quantity: fromThousandths(Number(e.quantity)),
    batch: e.batch_code,
    serial: e.serial_code,
    location: e.target_code,
    qcPending: e.qc_pending === 1,
  }));
  await queueForErp(tx, {
    kind: 'GOODS_RECEIPT_POSTED',
    documentType: 'GOODS_RECEIPT',
    documentCode: head.code,
    payload: { source: { type: source.type, code: source.code }, finishedAt: at, lines: received },
  });
  const answer: ReceiptFinishAnswer = {
    receipt: head.code,
    source: source.code,
    sourceStatus,
    received,
    openLines,
    qcRequests,
    finishedAt: at,
  };
  return { answer, version: finished.version };
}

export async function finishReceipt(
  ctx: AppContext,
  caller: Principal,
  code: string,
  idempotencyKey: string,
): Promise<IdempotentResult<ReceiptFinishAnswer>> {
  let version = 0;
  const result = await runIdempotent(
    ctx.db,
    { scope: 'goodsReceipt.finish', key: idempotencyKey, userId: caller.userId, request: { code } },
    async (tx) => {
      const done = await finishInTransaction(tx, ctx, caller, code);
      version = done.version;
      return done.answer;
    },
  );
  if (!result.replayed) {
    const answer = result.body;
    publishReceiptChanged(ctx, { code: answer.receipt, status: 'FINISHED', version });
    publishItemsChanged(
      ctx,
      answer.received.map((r) => r.item),
    );
    publishBinLocationsChanged(
      ctx,
      answer.received.map((r) => r.location),
    );
    await syncReceiptCounter(ctx);
    // The received stock waits in staging: put-away has more to do.
    refreshGoodsSortingCounter(ctx);
  }
  return result;
}
