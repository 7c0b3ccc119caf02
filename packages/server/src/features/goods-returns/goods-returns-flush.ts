import { fromThousandths, type FlushAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant, releaseClaim } from '../claims/claims.service.js';
import { flushLines } from '../documents/document-flush.js';
import { changeStatus } from '../documents/document-status.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { createQcRequests } from '../quality-control/qc-requests.service.js';
import { applyStockMovement } from '../stock/stock.service.js';
import * as repository from './goods-returns.repository.js';
import type { EntryRow, LineRow, ReturnHead } from './goods-returns.repository.js';
import { afterReturnChange, assertNotFinished, findReturnOrThrow, returnObject } from './goods-returns.service.js';

/**
 * The flush of a return (docs/decisions/0174-goods-returns.md): its saved entries made final,
 * line by line (flushLines: each line in a savepoint of one transaction, so a refused line leaves
 * nothing and the others go on). Per entry a RETURN_RECEIPT into the entry's target (QC-pending
 * with a QC_REQUEST when the entry says so), and for SCRAP a SCRAP of it right after, each with an
 * idempotency key made from the entry. A flushed line is closed (open quantity 0). When every line
 * is closed the return is FLUSHED, its claim released and SALES_RETURN_FLUSHED queued for the ERP
 * (the credit basis), all in the same transaction.
 */

const flushScope = 'goodsReturns.flush';
const documentType = 'SALES_RETURN';

interface Touched {
  items: Set<string>;
  locations: Set<string>;
}

async function postEntry(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  head: ReturnHead,
  entry: EntryRow,
  at: string,
): Promise<void> {
  if (entry.serial_id !== null && (await repository.serialOnHand(tx, entry.serial_id)) > 0) {
    throw unprocessable('serialAlreadyExists', { serial: entry.serial_code, item: entry.item_code });
  }
  const documentRef = { type: documentType, code: head.code };
  const user = { userId: caller.userId, username: caller.username };
  const unit = { itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id };
  const qcPending = entry.qc_pending === 1;
  await applyStockMovement(tx, ctx, {
    type: 'RETURN_RECEIPT',
    idempotencyKey: `sales-return-entry:${entry.id}:receipt`,
    documentRef,
    user,
    lines: [
      {
        ...unit,
        binLocationId: entry.target_bin_location_id,
        onHandDelta: entry.quantity,
        qcPendingDelta: qcPending ? entry.quantity : 0,
      },
    ],
  });
  if (qcPending) {
    await repository.markQcPending(tx, unit);
    await createQcRequests(tx, {
      warehouseId: head.warehouse_id,
      source: documentRef,
      lines: [{ ...unit, binLocationId: entry.target_bin_location_id, quantity: entry.quantity }],
      at,
    });
  }
  if (entry.condition === 'SCRAP') {
    await applyStockMovement(tx, ctx, {
      type: 'SCRAP',
      idempotencyKey: `sales-return-entry:${entry.id}:scrap`,
      documentRef,
      user,
      lines: [{ ...unit, binLocationId: entry.target_bin_location_id, onHandDelta: -entry.quantity }],
    });
  }
  await repository.markEntryFlushed(tx, entry.id, at);
}

function outboxPayload(head: ReturnHead, lines: readonly LineRow[], entries: readonly EntryRow[]) {
  return {
    code: head.code,
    customer: head.partner_code,
    warehouse: head.warehouse_code,
    lines: lines.map((line) => ({
      line: line.line_number,
      item: line.item_code,
      quantity: fromThousandths(line.quantity),
      entries: entries
        .filter((e) => e.line_number === line.line_number)
        .map((e) => ({
          batch: e.batch_code,
          serial: e.serial_code,
          quantity: fromThousandths(e.quantity),
          condition: e.condition,
          reason: e.reason,
          location: e.target_code,
        })),
    })),
  };
}

async function flushInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  code: string,
  touched: Touched,
): Promise<{ answer: FlushAnswer; head: ReturnHead }> {
  const head = await findReturnOrThrow(tx, code);
  assertNotFinished(head, 'FLUSHED');
  await assertClaimant(tx, returnObject(head), caller.userId);
  if (head.status !== 'IN_PROGRESS') {
    throw unprocessable('invalidStatusTransition', { type: documentType, from: head.status, to: 'FLUSHED' });
  }
  const lines = await repository.linesOf(tx, [head.id]);
  const entries = await repository.entriesOf(tx, head.id);
  const at = nowIso();
  const answer = await flushLines(
    ctx,
    tx,
    lines.filter((line) => line.open_quantity !== 0),
    (line) => line.line_number,
    async (lineTx, line) => {
      for (const entry of entries.filter((e) => e.line_number === line.line_number && e.flushed_at === null)) {
        await postEntry(lineTx, ctx, caller, head, entry, at);
        touched.items.add(entry.item_code);
        touched.locations.add(entry.target_code);
      }
      await repository.closeLine(lineTx, head.id, line.line_number);
    },
  );
  if (answer.key === null) {
    await changeStatus(tx, { documentId: head.id, to: 'FLUSHED' });
    await releaseClaim(tx, { userId: caller.userId, objects: [returnObject(head)] });
    await queueForErp(tx, {
      kind: 'SALES_RETURN_FLUSHED',
      documentType,
      documentCode: head.code,
      payload: outboxPayload(head, lines, await repository.entriesOf(tx, head.id)),
    });
  }
  return { answer, head: await repository.findReturnById(tx, head.id) };
}

/**
 * POST flush, once per Idempotency-Key. Only the claimant; only an IN_PROGRESS return (a return
 * without entries is cancelled instead: 422 invalidStatusTransition); a flushed one is 422
 * returnAlreadyFlushed. A line refused by the stock service (a blocked location, an inactive item,
 * a serial back in stock: serialAlreadyExists) is answered FAILED with its key and stays open with
 * its entries; flushing again posts what is left.
 */
export async function flushReturn(
  ctx: AppContext,
  caller: Principal,
  code: string,
  idempotencyKey: string,
): Promise<IdempotentResult<FlushAnswer>> {
  const touched: Touched = { items: new Set(), locations: new Set() };
  const state: { head: ReturnHead | null } = { head: null };
  const result = await runIdempotent(
    ctx.db,
    { scope: flushScope, key: idempotencyKey, userId: caller.userId, request: { code } },
    async (tx) => {
      const flushed = await flushInTransaction(tx, ctx, caller, code, touched);
      state.head = flushed.head;
      return flushed.answer;
    },
  );
  if (!result.replayed && state.head !== null) {
    await afterReturnChange(ctx, state.head);
    publishItemsChanged(ctx, [...touched.items]);
    publishBinLocationsChanged(ctx, [...touched.locations]);
  }
  return result;
}
