import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * The count history read by item, indexed apart from the save (decision 0197). An index on
 * location_count_line (item_id, id) put each of a count's lines on another leaf page: 50 pages
 * written by every location count, a third of a stocktake's server time. Now:
 * - location_count_line_item (item_id, line_id): the item index, written in sorted batches by
 *   the indexer (features/counting/count-history-indexer.ts), so a batch writes each leaf page
 *   once for many lines;
 * - location_count_unindexed: the saved counts whose lines are not in it yet, one row per count
 *   (appended by the save, deleted by the indexer in the same transaction that indexes them); the
 *   item history reads those counts' lines directly, so it is complete at every moment;
 * - location_count_line (location_count_id): a count's lines (the indexer, a counting list's
 *   variance report, and deleting a count) by an index that only ever grows at its end.
 * The lines saved before are indexed here, in this migration.
 */
export const countHistoryItemIndexMigration: VersionedMigration = {
  name: '0040-count-history-item-index',
  async up(db, dialect) {
    await db.schema
      .createTable('location_count_line_item')
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('line_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('location_count_line_item_pk', ['item_id', 'line_id'])
      .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
    await db.schema
      .createTable('location_count_unindexed')
      .addColumn('location_count_id', 'integer', (c) =>
        c.primaryKey().references('location_count.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('location_count_line_count_idx')
      .on('location_count_line')
      .column('location_count_id')
      .execute();
    await sql`insert into location_count_line_item (item_id, line_id)
      select item_id, id from location_count_line order by item_id, id`.execute(db);
    await db.schema.dropIndex('location_count_line_item_idx').execute();
  },
};
