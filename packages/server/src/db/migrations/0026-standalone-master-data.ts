import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Standalone master data (features/master-data; docs/decisions/0179-standalone-master-data.md).
 *
 * - business_partner gains `active` and `version` (optimistic locking, Decision 0011), like the
 *   other master-data tables; existing partners are active at version 1.
 * - business_partner_address: a partner's addresses (ship-to and others). `code` is unique per
 *   partner without regard to case (`code_lower`); at most one address of a partner has
 *   is_default_ship_to = 1 (kept by the service, which clears the others in the same transaction).
 *   country_code is ISO 3166-1 alpha-2, upper case.
 */
export const standaloneMasterDataMigration: VersionedMigration = {
  name: '0026-standalone-master-data',
  async up(db, dialect) {
    await db.schema
      .alterTable('business_partner')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('business_partner')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withId(db.schema.createTable('business_partner_address'), dialect)
      .addColumn('business_partner_id', 'integer', (c) =>
        c.notNull().references('business_partner.id').onDelete('cascade'),
      )
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('street', 'text')
      .addColumn('postcode', 'text')
      .addColumn('city', 'text')
      .addColumn('country_code', 'text')
      .addColumn('is_default_ship_to', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('business_partner_address_code_unique', ['business_partner_id', 'code_lower'])
      .execute();
  },
};
