import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Counting lists: full stocktakes in WALL_TO_WALL_BATCHING_MODE (features/counting-lists;
 * PROCESSES.md 4.3; docs/decisions/0192-counting-lists.md). The list itself is a COUNTING_LIST
 * document of the store.
 *
 * - counting_list: the list's counting type (SINGLE_COUNTING, DOUBLE_COUNTING_ALL,
 *   DOUBLE_COUNTING_ONLY_WRONG) and who made it; one per document.
 * - counting_list_location: its locations in walk order (position), each with its state (PENDING,
 *   COUNTED_1, COUNTED_2, COUNTED_3, AGREED, REVIEW) and the agreed count (JSON, null until agreed).
 * - counting_list_open_location: a location in an open list (the key: at most one open list per
 *   location); deleted when the list is flushed or cancelled.
 * - counting_list_count: one saved count (a draft until flush) per list, location and round: who,
 *   when, and the counted units (JSON of item, batch, serial and thousandths).
 */
export const countingListsMigration: VersionedMigration = {
  name: '0036-counting-lists',
  async up(db, dialect) {
    await db.schema
      .createTable('counting_list')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('document.id').onDelete('cascade'))
      .addColumn('counting_type', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('counting_list_location')
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('agreed', 'text')
      .addPrimaryKeyConstraint('counting_list_location_pk', ['document_id', 'bin_location_id'])
      .execute();
    await db.schema
      .createIndex('counting_list_location_bin_idx')
      .on('counting_list_location')
      .column('bin_location_id')
      .execute();

    await db.schema
      .createTable('counting_list_open_location')
      .addColumn('bin_location_id', 'integer', (c) => c.primaryKey().references('bin_location.id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('counting_list_open_location_document_idx')
      .on('counting_list_open_location')
      .column('document_id')
      .execute();

    await withId(db.schema.createTable('counting_list_count'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('empty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('at', 'text', (c) => c.notNull())
      .addUniqueConstraint('counting_list_count_round_uq', ['document_id', 'bin_location_id', 'round'])
      .execute();
  },
};
