import { fromThousandths, type Delivery, type DeliveryCreateAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { assertAddressDeliverable } from '../address-validation/address-gate.js';
import { changeStatus } from '../documents/document-status.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import { lockedPickList } from '../pick-lists/pick-list-view.js';
import { containersOfList, type PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import { applyStockMovement, type StockDeps } from '../stock/stock.service.js';
import * as repository from './deliveries.repository.js';
import { afterDeliveryCommit } from './delivery-live.js';
import { loadDeliveriesByIds } from './delivery-view.js';
import { insertNumberedDocument } from './document-codes.js';
import { contentKeyOf, contentsOf } from './pack.repository.js';

/**
 * Delivery creation (PROCESSES.md 3.7 "Delivery"; docs/decisions/0185-pack-and-delivery.md), in
 * ONE transaction:
 *
 * 1. The list is locked and must be PICKED (422 picklistNotInStatus {status}) and packed (422
 *    picklistNotPacked); the address gate (features/address-validation) runs before anything
 *    moves (422 addressNotValidated). A container still OPEN with goods: 422 containerNotClosed.
 * 2. One DELIVERY document per pick list and ship-to (a list has one ship-to): code DL-nnnnnn,
 *    CREATED, the list's customer, ship-to, warehouse and ship date; its lines are what the
 *    containers hold per list line, item, batch and serial (from the pick entries: each line says
 *    the sales order line it delivers).
 * 3. ONE stock movement DELIVERY (document: the delivery) issues every container's content: onHand
 *    and pickQty leave the containers. Its ledger rows are what goods returns read as delivered.
 * 4. The source SALES_ORDER lines' open and released quantity go down by what was delivered; the
 *    list is CLOSED; the containers DELIVERED with the delivery; DELIVERY_CREATED is queued for
 *    the ERP; the idempotency key is recorded with the deliveries made.
 *
 * A replayed key answers the deliveries it made and creates nothing; of two concurrent calls for
 * one list (different keys) the second finds it CLOSED. DOCUMENT_CHANGED (pick list, delivery) and
 * the counters follow the commit.
 */
export async function createDeliveryInTransaction(
  tx: Tx,
  deps: StockDeps,
  caller: Pick<Principal, 'userId' | 'username'>,
  head: PickListHead,
  key: string,
): Promise<number[]> {
  if (head.status !== 'PICKED') throw unprocessable('picklistNotInStatus', { status: head.status });
  if (head.packed !== 1) throw unprocessable('picklistNotPacked', { picklist: head.code });
  await assertAddressDeliverable(tx, head.id);

  const containers = (await containersOfList(tx, head.id)).filter((c) => c.status === 'OPEN' || c.status === 'CLOSED');
  const contents = await contentsOf(
    tx,
    containers.map((c) => c.bin_location_id),
  );
  const open = containers.find(
    (c) => c.status === 'OPEN' && contents.some((r) => r.bin_location_id === c.bin_location_id),
  );
  if (open) throw unprocessable('containerNotClosed', { container: open.code });
  if (contents.length === 0) throw unprocessable('nothingToCreate');
  const delivered = containers.filter((c) => contents.some((r) => r.bin_location_id === c.bin_location_id));

  const at = nowIso();
  const document = await insertNumberedDocument(tx, {
    type: 'DELIVERY',
    status: 'CREATED',
    warehouseId: head.warehouse_id,
    partnerId: head.business_partner_id,
    at,
    shipDate: head.ship_date,
    shipToAddress: head.ship_to_address,
  });
  await repository.insertDelivery(tx, { documentId: document.id, pickListId: head.id, createdBy: caller.username });

  // The lines: per list line, item, batch and serial, what the containers hold of it.
  const entries = await repository.entriesInContainers(
    tx,
    delivered.map((c) => c.id),
  );
  const perLine = new Map<string, { entry: (typeof entries)[number]; quantity: number }>();
  for (const entry of entries) {
    const lineKey = `${entry.document_line_id}|${contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id })}`;
    const sum = perLine.get(lineKey) ?? { entry, quantity: 0 };
    sum.quantity += entry.quantity;
    perLine.set(lineKey, sum);
  }
  const salesLines = await repository.salesLinesOf(
    tx,
    entries.flatMap((e) => (e.source_line_id === null ? [] : [e.source_line_id])),
  );
  await repository.insertDeliveryLines(
    tx,
    document.id,
    [...perLine.values()].map(({ entry, quantity }) => {
      const source = entry.source_line_id === null ? undefined : salesLines.get(entry.source_line_id);
      return {
        itemId: entry.item_id,
        batchId: entry.batch_id,
        serialId: entry.serial_id,
        quantity,
        extras: {
          pickList: head.code,
          pickListLine: entry.line_number,
          salesOrder: source?.code ?? null,
          salesOrderLine: source?.lineNumber ?? null,
        },
      };
    }),
  );

  await applyStockMovement(tx, deps, {
    type: 'DELIVERY',
    idempotencyKey: key,
    documentRef: { type: 'DELIVERY', code: document.code },
    user: { userId: caller.userId, username: caller.username },
    lines: contents.map((r) => ({
      itemId: r.itemId,
      batchId: r.batchId,
      serialId: r.serialId,
      binLocationId: r.bin_location_id,
      onHandDelta: -r.onHand,
      pickDelta: -r.pick,
    })),
  });

  const perSalesLine = new Map<number, number>();
  for (const { entry, quantity } of perLine.values()) {
    if (entry.source_line_id === null) continue;
    perSalesLine.set(entry.source_line_id, (perSalesLine.get(entry.source_line_id) ?? 0) + quantity);
  }
  for (const [lineId, quantity] of perSalesLine) {
    if (!(await repository.changeDeliveredOnSalesLine(tx, lineId, -quantity))) {
      throw new Error(`sales order line ${lineId} has less open or released than ${quantity} delivered`);
    }
  }
  await changeStatus(tx, { documentId: head.id, to: 'CLOSED' });
  await repository.markContainersDelivered(
    tx,
    delivered.map((c) => c.id),
    document.id,
  );
  const names = new Map(contents.map((r) => [contentKeyOf(r), r]));
  await queueForErp(tx, {
    kind: 'DELIVERY_CREATED',
    documentType: 'DELIVERY',
    documentCode: document.code,
    payload: {
      code: document.code,
      pickList: head.code,
      warehouse: head.warehouse_code,
      customer: head.partner_code,
      containers: delivered.map((c) => c.code),
      lines: [...perLine.values()].map(({ entry, quantity }) => ({
        item: names.get(contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id }))
          ?.item_code,
        batch: names.get(contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id }))
          ?.batch_code,
        serial: names.get(contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id }))
          ?.serial_code,
        quantity: fromThousandths(quantity),
        salesOrder: entry.source_line_id === null ? null : (salesLines.get(entry.source_line_id)?.code ?? null),
        salesOrderLine:
          entry.source_line_id === null ? null : (salesLines.get(entry.source_line_id)?.lineNumber ?? null),
      })),
    },
  });
  await repository.insertDeliveryRequest(tx, { key, pickListId: head.id, deliveryIds: [document.id], at });
  return [document.id];
}

/** POST delivery/create {idempotencyKey, pickList} (see the file's comment). */
export async function createDelivery(
  ctx: AppContext,
  caller: Principal,
  body: { idempotencyKey: string; pickList: string },
): Promise<DeliveryCreateAnswer> {
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, body.pickList);
    const earlier = await repository.findDeliveryRequest(tx, body.idempotencyKey);
    if (earlier) {
      const ids = JSON.parse(earlier.delivery_ids) as number[];
      return { replayed: true, deliveries: await loadDeliveriesByIds(tx, ids), list: head.code };
    }
    const ids = await createDeliveryInTransaction(tx, ctx, caller, head, body.idempotencyKey);
    return { replayed: false, deliveries: await loadDeliveriesByIds(tx, ids), list: head.code };
  });
  if (!outcome.replayed) await afterDeliveryCommit(ctx, [outcome.list], outcome.deliveries);
  return { deliveries: outcome.deliveries satisfies Delivery[], replayed: outcome.replayed };
}
