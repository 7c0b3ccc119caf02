import { fromThousandths } from '@wms/contract';

/**
 * A stock row's buckets and the free-to-move rule (DOMAIN.md, stock buckets), shared by every
 * feature; stock-queries.ts holds the same rule in SQL. Nothing else writes the formula.
 */

/** A stock row's buckets in integer thousandths, so sums and differences are exact. */
export interface StockBuckets {
  onHand: number;
  released: number;
  pick: number;
  qcPending: number;
}

export const emptyBuckets = (): StockBuckets => ({ onHand: 0, released: 0, pick: 0, qcPending: 0 });

/** The bucket columns as a driver returns them (a number, or a string or bigint from PostgreSQL). */
export interface StockBucketRow {
  on_hand_qty: number | string | bigint;
  released_qty: number | string | bigint;
  pick_qty: number | string | bigint;
  qc_pending_qty: number | string | bigint;
}

/**
 * Free to move: what is on hand less what is released (allocated to documents), picked and
 * QC-pending. The one definition of the rule (freeToMoveOfStockRow in stock-queries.ts is it in SQL).
 */
export const freeToMove = (b: StockBuckets): number => b.onHand - b.released - b.pick - b.qcPending;

/** A row's buckets; a missing row holds nothing. */
export function bucketsOf(row: StockBucketRow | undefined): StockBuckets {
  if (!row) return emptyBuckets();
  return {
    onHand: Number(row.on_hand_qty),
    released: Number(row.released_qty),
    pick: Number(row.pick_qty),
    qcPending: Number(row.qc_pending_qty),
  };
}

/** Adds a row's buckets to the running totals. */
export function addBuckets(target: StockBuckets, row: StockBucketRow): void {
  const add = bucketsOf(row);
  target.onHand += add.onHand;
  target.released += add.released;
  target.pick += add.pick;
  target.qcPending += add.qcPending;
}

/** The buckets as the API shows them (quantities, not thousandths), free to move among them. */
export function bucketQuantities(b: StockBuckets) {
  return {
    onHandQty: fromThousandths(b.onHand),
    freeToMoveQty: fromThousandths(freeToMove(b)),
    releasedQty: fromThousandths(b.released),
    pickQty: fromThousandths(b.pick),
    qcPendingQty: fromThousandths(b.qcPending),
  };
}
