import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteQueryPlans } from './query-plan.test-helper.js';

/** Migration 0042 (decision 0198): the count posting reads a location's stock from its index alone. */
describe('the stock location index (migration 0042)', () => {
  describe('query plans', () => {
    const { plan } = sqliteQueryPlans();
    it("reads a location's stock for a count from the location index alone, in id order", async () => {
      const stockAt = await plan(
        sql`select s.id, s.item_id, s.batch_id, s.serial_id, s.on_hand_qty, s.released_qty, s.pick_qty, s.qc_pending_qty, se.code from stock s left join serial se on se.id = s.serial_id where s.bin_location_id = 7 order by s.id`,
      );
      expect(stockAt).toContain('USING COVERING INDEX stock_bin_location_idx');
      expect(stockAt).not.toContain('TEMP B-TREE');
    });
  });
});
