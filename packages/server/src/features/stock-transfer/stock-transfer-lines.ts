import {
  codeKey,
  fromThousandths,
  paddedCodeKey,
  quantityScale,
  toThousandths,
  type MovedLine,
  type stockTransferLinesRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import type { StockMovementLine } from '../stock/stock.service.js';
import { findBatchOfItem, findSerialOfItem } from '../items/item-keys.service.js';
import * as repository from './stock-transfer.repository.js';
import type { TransferItemRow, TransferLocationRow } from './stock-transfer.repository.js';
import { bucketsOf, freeToMove } from '../stock/stock-buckets.js';

/**
 * From a request to the lines of a TRANSFER movement: codes resolved case-insensitively,
 * management-type rules, and the split of each line into free and QC-pending stock.
 */

export type LinesRequest = z.output<typeof stockTransferLinesRequestSchema>;

/** One transfer line, resolved and planned (quantities in thousandths). */
export interface PlannedLine {
  item: Pick<TransferItemRow, 'id' | 'code' | 'name'>;
  batch: { id: number; code: string } | null;
  serial: { id: number; code: string } | null;
  from: Pick<TransferLocationRow, 'id' | 'code'>;
  quantity: number;
  /** The QC-pending part of quantity: the QC flag moves with the stock. */
  qcPending: number;
}

/** A line resolved from its codes (the item as read, for the stock service's rules). */
export type ResolvedLine = Omit<PlannedLine, 'qcPending'> & { item: TransferItemRow };

/**
 * The locations of the codes in one query: `byCode` throws 404 unknownLocation for an unknown
 * code; `rows` are every location found.
 */
export async function locationsByCode(tx: Tx, codes: readonly string[]) {
  const rows = await repository.findLocationsByCodeLowers(tx, codes.map(codeKey));
  const byLowerCode = new Map(rows.map((r) => [r.code_lower, r]));
  return {
    rows,
    byCode: (code: string): TransferLocationRow => {
      const row = byLowerCode.get(codeKey(code));
      if (!row) throw notFound('unknownLocation', { code });
      return row;
    },
  };
}

const invalidLine = (index: number, field: string, reason: string, args: Record<string, unknown> = {}) =>
  unprocessable('invalidInput', { field: `lines.${index}.${field}`, reason, ...args });

/**
 * Resolves every code of the lines (404 unknownLocation through the caller's location lookup,
 * unknownItemForCode, unknownBatch, unknownSerial with the code) and checks each line: not to its own location
 * (sameSourceAndTarget {code}); a batch-managed item names its batch, a serial-managed item
 * (not managed by dispatch) its serial, and a serial moves quantity 1 (422 invalidInput {field,
 * reason}); a quantity is at least 0.001.
 */
export async function resolveLines(
  tx: Tx,
  lines: LinesRequest['lines'],
  to: TransferLocationRow,
  location: (code: string) => TransferLocationRow,
): Promise<ResolvedLine[]> {
  const itemRows = await repository.findItemsByCodeLowers(
    tx,
    lines.map((l) => codeKey(l.item)),
  );
  const items = new Map(itemRows.map((r) => [r.code_lower, r]));
  const resolved: ResolvedLine[] = [];
  for (const [index, line] of lines.entries()) {
    const from = location(line.fromLocation);
    const item = items.get(codeKey(line.item));
    if (!item) throw notFound('unknownItemForCode', { code: line.item });
    if (from.id === to.id) throw unprocessable('sameSourceAndTarget', { code: from.code });
    if (item.managed_by === 'BATCH_NUMBER' && line.batch === null) {
      throw invalidLine(index, 'batch', 'batchRequired', { item: item.code });
    }
    const needsSerial = item.managed_by === 'SERIAL_NUMBER' && item.serial_managed_by_dispatch !== 1;
    if (needsSerial && line.serial === null) {
      if (line.lot === null) throw invalidLine(index, 'serial', 'serialRequired', { item: item.code });
      resolved.push(...(await unitsOfLot(tx, index, line.lot, line.quantity, item, from)));
      continue;
    }
    const batch = line.batch === null ? null : await findBatchOfItem(tx, item.id, paddedCodeKey(line.batch));
    if (line.batch !== null && !batch) throw notFound('unknownBatch', { code: line.batch });
    const serial = line.serial === null ? null : await findSerialOfItem(tx, item.id, paddedCodeKey(line.serial));
    if (line.serial !== null && !serial) throw notFound('unknownSerial', { code: line.serial });
    const quantity = toThousandths(line.quantity);
    if (quantity <= 0) throw invalidLine(index, 'quantity', 'quantityTooSmall');
    if (serial && quantity !== quantityScale) throw invalidLine(index, 'quantity', 'serialQuantityIsOne');
    resolved.push({ item, batch: batch ?? null, serial: serial ?? null, from, quantity });
  }
  return resolved;
}

/**
 * A serial-managed item moved by its lot (the handheld skips the serial scan for items not managed
 * by dispatch): whole units, each taken from a free serial of that lot at the
 * source in serial order; too few -> notEnoughSerialsAvailable {itemCode, serial: lot, binCode}.
 */
async function unitsOfLot(
  tx: Tx,
  index: number,
  lot: string,
  quantity: number,
  item: TransferItemRow,
  from: TransferLocationRow,
): Promise<ResolvedLine[]> {
  const thousandths = toThousandths(quantity);
  if (thousandths <= 0 || thousandths % quantityScale !== 0) throw invalidLine(index, 'quantity', 'wholeUnitsOnly');
  const units = thousandths / quantityScale;
  const lotKey = paddedCodeKey(lot);
  const serials = (await repository.freeSerialsAt(tx, item.id, from.id)).filter(
    (serial) => serial.lot_code !== null && paddedCodeKey(serial.lot_code) === lotKey,
  );
  if (serials.length < units) {
    throw unprocessable('notEnoughSerialsAvailable', { itemCode: item.code, serial: lot, binCode: from.code });
  }
  return serials.slice(0, units).map((serial) => ({
    item,
    batch: null,
    serial: { id: serial.id, code: serial.code },
    from,
    quantity: quantityScale,
  }));
}

/**
 * Reads each line's source row and splits the line: free stock first, then QC-pending stock
 * (lines taking from one row share it in order). A line that takes more than both is left to
 * the stock service, which refuses it with notEnoughAvailableStock or notEnoughSerialsAvailable.
 * A serial's row is found by the serial (its batch follows the row).
 */
export async function planLines(tx: Tx, lines: readonly Omit<PlannedLine, 'qcPending'>[]): Promise<PlannedLine[]> {
  const remaining = new Map<string, { free: number; qcPending: number; batchId: number | null }>();
  const planned: PlannedLine[] = [];
  for (const line of lines) {
    const key = `${line.item.id}:${line.from.id}:${line.batch?.id ?? 0}:${line.serial?.id ?? 0}`;
    let source = remaining.get(key);
    if (!source) {
      const row = await repository.findSourceRow(tx, {
        itemId: line.item.id,
        binLocationId: line.from.id,
        batchId: line.batch?.id ?? null,
        serialId: line.serial?.id ?? null,
      });
      const buckets = bucketsOf(row);
      const qcPending = buckets.qcPending;
      const free = freeToMove(buckets);
      // A serial named with another batch than its row's is not available under that batch.
      const batchMatches = !line.batch || !row || row.batch_id === line.batch.id;
      source = batchMatches
        ? { free: Math.max(0, free), qcPending, batchId: row?.batch_id ?? line.batch?.id ?? null }
        : { free: 0, qcPending: 0, batchId: line.batch?.id ?? null };
      remaining.set(key, source);
    }
    const fromFree = Math.min(line.quantity, source.free);
    const qcPending = Math.min(line.quantity - fromFree, source.qcPending);
    source.free -= fromFree;
    source.qcPending -= qcPending;
    const batch =
      source.batchId === null || source.batchId === line.batch?.id
        ? line.batch
        : ((await repository.findBatchById(tx, source.batchId)) ?? null);
    planned.push({ ...line, batch, qcPending });
  }
  return planned;
}

/** The lines of the TRANSFER movement: minus at the source, plus at the target, per planned line. */
export function movementLines(lines: readonly PlannedLine[], to: { id: number }): StockMovementLine[] {
  return lines.flatMap((line) => {
    const key = { itemId: line.item.id, batchId: line.batch?.id ?? null, serialId: line.serial?.id ?? null };
    return [
      { ...key, binLocationId: line.from.id, onHandDelta: -line.quantity, qcPendingDelta: -line.qcPending },
      { ...key, binLocationId: to.id, onHandDelta: line.quantity, qcPendingDelta: line.qcPending },
    ];
  });
}

/** The answer's lines: codes as stored, quantities as JSON numbers. */
export function movedLines(lines: readonly PlannedLine[], to: { code: string }): MovedLine[] {
  return lines.map((line) => ({
    item: line.item.code,
    itemName: line.item.name,
    batch: line.batch?.code ?? null,
    serial: line.serial?.code ?? null,
    fromLocation: line.from.code,
    toLocation: to.code,
    quantity: fromThousandths(line.quantity),
    qcPending: line.qcPending > 0,
  }));
}
