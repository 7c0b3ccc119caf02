import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * Goods receipt settings (issue 16, docs/decisions: over-receipt rules). On the warehouse: the
 * receipt staging location (a bin location of that warehouse, checked by the goods receipt
 * settings service, since a foreign key cannot say "of the same warehouse"), the over-receipt mode
 * (BLOCK | CONFIRM | MANAGER, contract `overReceiptModes`) and its tolerance. On the item: the same
 * two rule columns, null meaning "the warehouse's". A tolerance is an integer of thousandths of a
 * percent (5% is 5000, 2.5% is 2500), so it is exact like every quantity (docs/quantities.md).
 */
export const receiptSettingsMigration: VersionedMigration = {
  name: '0019-receipt-settings',
  async up(db) {
    await db.schema
      .alterTable('warehouse')
      .addColumn('receipt_staging_location_id', 'integer', (c) => c.references('bin_location.id').onDelete('set null'))
      .execute();
    await db.schema
      .alterTable('warehouse')
      .addColumn('over_receipt_mode', 'text', (c) =>
        c
          .notNull()
          .defaultTo('BLOCK')
          .check(sql`over_receipt_mode in ('BLOCK', 'CONFIRM', 'MANAGER')`),
      )
      .execute();
    await db.schema
      .alterTable('warehouse')
      .addColumn('over_receipt_tolerance_percent', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`over_receipt_tolerance_percent >= 0`),
      )
      .execute();
    await db.schema
      .alterTable('item')
      .addColumn('over_receipt_mode', 'text', (c) => c.check(sql`over_receipt_mode in ('BLOCK', 'CONFIRM', 'MANAGER')`))
      .execute();
    await db.schema
      .alterTable('item')
      .addColumn('over_receipt_tolerance_percent', 'integer', (c) => c.check(sql`over_receipt_tolerance_percent >= 0`))
      .execute();
  },
};
