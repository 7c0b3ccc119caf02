import { fromThousandths } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import * as repository from './packing-slip.repository.js';
import type { DeliveredLineRow, DeliveryContainerRow, DeliveryHead } from './packing-slip.repository.js';

/**
 * The content of a packing slip, read from the delivery: its head, its containers and, per
 * container, the goods its DELIVERY movement issued there. Dates are DD-MM-YYYY, weights kg.
 */
export interface PackingSlipLine {
  item: string;
  name: string;
  batch: string | null;
  /** The batch's (else the serial's) expiry date, DD-MM-YYYY. */
  bestBefore: string | null;
  serial: string | null;
  quantity: number;
  unit: string | null;
}

export interface PackingSlipContainer {
  code: string;
  sscc: boolean;
  type: string;
  boxType: string | null;
  /** weight_mg / 1,000,000; null when not weighed. */
  weightKg: number | null;
  /** L x W x H in mm, or null. */
  dimensions: string | null;
  pickList: string | null;
  lines: PackingSlipLine[];
}

export interface PackingSlipData {
  id: number;
  code: string;
  status: string;
  /** DD-MM-YYYY. */
  date: string;
  erpReference: string | null;
  customer: { code: string; name: string } | null;
  shipTo: string[];
  warehouse: { code: string; name: string } | null;
  route: string | null;
  pickLists: string[];
  salesOrders: string[];
  containers: PackingSlipContainer[];
  totals: { containers: number; units: number; weightKg: number };
}

/** 2025-03-07 (or an ISO date-time) as 07-03-2025; null stays null. */
export function dayMonthYear(iso: string | null): string | null {
  if (iso === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

const addressOrder = ['name', 'street', 'postcode', 'city', 'countryCode'] as const;

/** The ship-to JSON ({name, street, postcode, city, countryCode}) as printable lines. */
export function shipToLines(json: string | null): string[] {
  if (json === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [json];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const address = value as Record<string, unknown>;
  const text = (key: string) => {
    const field = address[key];
    return typeof field === 'string' || typeof field === 'number' ? String(field).trim() : '';
  };
  const known = [
    text('name'),
    text('street'),
    [text('postcode'), text('city')].filter(Boolean).join(' '),
    text('countryCode'),
  ];
  const others = Object.keys(address)
    .filter((key) => !(addressOrder as readonly string[]).includes(key))
    .map(text);
  return [...known, ...others].filter((line) => line !== '');
}

function dimensionsOf(row: DeliveryContainerRow): string | null {
  const parts = [row.length_mm, row.width_mm, row.height_mm];
  if (parts.every((part) => part === null)) return null;
  return `${parts.map((part) => (part === null ? '?' : String(part))).join(' x ')} mm`;
}

const weightKgOf = (row: DeliveryContainerRow): number | null =>
  row.weight_mg === null ? null : Number(row.weight_mg) / 1_000_000;

function toLine(row: DeliveredLineRow): PackingSlipLine {
  return {
    item: row.item_code,
    name: row.item_name,
    batch: row.batch,
    bestBefore: dayMonthYear(row.batch_expiration ?? row.serial_expiration),
    serial: row.serial,
    quantity: fromThousandths(row.quantity),
    unit: row.units,
  };
}

export async function findDeliveryOrThrow(db: DbOrTx, code: string): Promise<DeliveryHead> {
  const head = await repository.findDeliveryByCode(db, code);
  if (!head) throw notFound('unknownDocument', { type: 'DELIVERY', code });
  return head;
}

/** The slip of a delivery head. */
export async function loadPackingSlip(db: DbOrTx, head: DeliveryHead): Promise<PackingSlipData> {
  const containerRows = await repository.containersOfDelivery(db, head.id);
  const pickListIds = [
    ...new Set(containerRows.flatMap((row) => (row.pick_list_id === null ? [] : [row.pick_list_id]))),
  ];
  const [lineRows, orders] = await Promise.all([
    repository.deliveredLines(
      db,
      head.code,
      containerRows.map((row) => row.bin_location_id),
    ),
    repository.salesOrdersOfPickLists(db, pickListIds),
  ]);
  const containers = containerRows.map((row) => ({
    code: row.code,
    sscc: Number(row.sscc) === 1,
    type: row.type,
    boxType: row.box_type,
    weightKg: weightKgOf(row),
    dimensions: dimensionsOf(row),
    pickList: row.pick_list_code,
    lines: lineRows.filter((line) => line.bin_location_id === row.bin_location_id).map(toLine),
  }));
  const unitsThousandths = lineRows.reduce((sum, line) => sum + line.quantity, 0);
  const weightMg = containerRows.reduce((sum, row) => sum + Number(row.weight_mg ?? 0), 0);
  return {
    id: head.id,
    code: head.code,
    status: head.status,
    date: dayMonthYear(head.document_date ?? head.created_at) ?? '',
    erpReference: head.erp_reference,
    customer: head.customer_code === null ? null : { code: head.customer_code, name: head.customer_name ?? '' },
    shipTo: shipToLines(head.ship_to_address),
    warehouse: head.warehouse_code === null ? null : { code: head.warehouse_code, name: head.warehouse_name ?? '' },
    route: containerRows.find((row) => row.route !== null)?.route ?? null,
    pickLists: [...new Set(containerRows.flatMap((row) => (row.pick_list_code === null ? [] : [row.pick_list_code])))],
    salesOrders: orders.map((order) => (order.erp_reference ? `${order.code} (${order.erp_reference})` : order.code)),
    containers,
    totals: { containers: containers.length, units: fromThousandths(unitsThousandths), weightKg: weightMg / 1_000_000 },
  };
}
