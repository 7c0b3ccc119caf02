import { fromThousandths, type DeliveryCancelAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { changeStatus, isAllowedTransition, lockDocumentRow } from '../documents/document-status.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import {
  setPacked,
  addToLineProgress,
  insertPickEntries,
  insertPickList,
} from '../pick-lists/pick-list-delivery.service.js';
import { findPickListHeadOrThrow } from '../pick-lists/pick-list-view.js';
import { applyStockMovement } from '../stock/stock.service.js';
import * as repository from './deliveries.repository.js';
import { afterDeliveryCommit } from './delivery-live.js';
import { findDeliveryOrThrow, loadDelivery } from './delivery-view.js';

/**
 * POST delivery/{code}/cancel {version, comment?} (authorisation deliveryAuthCancel, decision
 * 0185), in one transaction: only a CREATED delivery (DISPATCHED: 422 deliveryAlreadyDispatched;
 * CANCELLED: 422 invalidStatusTransition; a stale version 412). The goods go back into the
 * containers they left as picked stock: ONE movement DELIVERY_CANCEL (+ onHand and pickQty, the
 * reverse of the delivery's ledger rows; document: the delivery). They are put under a NEW
 * PICKED pick list (origin COPY, packed: the containers were closed and verified), a copy of the
 * closed list's head with one line per delivered list line (picked = delivered; its pick entries
 * name the same containers and sources); the closed list stays closed, its lines handing the units
 * over (picked down and short up by them, with negative pick entries). The containers are CLOSED
 * on the new list, the sales order lines' open and released quantities go back up, the delivery
 * is CANCELLED (who, when, comment, the new list) and DELIVERY_CANCELLED is queued for the ERP.
 */
export async function cancelDelivery(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: { version: number; comment?: string | undefined },
): Promise<DeliveryCancelAnswer> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const found = await findDeliveryOrThrow(tx, code);
    await lockDocumentRow(tx, found.id);
    const head = await findDeliveryOrThrow(tx, code);
    if (head.version !== body.version) throw preconditionFailed({ currentVersion: head.version });
    if (head.status === 'DISPATCHED') throw unprocessable('deliveryAlreadyDispatched', { code: head.code });
    if (!isAllowedTransition('DELIVERY', head.status, 'CANCELLED')) {
      throw unprocessable('invalidStatusTransition', { type: 'DELIVERY', from: head.status, to: 'CANCELLED' });
    }
    if (head.pick_list_code === null) throw new Error(`delivery ${head.code} has no pick list`);
    const closedList = await findPickListHeadOrThrow(tx, head.pick_list_code);
    const at = nowIso();

    const issued = await repository.issuedByDelivery(tx, head.code);
    const containers = await repository.containersByBins(tx, [...new Set(issued.map((r) => r.bin_location_id))]);
    const entries = await repository.entriesInContainers(
      tx,
      containers.map((c) => c.id),
    );
    // The closed list's entries into the containers: its lines are copied with what they delivered.
    const perLine = new Map<number, { entry: (typeof entries)[number]; quantity: number }>();
    for (const entry of entries) {
      const sum = perLine.get(entry.document_line_id) ?? { entry, quantity: 0 };
      sum.quantity += entry.quantity;
      perLine.set(entry.document_line_id, sum);
    }
    const lineList = [...perLine.values()];
    const reopened = await insertPickList(tx, {
      warehouseId: closedList.warehouse_id,
      partnerId: closedList.business_partner_id,
      shipDate: closedList.ship_date,
      shipToAddress: closedList.ship_to_address,
      priority: closedList.priority,
      route: closedList.route,
      origin: 'COPY',
      createdBy: caller.username,
      at,
      status: 'PICKED',
      lines: lineList.map(({ entry, quantity }) => ({
        itemId: entry.item_id,
        quantity,
        sourceLineId: entry.source_line_id,
        batchId: entry.line_batch_id,
        serialId: entry.line_serial_id,
      })),
    });
    const newLineOf = new Map<number, number>();
    lineList.forEach(({ entry }, i) => newLineOf.set(entry.document_line_id, reopened.lines[i]!.id));
    for (const line of reopened.lines) {
      if (!(await addToLineProgress(tx, line.id, { picked: line.quantity, short: 0 }))) {
        throw new Error(`line ${line.lineNumber} of the reopened list not written`);
      }
    }
    // The closed list hands its delivered units to the new one: negative entries and picked down
    // (short up) on its lines, so each list's picked quantity stays the sum of its entries.
    for (const { entry, quantity } of lineList) {
      if (!(await addToLineProgress(tx, entry.document_line_id, { picked: -quantity, short: quantity }))) {
        throw new Error(`line ${entry.line_number} of ${closedList.code} not handed over`);
      }
    }
    await insertPickEntries(
      tx,
      entries.map((e) => ({
        documentLineId: e.document_line_id,
        documentId: closedList.id,
        itemId: e.item_id,
        batchId: e.batch_id,
        serialId: e.serial_id,
        binLocationId: e.from_bin_location_id,
        containerId: e.container_id,
        quantity: -e.quantity,
        userId: caller.userId,
        username: caller.username,
        at,
        idempotencyKey: `delivery-cancel:${head.code}`,
      })),
    );
    await insertPickEntries(
      tx,
      entries.map((e) => ({
        documentLineId: newLineOf.get(e.document_line_id)!,
        documentId: reopened.id,
        itemId: e.item_id,
        batchId: e.batch_id,
        serialId: e.serial_id,
        binLocationId: e.from_bin_location_id,
        containerId: e.container_id,
        quantity: e.quantity,
        userId: caller.userId,
        username: caller.username,
        at,
        idempotencyKey: `delivery-cancel:${head.code}`,
      })),
    );
    await setPacked(tx, reopened.id, true);

    await applyStockMovement(tx, ctx, {
      type: 'DELIVERY_CANCEL',
      idempotencyKey: `delivery-cancel:${head.code}`,
      documentRef: { type: 'DELIVERY', code: head.code },
      user: { userId: caller.userId, username: caller.username },
      lines: issued.map((r) => ({
        itemId: r.item_id,
        batchId: r.batch_id,
        serialId: r.serial_id,
        binLocationId: r.bin_location_id,
        onHandDelta: r.quantity,
        pickDelta: r.quantity,
      })),
    });
    await repository.returnContainers(tx, head.id, reopened.id);
    const perSalesLine = new Map<number, number>();
    for (const { entry, quantity } of lineList) {
      if (entry.source_line_id === null) continue;
      perSalesLine.set(entry.source_line_id, (perSalesLine.get(entry.source_line_id) ?? 0) + quantity);
    }
    for (const [lineId, quantity] of perSalesLine) {
      if (!(await repository.changeDeliveredOnSalesLine(tx, lineId, quantity))) {
        throw new Error(`sales order line ${lineId} not raised back`);
      }
    }
    await changeStatus(tx, { documentId: head.id, to: 'CANCELLED', expectedVersion: body.version });
    await repository.setCancelled(tx, head.id, {
      by: caller.username,
      at,
      comment: body.comment ?? null,
      reopenedPickListId: reopened.id,
    });
    await queueForErp(tx, {
      kind: 'DELIVERY_CANCELLED',
      documentType: 'DELIVERY',
      documentCode: head.code,
      payload: {
        code: head.code,
        pickList: closedList.code,
        reopenedPickList: reopened.code,
        comment: body.comment ?? null,
        lines: issued.map((r) => ({
          item: r.item,
          batch: r.batch,
          serial: r.serial,
          quantity: fromThousandths(r.quantity),
        })),
      },
    });
    return { delivery: await loadDelivery(tx, head.code), pickList: reopened.code };
  });
  await afterDeliveryCommit(ctx, [outcome.pickList], [outcome.delivery]);
  return outcome;
}
