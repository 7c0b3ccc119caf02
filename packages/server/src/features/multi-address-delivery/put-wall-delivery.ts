import { fromThousandths } from '@wms/contract';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { assertAddressDeliverable } from '../address-validation/address-gate.js';
import * as deliveries from '../deliveries/delivery-put-wall.service.js';
import { insertNumberedDocument } from '../deliveries/document-codes.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import type { PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import { applyStockMovement, type StockDeps } from '../stock/stock.service.js';
import type { SlotRow } from './multi-address-delivery.repository.js';

/**
 * ONE DELIVERY for one put wall slot (decision 0188): what delivery creation (decision 0185) does
 * for a whole list, limited to the slot's container. createDeliveryInTransaction takes the whole
 * list (every container, the list CLOSED), so this is the smallest addition that makes a DELIVERY
 * document for exactly one container: code DL-nnnnnn, the slot's ship-to; lines per list line,
 * item, batch and serial from the pick entries in the container (each names its sales order
 * line); ONE stock DELIVERY movement issuing the container's content (onHand and pickQty); the
 * sales order lines of that address lowered by what was delivered; the container DELIVERED;
 * DELIVERY_CREATED queued for the ERP. Answers the delivery's document id.
 */
export async function deliverSlot(
  tx: Tx,
  deps: StockDeps,
  caller: Pick<Principal, 'userId' | 'username'>,
  head: PickListHead,
  slot: SlotRow,
  container: { id: number; code: string; binLocationId: number },
  key: string,
): Promise<number> {
  await assertAddressDeliverable(tx, head.id);
  const contents = await deliveries.contentsOf(tx, [container.binLocationId]);
  if (contents.length === 0) throw unprocessable('nothingToCreate');
  const at = nowIso();
  const document = await insertNumberedDocument(tx, {
    type: 'DELIVERY',
    status: 'CREATED',
    warehouseId: head.warehouse_id,
    partnerId: head.business_partner_id,
    at,
    shipDate: head.ship_date,
    shipToAddress: slot.ship_to,
  });
  await deliveries.insertDelivery(tx, { documentId: document.id, pickListId: head.id, createdBy: caller.username });

  const entries = await deliveries.entriesInContainers(tx, [container.id]);
  const perLine = new Map<string, { entry: (typeof entries)[number]; quantity: number }>();
  for (const entry of entries) {
    const lineKey = `${entry.document_line_id}|${deliveries.contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id })}`;
    const sum = perLine.get(lineKey) ?? { entry, quantity: 0 };
    sum.quantity += entry.quantity;
    perLine.set(lineKey, sum);
  }
  const salesLines = await deliveries.salesLinesOf(
    tx,
    entries.flatMap((e) => (e.source_line_id === null ? [] : [e.source_line_id])),
  );
  const salesOf = (entry: (typeof entries)[number]) =>
    entry.source_line_id === null ? undefined : salesLines.get(entry.source_line_id);
  await deliveries.insertDeliveryLines(
    tx,
    document.id,
    [...perLine.values()].map(({ entry, quantity }) => ({
      itemId: entry.item_id,
      batchId: entry.batch_id,
      serialId: entry.serial_id,
      quantity,
      extras: {
        pickList: head.code,
        pickListLine: entry.line_number,
        salesOrder: salesOf(entry)?.code ?? null,
        salesOrderLine: salesOf(entry)?.lineNumber ?? null,
        putWallSlot: slot.slot,
      },
    })),
  );

  await applyStockMovement(tx, deps, {
    type: 'DELIVERY',
    idempotencyKey: `${key}:delivery`,
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
    if (!(await deliveries.changeDeliveredOnSalesLine(tx, lineId, -quantity))) {
      throw new Error(`sales order line ${lineId} has less open or released than ${quantity} delivered`);
    }
  }
  await deliveries.markContainersDelivered(tx, [container.id], document.id);
  const names = new Map(contents.map((r) => [deliveries.contentKeyOf(r), r]));
  await queueForErp(tx, {
    kind: 'DELIVERY_CREATED',
    documentType: 'DELIVERY',
    documentCode: document.code,
    payload: {
      code: document.code,
      pickList: head.code,
      warehouse: head.warehouse_code,
      customer: head.partner_code,
      shipTo: slot.ship_to,
      containers: [container.code],
      lines: [...perLine.values()].map(({ entry, quantity }) => {
        const name = names.get(
          deliveries.contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id }),
        );
        return {
          item: name?.item_code,
          batch: name?.batch_code,
          serial: name?.serial_code,
          quantity: fromThousandths(quantity),
          salesOrder: salesOf(entry)?.code ?? null,
          salesOrderLine: salesOf(entry)?.lineNumber ?? null,
        };
      }),
    },
  });
  return document.id;
}
