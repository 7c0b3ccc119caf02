import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Item price lists and item translations (features/item-prices, features/item-translations;
 * docs/decisions/0178-item-prices-and-translations.md).
 *
 * price_list: code unique without regard to case (code_lower), name, currency (ISO 4217),
 * active (0/1), version (raised when its prices change).
 *
 * item_price: one price of an item in a list from a quantity on (min_quantity, integer
 * thousandths, 0 = any quantity) and within an optional validity (valid_from, valid_to: ISO
 * dates, inclusive, null = open). price is exact decimal text ("12.5"), never a float.
 * valid_from_key is valid_from or '' (a unique constraint treats nulls as distinct), so
 * (price_list_id, item_id, min_quantity, valid_from_key) names one price and an upsert replaces it.
 *
 * item_translation: an item's name and second name in one language (nl, en, de, pl).
 */
export const itemPricesTranslationsMigration: VersionedMigration = {
  name: '0025-item-prices-translations',
  async up(db, dialect) {
    await withId(db.schema.createTable('price_list'), dialect)
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('code_lower', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('item_price'), dialect)
      .addColumn('price_list_id', 'integer', (c) => c.notNull().references('price_list.id').onDelete('cascade'))
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id').onDelete('cascade'))
      .addColumn('min_quantity', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`min_quantity >= 0`),
      )
      .addColumn('price', 'text', (c) => c.notNull())
      .addColumn('valid_from', 'text')
      .addColumn('valid_from_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('valid_to', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('item_price_key_unique', ['price_list_id', 'item_id', 'min_quantity', 'valid_from_key'])
      .execute();
    await db.schema.createIndex('item_price_item_idx').on('item_price').columns(['item_id', 'price_list_id']).execute();

    await db.schema
      .createTable('item_translation')
      .addColumn('item_id', 'integer', (c) => c.notNull().references('item.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'nl', 'de', 'pl')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('second_name', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_translation_pk', ['item_id', 'language'])
      .execute();
  },
};
