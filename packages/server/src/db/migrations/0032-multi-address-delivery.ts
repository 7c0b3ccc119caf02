import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Multi-address delivery: the put wall (features/multi-address-delivery; PROCESSES.md 3.10;
 * docs/decisions/0188-multi-address-delivery.md).
 *
 * - put_wall_slot: per multi-address pick list, one slot (A, B, ...) per ship-to address: the
 *   address (canonical key and JSON), the container the slot's units go into (null until one is
 *   scanned), OPEN -> DELIVERED and the DELIVERY document made for it.
 * - put_wall_request: the idempotency key of a put (a replay moves nothing).
 */
export const multiAddressDeliveryMigration: VersionedMigration = {
  name: '0032-multi-address-delivery',
  async up(db, dialect) {
    await withId(db.schema.createTable('put_wall_slot'), dialect)
      .addColumn('pick_list_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('ship_to_key', 'text', (c) => c.notNull())
      .addColumn('ship_to', 'text', (c) => c.notNull())
      .addColumn('container_id', 'integer', (c) => c.references('shipping_container.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('delivery_id', 'integer', (c) => c.references('document.id').onDelete('set null'))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await sql`create unique index put_wall_slot_key_idx on put_wall_slot (pick_list_id, slot)`.execute(db);
    await sql`create unique index put_wall_slot_address_idx on put_wall_slot (pick_list_id, ship_to_key)`.execute(db);

    await db.schema
      .createTable('put_wall_request')
      .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
      .addColumn('pick_list_id', 'integer', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('delivery_id', 'integer')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
  },
};
