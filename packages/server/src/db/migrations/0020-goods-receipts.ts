import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Goods receipts (features/goods-receipt, docs/decisions/0172-goods-receipt.md).
 *
 * - goods_receipt: one row per GOODS_RECEIPT document (id = the document's id): its source (a
 *   PURCHASE_ORDER or PLANNED_GOODS_RECEIPT document), who made it, and `open_source_id`, the
 *   source's id while the receipt is open and null once finished or deleted. Its unique index lets
 *   a source have at most one open receipt, so two users opening the same order at once get the
 *   same receipt (the loser of the insert resumes the winner's).
 * - goods_receipt_entry: progress, one row per saved entry (a serial item: one per serial).
 *   Nothing is in stock until finish, which creates batches and serials from these columns and
 *   posts one RECEIPT line per entry. `open_serial_key` is the serial's key while the entry is
 *   unposted: its unique index refuses a serial on two open entries, also of two receipts.
 */
export const goodsReceiptsMigration: VersionedMigration = {
  name: '0020-goods-receipts',
  async up(db, dialect) {
    await db.schema
      .createTable('goods_receipt')
      .addColumn('id', 'integer', (c) => c.primaryKey().references('document.id').onDelete('cascade'))
      .addColumn('source_document_id', 'integer', (c) => c.notNull().references('document.id'))
      .addColumn('open_source_id', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('finished_by', 'text')
      .execute();
    await db.schema
      .createIndex('goods_receipt_open_source_idx')
      .on('goods_receipt')
      .column('open_source_id')
      .unique()
      .execute();
    await db.schema.createIndex('goods_receipt_source_idx').on('goods_receipt').column('source_document_id').execute();
    await db.schema.createIndex('goods_receipt_finished_idx').on('goods_receipt').column('finished_at').execute();

    await withId(db.schema.createTable('goods_receipt_entry'), dialect)
      .addColumn('receipt_id', 'integer', (c) => c.notNull().references('goods_receipt.id').onDelete('cascade'))
      .addColumn('source_line_id', 'integer', (c) => c.notNull().references('document_line.id'))
      .addColumn('line_number', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('batch_code', 'text')
      .addColumn('expiration_date', 'text')
      .addColumn('manufacturing_date', 'text')
      .addColumn('mnf_batch_code', 'text')
      .addColumn('serial_code', 'text')
      .addColumn('open_serial_key', 'text')
      .addColumn('mnf_serial_code', 'text')
      .addColumn('target_bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('qc_pending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('over_receipt', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('approved_by', 'text')
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('goods_receipt_entry_receipt_idx')
      .on('goods_receipt_entry')
      .columns(['receipt_id', 'line_number'])
      .execute();
    // What a source line received over finished receipts (the cumulative over-receipt tolerance).
    await db.schema
      .createIndex('goods_receipt_entry_source_line_idx')
      .on('goods_receipt_entry')
      .column('source_line_id')
      .execute();
    await db.schema
      .createIndex('goods_receipt_entry_serial_idx')
      .on('goods_receipt_entry')
      .columns(['item_id', 'open_serial_key'])
      .unique()
      .execute();
  },
};
