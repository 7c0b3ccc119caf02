import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Address validation (features/address-validation; docs/decisions/0186-address-validation.md).
 *
 * - address_validation: one per (document, ship-to): the document is the sales order (a pick list
 *   without one holds its own); ship_to_key is the canonical JSON of the original address (as
 *   imported), current_key that of the current (edited) one. Status VALID | INVALID | OVERRIDDEN,
 *   reasons as JSON [{key, args}], both addresses as JSON, a version (412 on a stale one).
 * - address_validation_history: who did what when: VALIDATE, EDIT (before and after), REVALIDATE,
 *   APPROVE, OVERRIDE (with the comment), and the status it left.
 */
export const addressValidationMigration: VersionedMigration = {
  name: '0029-address-validation',
  async up(db, dialect) {
    await withId(db.schema.createTable('address_validation'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('ship_to_key', 'text', (c) => c.notNull())
      .addColumn('current_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reasons', 'text', (c) => c.notNull())
      .addColumn('original_address', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('address_validation_key_idx')
      .on('address_validation')
      .columns(['document_id', 'ship_to_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('address_validation_status_idx')
      .on('address_validation')
      .columns(['status', 'id'])
      .execute();

    await withId(db.schema.createTable('address_validation_history'), dialect)
      .addColumn('address_validation_id', 'integer', (c) =>
        c.notNull().references('address_validation.id').onDelete('cascade'),
      )
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('username', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('before_address', 'text')
      .addColumn('after_address', 'text')
      .addColumn('comment', 'text')
      .execute();
    await db.schema
      .createIndex('address_validation_history_record_idx')
      .on('address_validation_history')
      .columns(['address_validation_id', 'id'])
      .execute();
  },
};
