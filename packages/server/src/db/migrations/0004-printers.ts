import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Printers: configured records that labels are sent to (features/printers). Names are unique
 * case-insensitively (name_lower). print_type, paper and label_format hold the contract's enum
 * names; active is 0/1; version is the optimistic lock of admin edits (HTTP 412 when stale).
 */
export const printersMigration: VersionedMigration = {
  name: '0004-printers',
  async up(db, dialect) {
    await withId(db.schema.createTable('printer'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_lower', 'text', (c) => c.notNull().unique())
      .addColumn('print_type', 'text', (c) => c.notNull())
      .addColumn('host', 'text')
      .addColumn('port', 'integer', (c) => c.notNull().defaultTo(9100))
      .addColumn('folder', 'text')
      .addColumn('paper', 'text', (c) => c.notNull().defaultTo('LABEL'))
      .addColumn('label_format', 'text', (c) => c.notNull().defaultTo('ZPL'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
