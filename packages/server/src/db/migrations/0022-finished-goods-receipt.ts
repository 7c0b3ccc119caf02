import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * Finished goods receipt (features/production/finished-goods-receipt.*; docs/decisions/0175-
 * finished-goods-receipt.md): what of a work order's reported output (completed_qty) has been
 * received into stock. Integer thousandths like every quantity. The receipt raises it with a
 * conditional update (received_qty + q <= completed_qty + tolerance), so two receipts at once
 * never exceed what production reported.
 */
export const finishedGoodsReceiptMigration: VersionedMigration = {
  name: '0022-finished-goods-receipt',
  async up(db) {
    await db.schema
      .alterTable('work_order')
      .addColumn('received_qty', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`received_qty >= 0`),
      )
      .execute();
  },
};
