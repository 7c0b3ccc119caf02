import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Work centers, work orders with their steps, work order plans and work time entries
 * (features/production).
 *
 * - Codes are unique without regard to case (`code_lower`), like items and warehouses.
 * - A work order produces one item; it may belong to a production order document (the order's
 *   IN line is its product line). Quantities are integers of thousandths.
 * - A work time entry runs while end_time is null; at most one runs per user (a partial unique
 *   index, so two concurrent starts cannot both win). Flushed entries are final.
 */
export const productionMigration: VersionedMigration = {
  name: '0008-production',
  async up(db, dialect) {
    await withId(db.schema.createTable('work_center'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withId(db.schema.createTable('work_order'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('warehouse_id', 'integer', (c) => c.references('warehouse.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('planned_qty', 'bigint', (c) => c.notNull())
      .addColumn('completed_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('scrap_qty', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('document_id', 'integer', (c) => c.references('document.id'))
      .addColumn('sales_order_id', 'integer', (c) => c.references('document.id'))
      .addColumn('work_order_plan_id', 'integer')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('work_order_item_idx').on('work_order').column('item_id').execute();

    await withId(db.schema.createTable('work_order_step'), dialect)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_order.id').onDelete('cascade'))
      .addColumn('step_code', 'text', (c) => c.notNull())
      .addColumn('step_code_lower', 'text', (c) => c.notNull())
      .addColumn('step_number', 'integer', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('planned_work_center_id', 'integer', (c) => c.references('work_center.id'))
      .addUniqueConstraint('work_order_step_unique', ['work_order_id', 'step_code_lower'])
      .execute();

    await withId(db.schema.createTable('work_order_plan'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('visual_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('work_order_plan_item_idx').on('work_order_plan').column('item_id').execute();

    await withId(db.schema.createTable('work_order_plan_step'), dialect)
      .addColumn('plan_id', 'integer', (c) => c.notNull().references('work_order_plan.id').onDelete('cascade'))
      .addColumn('step_code', 'text', (c) => c.notNull())
      .addColumn('step_number', 'integer', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('planned_work_center_id', 'integer', (c) => c.references('work_center.id'))
      .addUniqueConstraint('work_order_plan_step_unique', ['plan_id', 'step_code'])
      .execute();

    await withId(db.schema.createTable('work_time_entry'), dialect)
      .addColumn('work_order_id', 'integer', (c) => c.notNull().references('work_order.id'))
      .addColumn('work_order_step_id', 'integer', (c) => c.notNull().references('work_order_step.id'))
      .addColumn('work_center_id', 'integer', (c) => c.references('work_center.id'))
      .addColumn('work_time_type', 'text', (c) => c.notNull())
      .addColumn('produced', 'bigint')
      .addColumn('scrap', 'bigint')
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text')
      .addColumn('license_plate', 'text')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
      .addColumn('flushed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('flushed_at', 'text')
      .addColumn('flush_error_key', 'text')
      .addColumn('flush_error_args', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('work_time_entry_user_idx')
      .on('work_time_entry')
      .columns(['user_id', 'flushed'])
      .execute();
    await db.schema.createIndex('work_time_entry_order_idx').on('work_time_entry').column('work_order_id').execute();
    // At most one running entry per user (both databases support partial indexes).
    await sql`create unique index work_time_entry_running_idx on work_time_entry (user_id) where end_time is null`.execute(
      db,
    );
  },
};
