import { quantityScale, type ManagedBy } from '@wms/contract';
import type { StockMovementLine } from '../stock/stock.service.js';

/** A stock row of the item being converted (quantities in thousandths). */
export interface ConversionRow {
  batchId: number | null;
  serialId: number | null;
  binLocationId: number;
  binCode: string;
  onHand: number;
  released: number;
  pick: number;
  qcPending: number;
}

/** Whether the row must be rewritten for the item to be managed by the target type. */
export function needsConversion(row: ConversionRow, target: ManagedBy): boolean {
  switch (target) {
    case 'NORMAL':
      return row.batchId !== null || row.serialId !== null;
    case 'BATCH_NUMBER':
      return row.batchId === null || row.serialId !== null;
    case 'SERIAL_NUMBER':
      return row.serialId === null;
  }
}

/** Units a row becomes when converted to serials (the caller has checked it holds whole units). */
export const unitsOf = (row: ConversionRow): number => row.onHand / quantityScale;

const minusLine = (itemId: number, row: ConversionRow): StockMovementLine => ({
  itemId,
  batchId: row.batchId,
  serialId: row.serialId,
  binLocationId: row.binLocationId,
  onHandDelta: -row.onHand,
  qcPendingDelta: -row.qcPending,
});

/**
 * The movement lines of a conversion: for each rewritten row a minus line on the old row and
 * plus lines on the new row(s) of the same bin, carrying the QC-pending quantity along, so the
 * item's lines sum to zero and every bin keeps its total.
 *
 * - NORMAL: batch and serial dropped; rows of one bin merge (the stock service sums them).
 * - BATCH_NUMBER: untracked (and serial) rows go to `batchId`; a row with a batch keeps it.
 * - SERIAL_NUMBER: one serial per unit, `serialIds` in row order (unitsOf each row), no batch.
 */
export function conversionLines(
  itemId: number,
  rows: readonly ConversionRow[],
  target: ManagedBy,
  targets: { batchId: number | null; serialIds: readonly number[] },
): StockMovementLine[] {
  const lines: StockMovementLine[] = [];
  let nextSerial = 0;
  for (const row of rows) {
    if (!needsConversion(row, target)) continue;
    lines.push(minusLine(itemId, row));
    const base = { itemId, binLocationId: row.binLocationId };
    switch (target) {
      case 'NORMAL':
        lines.push({ ...base, batchId: null, serialId: null, onHandDelta: row.onHand, qcPendingDelta: row.qcPending });
        break;
      case 'BATCH_NUMBER':
        lines.push({
          ...base,
          batchId: row.batchId ?? targets.batchId,
          serialId: null,
          onHandDelta: row.onHand,
          qcPendingDelta: row.qcPending,
        });
        break;
      case 'SERIAL_NUMBER': {
        let qcLeft = row.qcPending;
        for (let unit = 0; unit < unitsOf(row); unit++) {
          const serialId = targets.serialIds[nextSerial++];
          if (serialId === undefined) throw new Error('conversion: fewer serials than units');
          const qc = Math.min(quantityScale, qcLeft);
          qcLeft -= qc;
          lines.push({ ...base, batchId: null, serialId, onHandDelta: quantityScale, qcPendingDelta: qc });
        }
        break;
      }
    }
  }
  return lines;
}

/**
 * `count` serial numbers `${prefix}${n}` for n = 1, 2, ... skipping every n whose code the item
 * already has (compared through the same key as the serial's unique code_key).
 */
export function freeSerialCodes(
  prefix: string,
  count: number,
  takenKeys: ReadonlySet<string>,
  keyOf: (code: string) => string,
): string[] {
  const codes: string[] = [];
  for (let n = 1; codes.length < count; n++) {
    const code = `${prefix}${n}`;
    if (!takenKeys.has(keyOf(code))) codes.push(code);
  }
  return codes;
}
