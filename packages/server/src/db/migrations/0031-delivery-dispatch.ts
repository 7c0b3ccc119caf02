import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Delivery dispatch: loading at the dock (features/delivery-dispatch; PROCESSES.md 3.8;
 * docs/decisions/0187-delivery-dispatch.md).
 *
 * - delivery_load: one truck's loading at a dock: the dock or truck code scanned (free text, up to
 *   40 characters), the route (given, or taken from the first container loaded), OPEN -> CLOSED,
 *   who opened and closed it and when; the idempotency key of the open call.
 * - delivery_load_container: a shipping container loaded into a load (once: the container is
 *   unique), its delivery, who and when, and the scan's idempotency key (a replay changes nothing).
 */
export const deliveryDispatchMigration: VersionedMigration = {
  name: '0031-delivery-dispatch',
  async up(db, dialect) {
    await withId(db.schema.createTable('delivery_load'), dialect)
      .addColumn('dock', 'text', (c) => c.notNull())
      .addColumn('route', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('opened_by', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_by', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .execute();

    await withId(db.schema.createTable('delivery_load_container'), dialect)
      .addColumn('load_id', 'integer', (c) => c.notNull().references('delivery_load.id').onDelete('cascade'))
      .addColumn('container_id', 'integer', (c) =>
        c.notNull().unique().references('shipping_container.id').onDelete('cascade'),
      )
      .addColumn('delivery_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('loaded_by', 'text', (c) => c.notNull())
      .addColumn('loaded_at', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createIndex('delivery_load_container_load_idx')
      .on('delivery_load_container')
      .column('load_id')
      .execute();
    await db.schema
      .createIndex('delivery_load_container_delivery_idx')
      .on('delivery_load_container')
      .column('delivery_id')
      .execute();
  },
};
