import { toThousandths, type RecountThreshold } from '@wms/contract';
import type { StockKey, StockMovementLine } from '../stock/stock.service.js';

/**
 * What a saved location count means for stock (PROCESSES.md 4.1; decision 0189), as pure
 * functions of what was counted and the stock at save time, all in integer thousandths:
 *
 * - one line per (item, batch, serial) that is counted or on hand in the count's scope (the
 *   whole location, or a PARTIAL count's items): counted, onHand and difference = counted -
 *   onHand; a row on hand that was not counted counts zero;
 * - a serial counted here that the system has at another location is moved here (TRANSFER), not
 *   created: its line has onHand 1 and no difference;
 * - the COUNT_ADJUSTMENT: one line per difference. Missing units come out of the free stock
 *   first, then out of QC-pending stock; units found on a row that is wholly QC-pending are
 *   QC-pending too. Allocated or picked stock is never adjusted away (the stock service refuses
 *   it: notEnoughAvailableStock);
 * - the recount threshold (setting counting.recountThreshold) decides per line.
 */

export interface StockAtLocation extends StockKey {
  onHand: number;
  released: number;
  pick: number;
  qcPending: number;
}

export interface CountedUnit {
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  counted: number;
}

export interface CountPlanLine extends CountedUnit {
  onHand: number;
  difference: number;
}

const keyOf = (k: { itemId: number; batchId: number | null; serialId: number | null }) =>
  `${k.itemId}:${k.batchId ?? 0}:${k.serialId ?? 0}`;

/** Counted units summed per (item, batch, serial); a serial counts once however often it was scanned. */
export function sumCounted(units: readonly CountedUnit[]): CountedUnit[] {
  const sums = new Map<string, CountedUnit>();
  for (const unit of units) {
    const key = keyOf(unit);
    const sum = sums.get(key);
    if (!sum) sums.set(key, { ...unit });
    else if (unit.serialId === null) sum.counted += unit.counted;
  }
  return [...sums.values()];
}

/**
 * The count lines: every stock row in scope and every counted unit. `transferred` are the keys
 * of serials moved here by the save (counted 1, onHand 1 after the transfer).
 */
export function countLines(
  stock: readonly StockAtLocation[],
  counted: readonly CountedUnit[],
  transferred: ReadonlySet<string>,
): CountPlanLine[] {
  const lines = new Map<string, CountPlanLine>();
  for (const row of stock) {
    lines.set(keyOf(row), {
      itemId: row.itemId,
      batchId: row.batchId,
      serialId: row.serialId,
      counted: 0,
      onHand: row.onHand,
      difference: -row.onHand,
    });
  }
  for (const unit of counted) {
    const key = keyOf(unit);
    const onHand = lines.get(key)?.onHand ?? (transferred.has(key) ? unit.counted : 0);
    // Named fields, not a spread: a spread copy with fields added is several times slower to make
    // and to read (a counting list's flush makes 100,000 of them).
    lines.set(key, {
      itemId: unit.itemId,
      batchId: unit.batchId,
      serialId: unit.serialId,
      counted: unit.counted,
      onHand,
      difference: unit.counted - onHand,
    });
  }
  return [...lines.values()];
}

export const serialKeyOf = keyOf;

/** Whether a line's difference is over the threshold (a recount instead of a posting). */
export function isOverThreshold(line: CountPlanLine, threshold: RecountThreshold): boolean {
  const difference = Math.abs(line.difference);
  if (difference === 0) return false;
  switch (threshold.mode) {
    case 'NONE':
      return false;
    case 'ABSOLUTE':
      return difference > toThousandths(threshold.value);
    case 'PERCENT':
      // |difference| / onHand > value %; with nothing on hand any difference is over.
      return difference * 100 > threshold.value * line.onHand;
  }
}

/** The COUNT_ADJUSTMENT lines of the differences at the location. */
export function adjustmentLines(
  lines: readonly CountPlanLine[],
  stock: readonly StockAtLocation[],
  binLocationId: number,
): StockMovementLine[] {
  const rows = new Map(stock.map((row) => [keyOf(row), row]));
  return lines
    .filter((line) => line.difference !== 0)
    .map((line) => {
      const row = rows.get(keyOf(line));
      return {
        itemId: line.itemId,
        batchId: line.batchId,
        serialId: line.serialId,
        binLocationId,
        onHandDelta: line.difference,
        qcPendingDelta: row ? qcDeltaOf(row, line.difference) : 0,
      };
    });
}

function qcDeltaOf(row: StockAtLocation, difference: number): number {
  if (difference > 0) return row.onHand > 0 && row.qcPending === row.onHand ? difference : 0;
  const reserved = row.released + row.pick + row.qcPending;
  const short = reserved - (row.onHand + difference);
  return short > 0 ? -Math.min(row.qcPending, short) : 0;
}
