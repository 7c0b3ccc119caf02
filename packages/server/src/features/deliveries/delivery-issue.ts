import { fromThousandths } from '@wms/contract';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { nowIso } from '../../util/time.js';
import { queueForErp } from '../erp-outbox/erp-outbox.service.js';
import type { PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import { applyStockMovement, type StockDeps } from '../stock/stock.service.js';
import * as repository from './deliveries.repository.js';
import { insertNumberedDocument } from './document-codes.js';
import { contentKeyOf, type ContentRow } from './pack.repository.js';

/** What one DELIVERY document issues: containers of one list and one ship-to, and what they hold. */
export interface DeliveryIssue {
  containers: readonly { id: number; code: string; bin_location_id: number }[];
  /** contentsOf the containers' holders (never empty: the callers refuse nothingToCreate first). */
  contents: readonly ContentRow[];
  shipTo: string | null;
  /** The idempotency key of the DELIVERY stock movement. */
  movementKey: string;
  /** Added to every delivery line's extras (the put wall names its slot). */
  lineExtras?: Record<string, string>;
}

/**
 * One DELIVERY document and its movement, the part delivery creation (decision 0185) and the put
 * wall's slot delivery (decision 0188) share, inside the caller's transaction: code DL-nnnnnn,
 * CREATED, the list's customer, warehouse and ship date and the given ship-to; lines per list
 * line, item, batch and serial from the pick entries in the containers (each names the sales order
 * line it delivers); ONE stock movement DELIVERY issuing the containers' content (onHand and
 * pickQty); the sales order lines lowered by what was delivered; the containers DELIVERED;
 * DELIVERY_CREATED queued for the ERP. Answers the delivery's document id. The callers check the
 * list's status and the address gate first and close the list when it is done.
 */
export async function issueDelivery(
  tx: Tx,
  deps: StockDeps,
  caller: Pick<Principal, 'userId' | 'username'>,
  head: PickListHead,
  issue: DeliveryIssue,
): Promise<number> {
  const document = await insertNumberedDocument(tx, {
    type: 'DELIVERY',
    status: 'CREATED',
    warehouseId: head.warehouse_id,
    partnerId: head.business_partner_id,
    at: nowIso(),
    shipDate: head.ship_date,
    shipToAddress: issue.shipTo,
  });
  await repository.insertDelivery(tx, { documentId: document.id, pickListId: head.id, createdBy: caller.username });

  const containerIds = issue.containers.map((c) => c.id);
  const entries = await repository.entriesInContainers(tx, containerIds);
  type Entry = (typeof entries)[number];
  const keyOf = (entry: Entry) =>
    contentKeyOf({ itemId: entry.item_id, batchId: entry.batch_id, serialId: entry.serial_id });
  const perLine = new Map<string, { entry: Entry; quantity: number }>();
  for (const entry of entries) {
    const lineKey = `${entry.document_line_id}|${keyOf(entry)}`;
    const sum = perLine.get(lineKey) ?? { entry, quantity: 0 };
    sum.quantity += entry.quantity;
    perLine.set(lineKey, sum);
  }
  const salesLines = await repository.salesLinesOf(
    tx,
    entries.flatMap((e) => (e.source_line_id === null ? [] : [e.source_line_id])),
  );
  const salesOf = (entry: Entry) => (entry.source_line_id === null ? undefined : salesLines.get(entry.source_line_id));
  await repository.insertDeliveryLines(
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
        ...issue.lineExtras,
      },
    })),
  );

  await applyStockMovement(tx, deps, {
    type: 'DELIVERY',
    idempotencyKey: issue.movementKey,
    documentRef: { type: 'DELIVERY', code: document.code },
    user: { userId: caller.userId, username: caller.username },
    lines: issue.contents.map((r) => ({
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
  await repository.markContainersDelivered(tx, containerIds, document.id);
  const names = new Map(issue.contents.map((r) => [contentKeyOf(r), r]));
  await queueForErp(tx, {
    kind: 'DELIVERY_CREATED',
    documentType: 'DELIVERY',
    documentCode: document.code,
    payload: {
      code: document.code,
      pickList: head.code,
      warehouse: head.warehouse_code,
      customer: head.partner_code,
      shipTo: issue.shipTo,
      containers: issue.containers.map((c) => c.code),
      lines: [...perLine.values()].map(({ entry, quantity }) => {
        const name = names.get(keyOf(entry));
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
