import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Packing and delivery (features/deliveries; docs/decisions/0185-pack-and-delivery.md). A delivery
 * is a DELIVERY document (CREATED -> DISPATCHED | CANCELLED); its lines are document_line rows.
 *
 * - delivery: the delivery's head beyond the document: the pick list delivered, who made it, and
 *   when and by whom it was dispatched (the dispatch app sets these) or cancelled, the cancel
 *   comment and the PICKED list the cancel put the goods back on.
 * - delivery_request: a create call's idempotency key and the deliveries it made (a replay
 *   answers them and makes nothing).
 * - pack_verification: per pick list, container and content row (item, batch, serial) the
 *   quantity counted (COUNT) or scanned (SCAN_ALL) at packing.
 * - pack_request: the idempotency keys of verify, acceptDifference and repack calls (a replay
 *   changes nothing).
 * - pack_difference: a packing difference found at finish (missing units of a content row), the
 *   RECOUNT_REQUEST document it raised, and who accepted it.
 */
export const deliveriesMigration: VersionedMigration = {
  name: '0028-deliveries',
  async up(db, dialect) {
    await db.schema
      .createTable('delivery')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('document.id').onDelete('cascade'))
      .addColumn('pick_list_id', 'integer', (c) => c.references('document.id').onDelete('set null'))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('dispatched_at', 'text')
      .addColumn('dispatched_by', 'text')
      .addColumn('cancelled_at', 'text')
      .addColumn('cancelled_by', 'text')
      .addColumn('cancel_comment', 'text')
      .addColumn('reopened_pick_list_id', 'integer', (c) => c.references('document.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('delivery_pick_list_idx').on('delivery').column('pick_list_id').execute();

    await db.schema
      .createTable('delivery_request')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('pick_list_id', 'integer', (c) => c.notNull())
      .addColumn('delivery_ids', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('pack_verification'), dialect)
      .addColumn('pick_list_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('container_id', 'integer', (c) => c.notNull().references('shipping_container.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('verified_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index pack_verification_key_idx on pack_verification (container_id, item_id, coalesce(batch_id, 0), coalesce(serial_id, 0))`.execute(
      db,
    );
    await db.schema.createIndex('pack_verification_list_idx').on('pack_verification').column('pick_list_id').execute();

    await db.schema
      .createTable('pack_request')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('pick_list_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('pack_difference'), dialect)
      .addColumn('pick_list_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('container_id', 'integer', (c) => c.notNull().references('shipping_container.id'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('missing', 'bigint', (c) => c.notNull())
      .addColumn('recount_document_id', 'integer', (c) => c.references('document.id').onDelete('set null'))
      .addColumn('raised_by', 'text', (c) => c.notNull())
      .addColumn('raised_at', 'text', (c) => c.notNull())
      .addColumn('accepted_by', 'text')
      .addColumn('accepted_at', 'text')
      .execute();
    await db.schema.createIndex('pack_difference_list_idx').on('pack_difference').column('pick_list_id').execute();
  },
};
