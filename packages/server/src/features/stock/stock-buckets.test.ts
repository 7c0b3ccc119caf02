import { describe, expect, it } from 'vitest';
import { addBuckets, bucketQuantities, bucketsOf, emptyBuckets, freeToMove } from './stock-buckets.js';

describe('stock buckets', () => {
  it('frees what is on hand less released, picked and QC-pending stock, in exact thousandths', () => {
    expect(freeToMove({ onHand: 10_000, released: 2_500, pick: 1_250, qcPending: 3_000 })).toBe(3_250);
    expect(freeToMove(emptyBuckets())).toBe(0);
  });

  it('reads driver values (PostgreSQL bigint strings) and a missing row as empty', () => {
    expect(bucketsOf({ on_hand_qty: '300', released_qty: 100n, pick_qty: 0, qc_pending_qty: '100' })).toEqual({
      onHand: 300,
      released: 100,
      pick: 0,
      qcPending: 100,
    });
    expect(bucketsOf(undefined)).toEqual(emptyBuckets());
  });

  it('sums rows and shows them as quantities with free to move among them', () => {
    const sum = emptyBuckets();
    addBuckets(sum, { on_hand_qty: 100, released_qty: 0, pick_qty: 0, qc_pending_qty: 0 });
    addBuckets(sum, { on_hand_qty: 200, released_qty: 100, pick_qty: 0, qc_pending_qty: 0 });
    expect(bucketQuantities(sum)).toEqual({
      onHandQty: 0.3,
      freeToMoveQty: 0.2,
      releasedQty: 0.1,
      pickQty: 0,
      qcPendingQty: 0,
    });
  });
});
