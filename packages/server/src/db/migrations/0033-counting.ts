import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Counting: the location count lock and the count history (features/counting; PROCESSES.md 4.1,
 * 4.2; docs/decisions/0189-counting.md).
 *
 * - location_count_lock: at most one per bin location (the key): who holds it, for what (the
 *   context: WALL_TO_WALL or a counting document's code), the count round and until when
 *   (expires_at, ISO text: an expired lock is ignored and may be taken over). The stock service
 *   reads it once per movement by the key.
 * - location_count: a saved location count: where, the source (WALL_TO_WALL, COUNTING_LIST,
 *   RECOUNT) and document, the round, the reason, the outcome (POSTED, NO_DIFFERENCE,
 *   RECOUNT_REQUESTED, with the recount request's code), who and when, and the idempotency key
 *   of its COUNT_ADJUSTMENT.
 * - location_count_line: one counted item, batch and serial of it: counted, onHand at save time
 *   and the difference (integer thousandths); read per location and per item, newest first.
 */
export const countingMigration: VersionedMigration = {
  name: '0033-counting',
  async up(db, dialect) {
    await db.schema
      .createTable('location_count_lock')
      .addColumn('bin_location_id', 'integer', (c) => c.primaryKey().references('bin_location.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('taken_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('location_count'), dialect)
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('document_code', 'text')
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('recount_document_code', 'text')
      .addColumn('empty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('location_count_location_idx')
      .on('location_count')
      .columns(['bin_location_id', 'source', 'round'])
      .execute();

    await withId(db.schema.createTable('location_count_line'), dialect)
      .addColumn('location_count_id', 'integer', (c) => c.notNull().references('location_count.id').onDelete('cascade'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull())
      .addColumn('batch_id', 'integer')
      .addColumn('serial_id', 'integer')
      .addColumn('counted', 'bigint', (c) => c.notNull())
      .addColumn('on_hand', 'bigint', (c) => c.notNull())
      .addColumn('difference', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('location_count_line_location_idx')
      .on('location_count_line')
      .columns(['bin_location_id', 'id'])
      .execute();
    await db.schema
      .createIndex('location_count_line_item_idx')
      .on('location_count_line')
      .columns(['item_id', 'id'])
      .execute();
  },
};
