import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Master data, stock, documents and the stock ledger (DOMAIN.md).
 *
 * - Quantities are integers of thousandths (`bigint`; see contract quantity.ts), so sums are exact.
 * - Item, bin location and warehouse codes are unique without regard to case: `code_lower`.
 *   Batch, serial and business partner codes are matched zero-padded to 64 characters: `code_key`.
 * - Barcodes have lower-cased twins for case-insensitive, indexed lookups.
 * - Dates without a time (expiration, ship date) are ISO `YYYY-MM-DD` text; moments ISO-8601 UTC text.
 */
export const masterDataMigration: VersionedMigration = {
  name: '0003-master-data',
  async up(db, dialect) {
    await withId(db.schema.createTable('warehouse'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withId(db.schema.createTable('bin_location'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
      .addColumn('barcode', 'text')
      .addColumn('barcode_lower', 'text')
      .addColumn('minimal_stock_level', 'bigint')
      .addColumn('maximal_stock_level', 'bigint')
      .addColumn('location_type', 'text', (c) => c.notNull().defaultTo('BULK'))
      .addColumn('physical_location_type', 'text', (c) => c.notNull().defaultTo('NORMAL'))
      .addColumn('picking_strategy', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('stock_movement_restricted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('block_stock_movements', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('block_stock_movements_reason', 'text')
      .addColumn('sorting_code', 'text')
      .addColumn('counting_sorting_code', 'text')
      .addColumn('preferred_order_code', 'text')
      .addColumn('requires_counting', 'text', (c) => c.notNull().defaultTo('NO'))
      .addColumn('ready_for_processing', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bin_location_barcode_idx').on('bin_location').column('barcode_lower').execute();
    await db.schema.createIndex('bin_location_warehouse_idx').on('bin_location').column('warehouse_id').execute();

    await db.schema
      .createTable('bin_location_attribute')
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bin_location_attribute_pk', ['bin_location_id', 'name'])
      .execute();

    await withId(db.schema.createTable('item'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('second_name', 'text')
      .addColumn('barcode', 'text')
      .addColumn('barcode_lower', 'text')
      .addColumn('barcode2', 'text')
      .addColumn('barcode2_lower', 'text')
      .addColumn('barcode3', 'text')
      .addColumn('barcode3_lower', 'text')
      .addColumn('barcode_inv_qty', 'bigint', (c) => c.notNull().defaultTo(1000))
      .addColumn('barcode2_inv_qty', 'bigint', (c) => c.notNull().defaultTo(1000))
      .addColumn('barcode3_inv_qty', 'bigint', (c) => c.notNull().defaultTo(1000))
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('units', 'text')
      .addColumn('group_name', 'text')
      .addColumn('managed_by', 'text', (c) => c.notNull().defaultTo('NORMAL'))
      .addColumn('serial_managed_by_dispatch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('avg_price', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_stock_item', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_sales_bom_item', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_production_item', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weight_in_mg', 'bigint')
      .addColumn('production_issue_method', 'text')
      .addColumn('production_material_tolerance_value', 'bigint')
      .addColumn('production_material_tolerance_type', 'text')
      .addColumn('block_for_qc_type', 'text')
      .addColumn('has_batch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('serial', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scan_expiration_date', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scan_manufacturing_date', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scan_manufacturing_batch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('scan_manufacturing_serial', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('image_path', 'text')
      .addColumn('pdf_path', 'text')
      .addColumn('ml_to_mg', 'bigint')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    for (const column of ['barcode_lower', 'barcode2_lower', 'barcode3_lower'] as const) {
      await db.schema.createIndex(`item_${column}_idx`).on('item').column(column).execute();
    }
    // A contains match cannot seek, but scanning this narrow covering index beats scanning the table.
    await db.schema.createIndex('item_search_text_idx').on('item').column('search_text').execute();

    await db.schema
      .createTable('bin_location_count_item')
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('bin_location_count_item_pk', ['bin_location_id', 'item_id'])
      .execute();

    await withId(db.schema.createTable('batch'), dialect)
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_key', 'text', (c) => c.notNull())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('mnf_batch_code', 'text')
      .addColumn('admission_date', 'text')
      .addColumn('manufacturing_date', 'text')
      .addColumn('expiration_date', 'text')
      .addColumn('quality_control_approved_or_not_required', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('batch_item_code_unique', ['item_id', 'code_key'])
      .execute();
    await db.schema.createIndex('batch_code_key_idx').on('batch').column('code_key').execute();

    await withId(db.schema.createTable('serial'), dialect)
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_key', 'text', (c) => c.notNull())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('lot_code', 'text')
      .addColumn('mnf_lot_code', 'text')
      .addColumn('mnf_serial_code', 'text')
      .addColumn('internal_serial_code', 'text')
      .addColumn('admission_date', 'text')
      .addColumn('manufacturing_date', 'text')
      .addColumn('expiration_date', 'text')
      .addColumn('quality_control_approved_or_not_required', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('serial_item_code_unique', ['item_id', 'code_key'])
      .execute();
    await db.schema.createIndex('serial_code_key_idx').on('serial').column('code_key').execute();

    await withId(db.schema.createTable('stock'), dialect)
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('on_hand_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('released_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pick_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('qc_pending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qc_pending_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One row per (item, batch, serial, bin); NULLs are distinct in a plain unique index, so coalesce.
    await sql`create unique index stock_key_idx on stock (item_id, bin_location_id, coalesce(batch_id, 0), coalesce(serial_id, 0))`.execute(
      db,
    );
    await db.schema.createIndex('stock_bin_location_idx').on('stock').column('bin_location_id').execute();

    await withId(db.schema.createTable('default_item_location'), dialect)
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id').onDelete('cascade'))
      .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouse.id'))
      .addColumn('bin_location_id', 'integer', (c) => c.references('bin_location.id'))
      .addColumn('enforced', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('min_stock', 'bigint')
      .addColumn('max_stock', 'bigint')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('default_item_location_unique', ['item_id', 'warehouse_id'])
      .execute();
    await db.schema
      .createIndex('default_item_location_bin_idx')
      .on('default_item_location')
      .column('bin_location_id')
      .execute();

    await withId(db.schema.createTable('business_partner'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_key', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('document'), dialect)
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('warehouse_id', 'integer', (c) => c.references('warehouse.id'))
      .addColumn('business_partner_id', 'integer', (c) => c.references('business_partner.id'))
      .addColumn('ship_to_address', 'text')
      .addColumn('document_date', 'text')
      .addColumn('due_date', 'text')
      .addColumn('ship_date', 'text')
      .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('erp_reference', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('document_type_code_unique', ['type', 'code_lower'])
      .execute();

    await withId(db.schema.createTable('document_line'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('line_number', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('direction', 'text')
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('open_quantity', 'bigint', (c) => c.notNull())
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('from_bin_location_id', 'integer', (c) => c.references('bin_location.id'))
      .addColumn('to_bin_location_id', 'integer', (c) => c.references('bin_location.id'))
      .addColumn('extras', 'text')
      .addUniqueConstraint('document_line_unique', ['document_id', 'line_number'])
      .execute();
    await db.schema.createIndex('document_line_item_idx').on('document_line').column('item_id').execute();

    await withId(db.schema.createTable('stock_ledger'), dialect)
      .addColumn('transaction_type', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text')
      .addColumn('document_code', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('username', 'text')
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull())
      .addColumn('idempotency_key', 'text')
      .execute();
    await createIndexes(db, [
      ['stock_ledger_item_at_idx', ['item_id', 'at']],
      ['stock_ledger_bin_at_idx', ['bin_location_id', 'at']],
      ['stock_ledger_idempotency_idx', ['idempotency_key']],
    ]);
  },
};

async function createIndexes(db: Kysely<unknown>, indexes: [string, string[]][]) {
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(name).on('stock_ledger').columns(columns).execute();
  }
}
