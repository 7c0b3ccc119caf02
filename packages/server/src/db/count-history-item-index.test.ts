import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { insertCountRecord } from '../features/counting/counting.test-helper.js';
import { migrationSteps } from './migration-steps.test-helper.js';
import { sqliteQueryPlans } from './query-plan.test-helper.js';

/**
 * Migration 0040 (decision 0197): the count lines saved before it are in the new item index, the
 * per-line index is gone, and an item's history is read through the index, not every line.
 */
describe('the count history item index (migration 0040)', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('indexes the lines saved before it', async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    const { db } = handle;
    const steps = migrationSteps(handle, '0040-count-history-item-index');
    await steps.before();
    const [item, other] = [await makeItem(db), await makeItem(db)];
    const location = await makeBinLocation(db);
    const count = await insertCountRecord(db, location.id);
    const line = { location_count_id: count.id, bin_location_id: location.id, batch_id: null, serial_id: null };
    const lines = await db
      .insertInto('location_count_line')
      .values([
        { ...line, item_id: item.id, counted: 1000, on_hand: 1000, difference: 0 },
        { ...line, item_id: other.id, counted: 0, on_hand: 2000, difference: -2000 },
      ])
      .returning(['id', 'item_id'])
      .execute();

    await steps.from();
    const entries = await db
      .selectFrom('location_count_line_item')
      .select(['item_id', 'line_id'])
      .where('item_id', 'in', [item.id, other.id])
      .orderBy('line_id')
      .execute();
    expect(entries).toEqual(lines.map((l) => ({ item_id: l.item_id, line_id: l.id })));
    expect(await db.selectFrom('location_count_unindexed').selectAll().execute()).toEqual([]);
  });

  describe('query plans', () => {
    const { plan } = sqliteQueryPlans();
    it("reads an item's lines through location_count_line_item and a count's lines through their index", async () => {
      const byItem = await plan(
        sql`select line_id from location_count_line_item where item_id = 7 union all select l.id from location_count_unindexed u cross join location_count_line l where l.location_count_id = u.location_count_id and l.item_id = 7`,
      );
      expect(byItem).toContain('location_count_line_item');
      expect(byItem).toContain('location_count_line_count_idx');
      expect(byItem).not.toMatch(/SCAN l\b(?! USING)/);
      expect(await plan(sql`select * from sqlite_master where name = 'location_count_line_item_idx'`)).not.toContain(
        'location_count_line_item_idx',
      );
    });
  });
});
