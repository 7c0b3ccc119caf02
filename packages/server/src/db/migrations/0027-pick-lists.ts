import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Pick lists, allocation and shipping containers (features/pick-lists;
 * docs/decisions/0183-pick-lists.md). A pick list is a PICK_LIST document; its lines are
 * document_line rows (quantity = to pick; open_quantity = quantity - picked - short).
 *
 * - document_line.released_quantity: on a SALES_ORDER line, how much of it is on pick lists that
 *   are not cleared (what creation may not plan again); lowered when a list line is cleared,
 *   edited down or closed short.
 * - pick_list: the list's head beyond the document: route, packed flag, who made it and how.
 * - pick_list_line: per list line: the sales order line it came from, picked and short quantity,
 *   the short reason, and the walk order (a skip moves the line last).
 * - stock_allocation: (list line, stock key, quantity): the stock an open line will be picked from.
 *   The sum per stock key equals that stock row's released_qty part held by pick lists (the stock
 *   service's changeAllocations keeps both in one transaction). No ledger row: no goods moved.
 * - pick_entry: every PICK (positive) and PUT_BACK (negative) of a list line, into a container;
 *   the idempotency key is the client's, so a replay posts once.
 * - shipping_container: a stock holder (its own MOBILE bin location) of a pick list: code (an SSCC
 *   when a GS1 company prefix is set), type, box type, status OPEN -> CLOSED -> DELIVERED ->
 *   DISPATCHED, weight and dimensions.
 * - shipping_box_type: the box types a packer chooses from (dimensions suggested).
 * - pick_cart_slot: pick and collect: a cart (a MOBILE bin location) slot holding one list's
 *   container during one claim.
 * - picklist_creation_lock: the creation lock per key (GLOBAL, or the warehouse code for PER_KEY);
 *   taken by insert, so of two runs one gets it.
 */
export const pickListsMigration: VersionedMigration = {
  name: '0027-pick-lists',
  async up(db, dialect) {
    await db.schema
      .alterTable('document_line')
      .addColumn('released_quantity', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('pick_list')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('document.id').onDelete('cascade'))
      .addColumn('route', 'text')
      .addColumn('packed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('pick_list_line')
      .addColumn('document_line_id', 'integer', (c) =>
        c.primaryKey().references('document_line.id').onDelete('cascade'),
      )
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('source_line_id', 'integer', (c) => c.references('document_line.id').onDelete('set null'))
      .addColumn('picked_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('short_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('short_reason', 'text')
      .addColumn('walk_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('pick_list_line_document_idx').on('pick_list_line').column('document_id').execute();
    await db.schema.createIndex('pick_list_line_source_idx').on('pick_list_line').column('source_line_id').execute();

    await withId(db.schema.createTable('stock_allocation'), dialect)
      .addColumn('document_line_id', 'integer', (c) => c.notNull().references('document_line.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
      .execute();
    await sql`create unique index stock_allocation_key_idx on stock_allocation (document_line_id, item_id, bin_location_id, coalesce(batch_id, 0), coalesce(serial_id, 0))`.execute(
      db,
    );
    await db.schema
      .createIndex('stock_allocation_stock_idx')
      .on('stock_allocation')
      .columns(['item_id', 'bin_location_id'])
      .execute();

    await withId(db.schema.createTable('shipping_container'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('sscc', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('box_type', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('pick_list_id', 'integer', (c) => c.references('document.id').onDelete('set null'))
      .addColumn('delivery_id', 'integer', (c) => c.references('document.id').onDelete('set null'))
      .addColumn('weight_mg', 'bigint')
      .addColumn('length_mm', 'integer')
      .addColumn('width_mm', 'integer')
      .addColumn('height_mm', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .execute();
    await db.schema
      .createIndex('shipping_container_pick_list_idx')
      .on('shipping_container')
      .column('pick_list_id')
      .execute();
    await db.schema
      .createIndex('shipping_container_bin_idx')
      .on('shipping_container')
      .column('bin_location_id')
      .execute();

    await withId(db.schema.createTable('pick_entry'), dialect)
      .addColumn('document_line_id', 'integer', (c) => c.notNull().references('document_line.id').onDelete('cascade'))
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('from_bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('container_id', 'integer', (c) => c.notNull().references('shipping_container.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .execute();
    await db.schema.createIndex('pick_entry_line_idx').on('pick_entry').column('document_line_id').execute();
    await db.schema.createIndex('pick_entry_document_idx').on('pick_entry').column('document_id').execute();
    await db.schema.createIndex('pick_entry_container_idx').on('pick_entry').column('container_id').execute();

    await db.schema
      .createTable('shipping_box_type')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('length_mm', 'integer')
      .addColumn('width_mm', 'integer')
      .addColumn('height_mm', 'integer')
      .execute();

    await db.schema
      .createTable('pick_cart_slot')
      .addColumn('cart_bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('claim_id', 'integer', (c) => c.notNull().references('claim.id').onDelete('cascade'))
      .addColumn('pick_list_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('container_id', 'integer', (c) => c.references('shipping_container.id'))
      .addPrimaryKeyConstraint('pick_cart_slot_pk', ['cart_bin_location_id', 'slot'])
      .execute();
    await db.schema.createIndex('pick_cart_slot_claim_idx').on('pick_cart_slot').column('claim_id').execute();

    await db.schema
      .createTable('picklist_creation_lock')
      .addColumn('lock_key', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('session_id', 'integer')
      .addColumn('since', 'text', (c) => c.notNull())
      .execute();
  },
};
