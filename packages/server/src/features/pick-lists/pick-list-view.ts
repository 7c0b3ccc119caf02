import {
  fromThousandths,
  type PickList,
  type PickListLine,
  type PickListStatus,
  type ShippingContainer,
  type ShortReason,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import { findClaimHolders } from '../claims/claims.service.js';
import { recountRequestsOfList } from '../deliveries/recount-requests.service.js';
import * as repository from './pick-list-view.repository.js';
import type { ContainerRow } from './pick-list-view.repository.js';
import { findPickListByCode, lockPickList, type PickListHead } from './pick-lists.repository.js';

/** The shipping containers as the contract has them, with what each holds now. */
export async function toShippingContainers(db: DbOrTx, rows: readonly ContainerRow[]): Promise<ShippingContainer[]> {
  const contents = await repository.contentsOfContainers(
    db,
    rows.map((row) => row.bin_location_id),
  );
  return rows.map((row) => ({
    code: row.code,
    sscc: row.sscc === 1,
    type: row.type as ShippingContainer['type'],
    boxType: row.box_type,
    status: row.status as ShippingContainer['status'],
    pickList: row.pick_list_code,
    weightInMg: row.weight_mg,
    lengthInMm: row.length_mm,
    widthInMm: row.width_mm,
    heightInMm: row.height_mm,
    contents: contents
      .filter((c) => c.bin_location_id === row.bin_location_id)
      .map((c) => ({ item: c.item, batch: c.batch, serial: c.serial, quantity: fromThousandths(c.on_hand_qty) })),
    createdAt: row.created_at,
  }));
}

function parseShipTo(json: string | null): Record<string, unknown> | null {
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

/** The list's head row, or 404 unknownDocument {type: PICK_LIST, code}. */
export async function findPickListHeadOrThrow(db: DbOrTx, code: string): Promise<PickListHead> {
  const head = await findPickListByCode(db, code);
  if (!head) throw notFound('unknownDocument', { type: 'PICK_LIST', code });
  return head;
}

/**
 * The list's head read after its document is locked (decision 0183: every list-changing
 * transaction locks the document first, so concurrent changes of one list serialise). 404
 * unknownDocument. Read again only when a row lock was taken (PostgreSQL): a change committed
 * while it waited is seen then.
 */
export async function lockedPickList(tx: DbOrTx, code: string): Promise<PickListHead> {
  const head = await findPickListHeadOrThrow(tx, code);
  return (await lockPickList(tx, head.id)) ? findPickListHeadOrThrow(tx, code) : head;
}

/**
 * One line as the contract has it, from its row and the list's (or its own) allocations and picks
 * as the view repository reads them.
 */
export function toPickListLine(
  line: repository.LineViewRow,
  allocations: readonly repository.AllocationViewRow[],
  picks: readonly repository.PickViewRow[],
): PickListLine {
  return {
    lineNumber: line.line_number,
    item: line.item_code,
    itemName: line.item_name,
    managedBy: line.managed_by as PickListLine['managedBy'],
    quantity: fromThousandths(line.quantity),
    pickedQuantity: fromThousandths(line.picked_qty ?? 0),
    shortQuantity: fromThousandths(line.short_qty ?? 0),
    shortReason: line.short_reason as ShortReason | null,
    openQuantity: fromThousandths(line.open_quantity),
    walkOrder: line.walk_order ?? 0,
    skipped: line.skipped === 1,
    allocations: allocations
      .filter((a) => a.document_line_id === line.id)
      .map((a) => ({
        location: a.location,
        locationSortingCode: a.sorting_code,
        batch: a.batch,
        serial: a.serial,
        expirationDate: a.batch_expiry ?? a.serial_expiry,
        quantity: fromThousandths(a.quantity),
      })),
    picks: picks
      .filter((p) => p.document_line_id === line.id && Number(p.quantity) !== 0)
      .map((p) => ({
        container: p.container,
        location: p.location,
        batch: p.batch,
        serial: p.serial,
        quantity: fromThousandths(Number(p.quantity)),
      })),
    salesOrder: line.sales_order,
    salesOrderLine: line.sales_order_line,
  };
}

async function linesOf(db: DbOrTx, documentId: number): Promise<PickListLine[]> {
  const [lines, allocations, picks] = await Promise.all([
    repository.linesOfList(db, documentId),
    repository.allocationsOfList(db, documentId),
    repository.picksOfList(db, documentId),
  ]);
  return lines.map((line) => toPickListLine(line, allocations, picks));
}

/**
 * One pick list as the contract's pickListSchema (lines in walk order with allocations and picks,
 * containers with contents, claimant), read in the given transaction or database. 404
 * unknownDocument {type: PICK_LIST, code}. linesPicked counts the lines with nothing open.
 */
export async function loadPickListView(db: DbOrTx, code: string): Promise<PickList> {
  const head = await findPickListHeadOrThrow(db, code);
  const [lines, containerRows, salesOrders, holders, recountRequests] = await Promise.all([
    linesOf(db, head.id),
    repository.containersOfList(db, head.id),
    repository.salesOrdersOfList(db, head.id),
    findClaimHolders(db, [{ type: 'PICK_LIST', id: head.id }]),
    recountRequestsOfList(db, head.id),
  ]);
  const shippingContainers = await toShippingContainers(db, containerRows);
  return {
    code: head.code,
    status: head.status as PickListStatus,
    version: head.version,
    priority: head.priority,
    warehouse: head.warehouse_code,
    customer:
      head.partner_code === null ? null : { code: head.partner_code, name: head.partner_name ?? head.partner_code },
    shipDate: head.ship_date,
    route: head.route,
    linesTotal: lines.length,
    linesPicked: lines.filter((line) => line.openQuantity === 0).length,
    claimedBy: holders[0]?.username ?? null,
    packed: head.packed === 1,
    containers: shippingContainers.length,
    createdAt: head.created_at,
    shipTo: parseShipTo(head.ship_to_address),
    salesOrders,
    lines,
    shippingContainers,
    /** Raised by packing differences (decision 0185). */
    recountRequests,
  };
}
