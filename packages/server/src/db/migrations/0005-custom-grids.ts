import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Custom grids (features/custom-grids) and unique location barcodes (features/bin-locations).
 *
 * - custom_grid: the admin-configured grids of an object type (items, binLocations, batches,
 *   serials), shown in that object's detail view. `position` is the grid's index in the API;
 *   `source` names one of the server's built-in queries (never SQL); `columns` is JSON
 *   [{label, name, referenceToObject}] mapping the query's result columns to grid columns.
 * - bin_location.barcode_lower becomes unique (NULLs stay allowed, many times), so two
 *   concurrent setBarcode calls can not give two locations one barcode. It replaces the plain
 *   index of 0003.
 */
export const customGridsMigration: VersionedMigration = {
  name: '0005-custom-grids',
  async up(db, dialect) {
    await withId(db.schema.createTable('custom_grid'), dialect)
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('custom_grid_type_position_unique', ['object_type', 'position'])
      .execute();

    await db.schema.dropIndex('bin_location_barcode_idx').execute();
    await db.schema
      .createIndex('bin_location_barcode_unique_idx')
      .on('bin_location')
      .column('barcode_lower')
      .unique()
      .execute();
  },
};
