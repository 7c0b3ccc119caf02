import { randomUUID } from 'node:crypto';
import {
  codeKey,
  fromThousandths,
  toThousandths,
  type FinishedGoodsLabel,
  type FinishedGoodsOrder,
  type FinishedGoodsOrdersAnswer,
  type FinishedGoodsReceiveAnswer,
  type finishedGoodsReceiveRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { AppError, badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import { overReceiptCap } from '../goods-receipt/over-receipt-rules.js';
import { overReceiptRuleFor, warehouseReceiptSettings } from '../goods-receipt/receipt-settings.service.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import type { LabelJob } from '../labels/label-types.js';
import { printLabels } from '../printers/printing.service.js';
import { createQcRequests, receiptBlocksForQc } from '../quality-control/qc-requests.service.js';
import { applyStockMovement } from '../stock/stock.service.js';
import * as repository from './finished-goods-receipt.repository.js';
import type { FinishedGoodsLocationRow, FinishedGoodsOrderRow } from './finished-goods-receipt.repository.js';
import { resolveReceiptUnits, type ReceiptUnits } from './finished-goods-units.js';

/**
 * Finished goods receipt (contract finished-goods-receipt.ts; PROCESSES.md 1.4;
 * docs/decisions/0175-finished-goods-receipt.md): the output production reported on a work order
 * (completed_qty) is received into stock, at most up to the reported quantity plus the tolerance
 * over every receipt (received_qty, migration 0022).
 */

export type ReceiveRequest = z.output<typeof finishedGoodsReceiveRequestSchema>;

const receiveScope = 'finishedGoodsReceipt.receive';
/** At most this many orders answer an item's lookup. */
const ordersOfItemLimit = 20;

/**
 * The tolerance above the reported quantity, in thousandths of a percent: the goods receipt's
 * over-receipt rule of the item in the order's warehouse (its tolerance unless its mode is BLOCK,
 * which allows none). A work order without a warehouse has none.
 */
async function tolerancePercentOf(db: DbOrTx, order: FinishedGoodsOrderRow): Promise<number> {
  if (order.warehouse_id === null) return 0;
  const rule = await overReceiptRuleFor(db, order.warehouse_id, order.item_id);
  return rule.mode === 'BLOCK' ? 0 : rule.tolerancePercent;
}

const blocksForQc = (order: FinishedGoodsOrderRow): boolean =>
  receiptBlocksForQc(order.block_for_qc_type, 'PRODUCTION_RECEIPT');

/**
 * The proposed target: for QC-pending output the warehouse's first QC location; otherwise the
 * warehouse's receipt staging location, else its first PRODUCTION location; null when none.
 */
async function defaultTargetOf(db: DbOrTx, order: FinishedGoodsOrderRow): Promise<string | null> {
  if (order.warehouse_id === null) return null;
  if (blocksForQc(order)) return (await repository.firstLocationOfType(db, order.warehouse_id, 'QC'))?.code ?? null;
  const settings = await warehouseReceiptSettings(db, order.warehouse_id);
  if (settings.receiptStagingLocation) return settings.receiptStagingLocation.code;
  return (await repository.firstLocationOfType(db, order.warehouse_id, 'PRODUCTION'))?.code ?? null;
}

async function toOrder(db: DbOrTx, row: FinishedGoodsOrderRow): Promise<FinishedGoodsOrder> {
  const [reported, received] = [Number(row.completed_qty), Number(row.received_qty)];
  const cap = overReceiptCap(reported, await tolerancePercentOf(db, row));
  return {
    order: row.code,
    visualCode: row.visual_code,
    productionOrder: row.production_order_code,
    status: row.status,
    item: {
      code: row.item_code,
      visualCode: row.item_visual_code,
      name: row.item_name,
      units: row.item_units,
      managedBy: row.managed_by as FinishedGoodsOrder['item']['managedBy'],
      serialManagedByDispatch: row.serial_managed_by_dispatch === 1,
      scanExpirationDate: row.scan_expiration_date === 1,
      scanManufacturingDate: row.scan_manufacturing_date === 1,
    },
    warehouse: row.warehouse_code,
    plannedQuantity: fromThousandths(row.planned_qty),
    reportedQuantity: fromThousandths(reported),
    receivedQuantity: fromThousandths(received),
    receivableQuantity: fromThousandths(Math.max(0, reported - received)),
    maximumQuantity: fromThousandths(Math.max(0, cap - received)),
    blockedForQc: blocksForQc(row),
    defaultTargetLocation: await defaultTargetOf(db, row),
  };
}

async function findOrderOrThrow(db: DbOrTx, code: string): Promise<FinishedGoodsOrderRow> {
  const row = await repository.findOrderByCodeLower(db, codeKey(code));
  if (!row) throw notFound('unknownProductionOrder', { code });
  return row;
}

/** GET {order}: the order by its work order code or its production order's code (404 unknownProductionOrder). */
export async function finishedGoodsOrder(ctx: AppContext, code: string): Promise<FinishedGoodsOrder> {
  return toOrder(ctx.db, await findOrderOrThrow(ctx.db, code));
}

/** GET ?item: the orders of the item with output left to receive, oldest first (404 unknownItemForCode). */
export async function receivableOrdersOfItem(ctx: AppContext, itemCode: string): Promise<FinishedGoodsOrdersAnswer> {
  const item = await repository.findItemIdByCodeLower(ctx.db, codeKey(itemCode));
  if (!item) throw notFound('unknownItemForCode', { code: itemCode });
  const rows = await repository.receivableOrdersOfItem(ctx.db, item.id, ordersOfItemLimit);
  const orders: FinishedGoodsOrder[] = [];
  for (const row of rows) orders.push(await toOrder(ctx.db, row));
  return { orders };
}

/**
 * The target location: known (404 unknownLocation {code}), in the order's warehouse (422
 * locationNotInWarehouse {location, warehouse}), and for QC-pending output a QC location or an
 * empty BULK or MOBILE location of physical type NORMAL (422 qcStockNeedsQcLocation {item,
 * location}); on PostgreSQL the location is locked first, so two receipts never both find it empty.
 */
async function targetLocationOrThrow(
  tx: Tx,
  ctx: AppContext,
  order: FinishedGoodsOrderRow,
  code: string,
  qcPending: boolean,
): Promise<FinishedGoodsLocationRow> {
  const location = await repository.findLocationByCodeLower(tx, codeKey(code));
  if (!location) throw notFound('unknownLocation', { code });
  if (order.warehouse_id !== null && location.warehouse_id !== order.warehouse_id) {
    throw unprocessable('locationNotInWarehouse', { location: location.code, warehouse: order.warehouse_code });
  }
  if (!qcPending) return location;
  const refuse = () => unprocessable('qcStockNeedsQcLocation', { item: order.item_code, location: location.code });
  if (location.physical_location_type !== 'NORMAL') throw refuse();
  if (location.location_type === 'QC') return location;
  if (location.location_type !== 'BULK' && location.location_type !== 'MOBILE') throw refuse();
  if (ctx.dialect === 'postgres') await repository.lockLocationForQc(tx, location.id);
  if (await repository.locationHoldsStock(tx, location.id)) throw refuse();
  return location;
}

/** Raises the order's received quantity within reported + tolerance, or 422 moreThanProducedQuantity. */
async function raiseReceived(tx: Tx, order: FinishedGoodsOrderRow, quantity: number, tolerancePercent: number) {
  const updated = await repository.addReceivedQuantity(tx, order.id, quantity, tolerancePercent, nowIso());
  if (updated) return { reported: Number(updated.completed_qty), received: Number(updated.received_qty) };
  const now = await repository.quantitiesOfOrder(tx, order.id);
  const [reported, received] = [Number(now.completed_qty), Number(now.received_qty)];
  throw unprocessable('moreThanProducedQuantity', {
    max: fromThousandths(Math.max(0, overReceiptCap(reported, tolerancePercent) - received)),
    reported: fromThousandths(reported),
    received: fromThousandths(received),
    quantity: fromThousandths(quantity),
  });
}

const newReceiptId = (): string =>
  `FGR-${Date.now().toString(36).toUpperCase()}-${randomUUID().slice(0, 6).toUpperCase()}`;

async function receiveInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  input: { order: FinishedGoodsOrderRow; request: ReceiveRequest; quantity: number; idempotencyKey: string },
): Promise<FinishedGoodsReceiveAnswer> {
  const { order, request, quantity } = input;
  const qcPending = blocksForQc(order);
  const location = await targetLocationOrThrow(tx, ctx, order, request.targetLocation, qcPending);
  const totals = await raiseReceived(tx, order, quantity, await tolerancePercentOf(tx, order));
  const at = nowIso();
  const units: ReceiptUnits = await resolveReceiptUnits(
    tx,
    { order, binLocationId: location.id, quantity, qcPending, today: at.slice(0, 10) },
    { ...request, confirmBatchExpiry: request.confirmations.batchExpiry },
  );
  const orderRef = order.production_order_code ?? order.code;
  const moved = await applyStockMovement(tx, ctx, {
    type: 'PRODUCTION_RECEIPT',
    idempotencyKey: input.idempotencyKey,
    documentRef: { type: 'PRODUCTION_ORDER', code: orderRef },
    user: { userId: caller.userId, username: caller.username },
    lines: units.lines,
    readInTransaction: {
      locations: [location],
      items: [
        { id: order.item_id, code: order.item_code, active: order.item_active, is_stock_item: order.is_stock_item },
      ],
    },
  });
  // The ledger knows the key but this scope did not: another kind of request used it.
  if (moved.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: input.idempotencyKey });
  if (order.document_id !== null) {
    await repository.lowerProductLineOpenQuantity(tx, order.document_id, order.item_id, quantity);
  }
  const qcRequests = qcPending
    ? await createQcRequests(tx, {
        warehouseId: order.warehouse_id,
        source: { type: 'PRODUCTION_ORDER', code: orderRef },
        lines: units.lines.map((line) => ({
          itemId: line.itemId,
          batchId: line.batchId,
          serialId: line.serialId,
          binLocationId: line.binLocationId,
          quantity: line.onHandDelta,
        })),
        at,
      })
    : [];
  const receiptId = newReceiptId();
  const answer: FinishedGoodsReceiveAnswer = {
    receiptId,
    order: order.code,
    productionOrder: order.production_order_code,
    item: order.item_code,
    batch: units.batch?.code ?? null,
    serials: units.serials.map((s) => s.code),
    quantity: fromThousandths(quantity),
    targetLocation: location.code,
    qcPending,
    qcRequests,
    receivedQuantity: fromThousandths(totals.received),
    receivableQuantity: fromThousandths(Math.max(0, totals.reported - totals.received)),
    label: { printed: 0, printer: null, skipped: null, error: null },
  };
  await queueForErp(tx, {
    kind: 'PRODUCTION_RECEIPT_POSTED',
    documentType: 'PRODUCTION_ORDER',
    documentCode: `${orderRef}/${receiptId}`,
    payload: {
      receiptId,
      productionOrder: orderRef,
      workOrder: order.code,
      item: order.item_code,
      quantity: answer.quantity,
      batch: answer.batch,
      serials: answer.serials,
      location: location.code,
      qcPending,
      postedAt: at,
    },
  });
  return answer;
}

/** The label of the received unit(s) on the device's printer, after the commit; never fails the receipt. */
async function printReceiptLabel(
  ctx: AppContext,
  caller: Principal,
  order: FinishedGoodsOrderRow,
  printer: number | null,
  answer: FinishedGoodsReceiveAnswer,
): Promise<FinishedGoodsLabel> {
  if (printer === null) return { printed: 0, printer: null, skipped: 'noPrinter', error: null };
  const data = { code: order.item_code, name: order.item_name, barcode: order.item_barcode };
  const jobs: LabelJob[] =
    answer.serials.length > 0
      ? answer.serials.map((serial) => ({ kind: 'item', size: 'normal', data: { ...data, serial, quantity: 1 } }))
      : [{ kind: 'item', size: 'normal', data: { ...data, batch: answer.batch, quantity: String(answer.quantity) } }];
  try {
    const printed = await printLabels(ctx, caller, printer, jobs);
    return { printed: printed.printed, printer: printed.printer, skipped: null, error: null };
  } catch (error) {
    const refusal = error instanceof AppError ? { key: error.key, args: error.args } : { key: 'printFailed', args: {} };
    return { printed: 0, printer: null, skipped: 'failed', error: refusal };
  }
}

/**
 * POST {order}/receive: one PRODUCTION_RECEIPT through the stock service (ledger document = the
 * production order), once per Idempotency-Key (also the movement's key in the ledger). In one
 * transaction: the target's rules, the conditional raise of received_qty, the batch or serials,
 * the stock movement (QC-pending when the item's blockForQcType covers production receipts), the
 * product line's open quantity, the QC requests and the ERP outbox row. After the commit:
 * ITEM_CHANGED, BIN_LOCATION_CHANGED and the label. A replay answers the stored answer and prints nothing.
 */
export async function receiveFinishedGoods(
  ctx: AppContext,
  caller: Principal,
  orderCode: string,
  request: ReceiveRequest,
  idempotencyKey: string,
): Promise<IdempotentResult<FinishedGoodsReceiveAnswer>> {
  const quantity = toThousandths(request.quantity);
  if (quantity <= 0) {
    throw badRequest('invalidInput', { fields: [{ field: 'body.quantity', message: 'must be at least 0.001' }] });
  }
  const order = await findOrderOrThrow(ctx.db, orderCode);
  const result = await runIdempotent(
    ctx.db,
    {
      scope: receiveScope,
      key: idempotencyKey,
      userId: caller.userId,
      request: { order: codeKey(orderCode), ...request },
      groupCommit: ctx.groupCommit,
      pipelinedClaim: true,
    },
    (tx) => receiveInTransaction(tx, ctx, caller, { order, request, quantity, idempotencyKey }),
  );
  if (result.replayed) {
    return { ...result, body: { ...result.body, label: { ...result.body.label, skipped: 'replayed' } } };
  }
  publishItemsChanged(ctx, [result.body.item]);
  publishBinLocationsChanged(ctx, [result.body.targetLocation]);
  const label = await printReceiptLabel(ctx, caller, order, request.printer, result.body);
  return { ...result, body: { ...result.body, label } };
}
