import {
  fromThousandths,
  returnConditions,
  type AllowedBatchesSerials,
  type GoodsReturn,
  type GoodsReturnEntry,
  type ManagedBy,
  type ReturnCondition,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { receiptBlocksForQc } from '../quality-control/qc-requests.service.js';
import { findClaimHolders } from '../claims/claims.service.js';
import * as repository from './goods-returns.repository.js';
import type { EntryRow, LineRow, ReturnHead, UnitQuantity } from './goods-returns.repository.js';

/**
 * What a customer may return (docs/decisions/0174-goods-returns.md): the units delivered to the
 * customer (DELIVERY ledger rows of the customer's deliveries and sales orders, else the
 * delivered quantity of the customer's sales order lines) minus every entry of the customer's
 * returns. And where a returned unit goes, by its condition.
 */

export interface Availability {
  delivered: readonly UnitQuantity[];
  returned: readonly UnitQuantity[];
}

export async function availabilityFor(
  db: DbOrTx,
  partnerId: number | null,
  itemIds: readonly number[],
): Promise<Availability> {
  if (partnerId === null) return { delivered: [], returned: [] };
  const unique = [...new Set(itemIds)];
  const [delivered, returned] = await Promise.all([
    repository.deliveredUnits(db, partnerId, unique),
    repository.returnedUnits(db, partnerId, unique),
  ]);
  return { delivered, returned };
}

export const managedByOf = (value: string): ManagedBy =>
  value === 'BATCH_NUMBER' || value === 'SERIAL_NUMBER' ? value : 'NORMAL';

export interface UnitKey {
  itemId: number;
  batchId: number | null;
  serialId: number | null;
}

const sumOf = (rows: readonly UnitQuantity[], keep: (row: UnitQuantity) => boolean) =>
  rows.filter(keep).reduce((sum, row) => sum + row.quantity, 0);

/** Of one unit (an item, or its batch or serial), what was delivered and what is returned already. */
export function unitBalance(availability: Availability, managedBy: ManagedBy, unit: UnitKey) {
  const keep = (row: UnitQuantity) =>
    row.item_id === unit.itemId &&
    (managedBy !== 'BATCH_NUMBER' || row.batch_id === unit.batchId) &&
    (managedBy !== 'SERIAL_NUMBER' || row.serial_id === unit.serialId);
  const delivered = sumOf(availability.delivered, keep);
  return { delivered, returnable: Math.max(0, delivered - sumOf(availability.returned, keep)) };
}

/** The line item's delivered batches or serials, each with what is still returnable. */
export function allowedBatchesSerials(
  availability: Availability,
  itemId: number,
  managedBy: ManagedBy,
): AllowedBatchesSerials {
  const units = new Map<number, { code: string; batchId: number | null; serialId: number | null }>();
  for (const row of availability.delivered) {
    if (row.item_id !== itemId) continue;
    if (managedBy === 'BATCH_NUMBER' && row.batch_id !== null && row.batch_code !== null) {
      units.set(row.batch_id, { code: row.batch_code, batchId: row.batch_id, serialId: null });
    }
    if (managedBy === 'SERIAL_NUMBER' && row.serial_id !== null && row.serial_code !== null) {
      units.set(row.serial_id, { code: row.serial_code, batchId: null, serialId: row.serial_id });
    }
  }
  const balances = [...units.values()]
    .map((unit) => ({ code: unit.code, ...unitBalance(availability, managedBy, { itemId, ...unit }) }))
    .filter((unit) => unit.delivered > 0)
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return {
    batches:
      managedBy === 'BATCH_NUMBER'
        ? balances.map((b) => ({ batch: b.code, returnableQuantity: fromThousandths(b.returnable) }))
        : [],
    serials:
      managedBy === 'SERIAL_NUMBER' ? balances.map((b) => ({ serial: b.code, returnable: b.returnable > 0 })) : [],
  };
}

/** What the whole item may still take back: over its batches or serials, or the item's own sum. */
function itemReturnable(availability: Availability, itemId: number, managedBy: ManagedBy): number {
  if (managedBy === 'NORMAL')
    return unitBalance(availability, managedBy, { itemId, batchId: null, serialId: null }).returnable;
  const keys = new Map<string, UnitKey>();
  for (const row of availability.delivered) {
    if (row.item_id === itemId)
      keys.set(`${row.batch_id}:${row.serial_id}`, { itemId, batchId: row.batch_id, serialId: row.serial_id });
  }
  return [...keys.values()].reduce((sum, key) => sum + unitBalance(availability, managedBy, key).returnable, 0);
}

/** What is left of a line for new entries (thousandths): its rest, at most what may still come back. */
export function lineRest(line: LineRow, entries: readonly EntryRow[]): number {
  if (line.open_quantity === 0) return 0;
  const saved = entries.filter((e) => e.line_number === line.line_number).reduce((sum, e) => sum + e.quantity, 0);
  return Math.max(0, line.quantity - saved);
}

function toEntry(row: EntryRow): GoodsReturnEntry {
  return {
    id: row.id,
    line: row.line_number,
    item: row.item_code,
    batch: row.batch_code,
    serial: row.serial_code,
    quantity: fromThousandths(row.quantity),
    condition: row.condition as ReturnCondition,
    reason: row.reason,
    target: row.target_code,
    qcPending: row.qc_pending === 1,
    username: row.username,
    at: row.created_at,
    flushed: row.flushed_at !== null,
  };
}

/** The answer of a return: its lines with what may still come back, its entries and its claimant. */
export async function goodsReturnOf(db: DbOrTx, head: ReturnHead): Promise<GoodsReturn> {
  const [lines, entries, holders] = await Promise.all([
    repository.linesOf(db, [head.id]),
    repository.entriesOf(db, head.id),
    findClaimHolders(db, [{ type: 'SALES_RETURN', id: head.id }]),
  ]);
  const availability = await availabilityFor(
    db,
    head.business_partner_id,
    lines.map((l) => l.item_id),
  );
  return {
    code: head.code,
    status: head.status as GoodsReturn['status'],
    version: head.version,
    warehouse: head.warehouse_code,
    partner: head.partner_code === null ? null : { code: head.partner_code, name: head.partner_name ?? '' },
    claimedBy: holders[0]?.username ?? null,
    lines: lines.map((line) => {
      const managedBy = managedByOf(line.managed_by);
      const onLine = entries.filter((e) => e.line_number === line.line_number);
      const returned = onLine.reduce((sum, e) => sum + e.quantity, 0);
      return {
        line: line.line_number,
        item: line.item_code,
        itemName: line.item_name,
        managedBy,
        quantity: fromThousandths(line.quantity),
        returnedQuantity: fromThousandths(returned),
        openQuantity: fromThousandths(line.open_quantity),
        flushed: line.open_quantity === 0,
        returnableQuantity: fromThousandths(
          Math.min(lineRest(line, entries), itemReturnable(availability, line.item_id, managedBy)),
        ),
        allowedBatchesSerials: allowedBatchesSerials(availability, line.item_id, managedBy),
      };
    }),
    entries: entries.map(toEntry),
  };
}

export const isReturnCondition = (value: unknown): value is ReturnCondition =>
  (returnConditions as readonly unknown[]).includes(value);

/**
 * Where a returned unit goes, and whether it is QC-pending there:
 * - QC-pending: TO_INSPECT always; any other condition but SCRAP when the item's blockForQcType
 *   covers returns (RETURN, ALL_RECEIPTS, ALWAYS);
 * - RESELLABLE: the returns location (QC-pending: the QC location);
 * - TO_INSPECT: the QC location;
 * - DAMAGED: the reject location;
 * - SCRAP: received in the reject location (else the returns location), then scrapped.
 * A warehouse without such a location: 422 returnTargetLocationMissing {condition, warehouse}.
 */
export async function targetFor(
  db: DbOrTx,
  warehouseId: number | null,
  condition: ReturnCondition,
  blockForQcType: string | null,
): Promise<{ targetId: number; qcPending: boolean }> {
  const qcPending =
    condition === 'TO_INSPECT' || (condition !== 'SCRAP' && receiptBlocksForQc(blockForQcType, 'RETURN'));
  const settings = warehouseId === null ? undefined : await repository.warehouseReturnSettings(db, warehouseId);
  const missing = () => unprocessable('returnTargetLocationMissing', { condition, warehouse: settings?.code ?? null });
  if (warehouseId === null || !settings) throw missing();
  const returnsLocation = async () =>
    settings.return_location_id ??
    settings.receipt_staging_location_id ??
    (await repository.firstLocationOfType(db, warehouseId, 'RECEIVE', null));
  const qcLocation = async () =>
    settings.return_qc_location_id ??
    (await repository.firstLocationOfType(db, warehouseId, 'QC', settings.return_reject_location_id));
  let targetId: number | null | undefined;
  if (condition === 'DAMAGED') targetId = settings.return_reject_location_id;
  else if (condition === 'SCRAP') targetId = settings.return_reject_location_id ?? (await returnsLocation());
  else if (qcPending) targetId = await qcLocation();
  else targetId = await returnsLocation();
  if (targetId === null || targetId === undefined) throw missing();
  return { targetId, qcPending };
}
