import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * The ERP outbox (features/erp-outbox): one row per posted document, written in the posting's
 * transaction and sent afterwards by the dispatcher.
 *
 * - (kind, document_type, document_code) is unique, so a replayed posting never queues twice.
 * - status PENDING, SENDING, DONE or DEAD; attempts counts the sends tried.
 * - next_attempt_at: when a PENDING row is due. lease_owner and lease_until: the instance that
 *   claimed a SENDING row and until when; after that another instance may take it over.
 * - The dispatcher looks for PENDING rows by next_attempt_at and for SENDING rows by lease_until:
 *   an index for each.
 */
export const erpOutboxMigration: VersionedMigration = {
  name: '0016-erp-outbox',
  async up(db, dialect) {
    await withId(db.schema.createTable('erp_outbox'), dialect)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('document_code', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('done_at', 'text')
      .addUniqueConstraint('erp_outbox_document_unique', ['kind', 'document_type', 'document_code'])
      .execute();
    await db.schema.createIndex('erp_outbox_due_idx').on('erp_outbox').columns(['status', 'next_attempt_at']).execute();
    await db.schema.createIndex('erp_outbox_lease_idx').on('erp_outbox').columns(['status', 'lease_until']).execute();
  },
};
