import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Recounting (features/recounting; PROCESSES.md 4.4; docs/decisions/0191-recounting.md).
 * recount_line: the saved recount of a RECOUNT_REQUEST, per location and (item, batch, serial),
 * in integer thousandths, with who counted it; saving a location again replaces its rows.
 * recount_result: one row per decided request: the outcome (FIRST_COUNT_WRONG, POSTED, REVIEW),
 * the recounter, and once reviewed the manager and the manager's comment.
 */
export const recountingMigration: VersionedMigration = {
  name: '0035-recounting',
  async up(db, dialect) {
    await withId(db.schema.createTable('recount_line'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('counted', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('recount_line_document_idx')
      .on('recount_line')
      .columns(['document_id', 'bin_location_id'])
      .execute();
    await withId(db.schema.createTable('recount_result'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().unique().references('document.id'))
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('recounter_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('recounter', 'text', (c) => c.notNull())
      .addColumn('flushed_at', 'text', (c) => c.notNull())
      .addColumn('reviewer', 'text')
      .addColumn('review_comment', 'text')
      .addColumn('reviewed_at', 'text')
      .execute();
  },
};
