import {
  fromThousandths,
  type Delivery,
  type DeliveryPackedAnswer,
  type DeliveryPage,
  type DeliveryQueryValues,
  type DeliveryStatus,
  type DeliverySummary,
  type ShippingContainer,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import * as repository from './deliveries.repository.js';
import type { DeliveryHead } from './deliveries.repository.js';

/** Deliveries as the contract has them (deliveries.ts): summaries, the detail, the packed lists. */

function parseJson(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function toSummary(head: DeliveryHead, counts: { lines: number; containers: number } | undefined): DeliverySummary {
  return {
    code: head.code,
    status: head.status as DeliveryStatus,
    version: head.version,
    pickList: head.pick_list_code,
    warehouse: head.warehouse,
    customer:
      head.customer_code === null ? null : { code: head.customer_code, name: head.customer_name ?? head.customer_code },
    shipDate: head.ship_date,
    route: head.route,
    containers: counts?.containers ?? 0,
    lines: counts?.lines ?? 0,
    createdBy: head.created_by,
    createdAt: head.created_at,
    dispatchedAt: head.dispatched_at,
    dispatchedBy: head.dispatched_by,
    cancelledAt: head.cancelled_at,
    cancelledBy: head.cancelled_by,
  };
}

/**
 * One delivery with lines and containers (what each container held when delivered, from the
 * ledger). The summary's counts are those of the lines and containers read (as countsOf counts
 * them for the list: every line, every holder a DELIVERY ledger row issued from).
 */
export async function toDelivery(db: DbOrTx, head: DeliveryHead): Promise<Delivery> {
  const [lines, issued] = await Promise.all([
    repository.deliveryLines(db, head.id),
    repository.issuedByDelivery(db, head.code),
  ]);
  const holders = [...new Set(issued.map((r) => r.bin_location_id))];
  const containers = await repository.containersByBins(db, holders);
  return {
    ...toSummary(head, { lines: lines.length, containers: holders.length }),
    shipTo: parseJson(head.ship_to_address),
    comment: head.cancel_comment,
    lines: lines.map((line) => {
      const extras = parseJson(line.extras);
      return {
        lineNumber: line.line_number,
        item: line.item,
        itemName: line.item_name,
        batch: line.batch,
        expirationDate: line.expiration_date,
        serial: line.serial,
        quantity: fromThousandths(line.quantity),
        salesOrder: typeof extras?.salesOrder === 'string' ? extras.salesOrder : null,
        salesOrderLine: typeof extras?.salesOrderLine === 'number' ? extras.salesOrderLine : null,
      };
    }),
    containers: containers.map((c) => ({
      code: c.code,
      sscc: c.sscc === 1,
      type: c.type as ShippingContainer['type'],
      status: c.status as ShippingContainer['status'],
      boxType: c.box_type,
      weightInMg: c.weight_mg === null ? null : Number(c.weight_mg),
      lengthInMm: c.length_mm,
      widthInMm: c.width_mm,
      heightInMm: c.height_mm,
      contents: issued
        .filter((r) => r.bin_location_id === c.bin_location_id)
        .map((r) => ({
          item: r.item,
          itemName: r.item_name,
          batch: r.batch,
          serial: r.serial,
          quantity: fromThousandths(r.quantity),
        })),
    })),
  };
}

/** The delivery's head, or 404 unknownDocument {type: DELIVERY, code}. */
export async function findDeliveryOrThrow(db: DbOrTx, code: string): Promise<DeliveryHead> {
  const head = await repository.findDeliveryByCode(db, code);
  if (!head) throw notFound('unknownDocument', { type: 'DELIVERY', code });
  return head;
}

export async function loadDelivery(db: DbOrTx, code: string): Promise<Delivery> {
  return toDelivery(db, await findDeliveryOrThrow(db, code));
}

export async function loadDeliveriesByIds(db: DbOrTx, ids: readonly number[]): Promise<Delivery[]> {
  const heads = await repository.findDeliveriesByIds(db, ids);
  const answer: Delivery[] = [];
  for (const head of heads) answer.push(await toDelivery(db, head));
  return answer;
}

export async function listDeliveries(db: DbOrTx, query: DeliveryQueryValues): Promise<DeliveryPage> {
  const { offset, limit, ...filter } = query;
  const { rows, total } = await repository.listDeliveries(db, filter, { offset, limit });
  const counts = await repository.countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toSummary(r, counts.get(r.id))), total };
}

export async function listPackedLists(
  db: DbOrTx,
  query: { warehouse?: string | undefined; limit: number },
): Promise<DeliveryPackedAnswer> {
  const rows = await repository.packedLists(db, query);
  return {
    truncated: rows.length > query.limit,
    rows: rows.slice(0, query.limit).map((r) => ({
      code: r.code,
      version: r.version,
      warehouse: r.warehouse,
      customer: r.customer_code === null ? null : { code: r.customer_code, name: r.customer_name ?? r.customer_code },
      shipTo: parseJson(r.ship_to_address),
      shipDate: r.ship_date,
      route: r.route,
      containers: Number(r.containers ?? 0),
      createdAt: r.created_at,
    })),
  };
}
