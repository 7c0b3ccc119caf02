import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Batch corrections (features/stock-corrections; PROCESSES.md 4.5;
 * docs/decisions/0190-batch-correction.md): one row per committed correction, the audit log.
 * kind BATCH: quantity moved from batch_id to to_batch_id at bin_location_id (the stock moved
 * through the stock service as a BATCH_CORRECTION whose ledger rows carry code), with what was
 * carried over of the pick lists' released and picked stock. kind EXPIRY: batch_id's expiry
 * changed from old_expiry to new_expiry. The request's idempotency key is kept with it.
 */
export const batchCorrectionsMigration: VersionedMigration = {
  name: '0034-batch-corrections',
  async up(db, dialect) {
    await withId(db.schema.createTable('batch_correction'), dialect)
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batch.id'))
      .addColumn('to_batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('to_batch_created', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bin_location_id', 'integer', (c) => c.references('bin_location.id'))
      .addColumn('quantity', 'bigint')
      .addColumn('released_carried', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('picked_carried', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('old_expiry', 'text')
      .addColumn('new_expiry', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('batch_correction_batch_idx').on('batch_correction').column('batch_id').execute();
    await db.schema
      .createIndex('batch_correction_item_at_idx')
      .on('batch_correction')
      .columns(['item_id', 'at'])
      .execute();
  },
};
