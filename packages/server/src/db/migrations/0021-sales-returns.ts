import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Customer returns (features/goods-returns, docs/decisions/0174-goods-returns.md).
 *
 * On the warehouse, the returns settings (each a bin location of that warehouse, or null):
 * - allow_create_return (0/1): a delivered sales order scanned in /goods_returns creates a return;
 * - return_location_id: where RESELLABLE units go (null: the receipt staging location, else the
 *   first active RECEIVE location);
 * - return_qc_location_id: where TO_INSPECT and QC-blocked units go (null: the first active QC
 *   location that is not the reject location);
 * - return_reject_location_id: where DAMAGED units go, and SCRAP units are received before they
 *   are scrapped (null: DAMAGED is refused, SCRAP goes through the returns location).
 *
 * sales_return_entry: one saved unit or quantity of a SALES_RETURN line (progress; no stock yet).
 * quantity is integer thousandths. target_bin_location_id and qc_pending are decided when the
 * entry is saved; flushed_at is set when its RETURN_RECEIPT (and SCRAP) is posted. Entries of
 * every return of a customer count against what was delivered to that customer.
 */
export const salesReturnsMigration: VersionedMigration = {
  name: '0021-sales-returns',
  async up(db, dialect) {
    await db.schema
      .alterTable('warehouse')
      .addColumn('allow_create_return', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const column of ['return_location_id', 'return_qc_location_id', 'return_reject_location_id']) {
      await db.schema
        .alterTable('warehouse')
        .addColumn(column, 'integer', (c) => c.references('bin_location.id').onDelete('set null'))
        .execute();
    }

    await withId(db.schema.createTable('sales_return_entry'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('line_number', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('batch_id', 'integer', (c) => c.references('batch.id'))
      .addColumn('serial_id', 'integer', (c) => c.references('serial.id'))
      .addColumn('quantity', 'bigint', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('condition', 'text', (c) =>
        c.notNull().check(sql`condition in ('RESELLABLE', 'DAMAGED', 'TO_INSPECT', 'SCRAP')`),
      )
      .addColumn('reason', 'text')
      .addColumn('target_bin_location_id', 'integer', (c) => c.notNull().references('bin_location.id'))
      .addColumn('qc_pending', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('flushed_at', 'text')
      .execute();
    await db.schema
      .createIndex('sales_return_entry_document_idx')
      .on('sales_return_entry')
      .columns(['document_id', 'line_number'])
      .execute();
    await db.schema.createIndex('sales_return_entry_item_idx').on('sales_return_entry').column('item_id').execute();
  },
};
