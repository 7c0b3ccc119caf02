import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * The packing slip log (features/packing-slip; PROCESSES.md 3.9): every download (PREVIEW) and
 * every print (PRINT, then REPRINT) of a delivery's packing slip, with who and when. The delivery's
 * code is kept beside its id so the log reads without a join and survives a renamed document.
 */
export const packingSlipPrintsMigration: VersionedMigration = {
  name: '0030-packing-slip-prints',
  async up(db, dialect) {
    await withId(db.schema.createTable('packing_slip_print'), dialect)
      .addColumn('delivery_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('delivery_code', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('printer', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('packing_slip_print_delivery_idx')
      .on('packing_slip_print')
      .column('delivery_id')
      .execute();
  },
};
