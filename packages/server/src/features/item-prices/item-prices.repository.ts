import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { chunked } from '../../util/chunks.js';

/** Every SQL statement of item price lists (features/item-prices). min_quantity is thousandths; price is decimal text. */

// Codes per IN list and rows per multi-row insert: chunked's 500 (8 values a row, far below both databases' limits).

export interface PriceListRef {
  id: number;
  code: string;
  code_lower: string;
  currency: string;
  active: number;
}

export async function priceListsByCodeLower(db: DbOrTx, keys: readonly string[]): Promise<PriceListRef[]> {
  const found: PriceListRef[] = [];
  for (const chunk of chunked(keys)) {
    found.push(
      ...(await db
        .selectFrom('price_list')
        .select(['id', 'code', 'code_lower', 'currency', 'active'])
        .where('code_lower', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

export interface ItemRef {
  id: number;
  code: string;
  code_lower: string;
  active: number;
}

/** Items by code only (not barcodes), case-insensitive. */
export async function itemsByCodeLower(db: DbOrTx, keys: readonly string[]): Promise<ItemRef[]> {
  const found: ItemRef[] = [];
  for (const chunk of chunked(keys)) {
    found.push(
      ...(await db
        .selectFrom('item')
        .select(['id', 'code', 'code_lower', 'active'])
        .where('code_lower', 'in', chunk)
        .execute()),
    );
  }
  return found;
}

export interface PriceKey {
  price_list_id: number;
  item_id: number;
  min_quantity: number;
  valid_from_key: string;
}

/** The keys of the stored prices of these items in these lists. */
export async function existingPriceKeys(
  db: DbOrTx,
  listIds: readonly number[],
  itemIds: readonly number[],
): Promise<PriceKey[]> {
  if (listIds.length === 0 || itemIds.length === 0) return [];
  const found: PriceKey[] = [];
  for (const lists of chunked(listIds)) {
    for (const items of chunked(itemIds)) {
      const rows = await db
        .selectFrom('item_price')
        .select(['price_list_id', 'item_id', 'min_quantity', 'valid_from_key'])
        .where('price_list_id', 'in', lists)
        .where('item_id', 'in', items)
        .execute();
      found.push(...rows.map((row) => ({ ...row, min_quantity: Number(row.min_quantity) })));
    }
  }
  return found;
}

/** Creates the lists that do not exist yet (name = code); answers the codes it created. */
export async function insertMissingPriceLists(
  tx: DbOrTx,
  lists: readonly { code: string; currency: string }[],
  at: string,
): Promise<string[]> {
  const created: string[] = [];
  for (const list of lists) {
    const row = await tx
      .insertInto('price_list')
      .values({
        code: list.code,
        code_lower: codeKey(list.code),
        name: list.code,
        currency: list.currency,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('code_lower').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (row) created.push(row.code);
  }
  return created;
}

export interface NewPrice {
  price_list_id: number;
  item_id: number;
  min_quantity: number;
  price: string;
  valid_from: string | null;
  valid_to: string | null;
}

/** Inserts the prices, replacing the one with the same list, item, min quantity and valid from. */
export async function upsertPrices(tx: DbOrTx, prices: readonly NewPrice[], at: string): Promise<void> {
  for (const chunk of chunked(prices)) {
    await tx
      .insertInto('item_price')
      .values(chunk.map((price) => ({ ...price, valid_from_key: price.valid_from ?? '', updated_at: at })))
      .onConflict((oc) =>
        oc.columns(['price_list_id', 'item_id', 'min_quantity', 'valid_from_key']).doUpdateSet((eb) => ({
          price: eb.ref('excluded.price'),
          valid_to: eb.ref('excluded.valid_to'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** Raises the version of the lists whose prices changed. */
export async function touchPriceLists(tx: DbOrTx, listIds: readonly number[], at: string): Promise<void> {
  for (const chunk of chunked(listIds)) {
    await tx
      .updateTable('price_list')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/** Every price list with its number of prices, by code. */
export function listPriceLists(db: DbOrTx) {
  return db
    .selectFrom('price_list as l')
    .select(['l.id', 'l.code', 'l.name', 'l.currency', 'l.active', 'l.version'])
    .select((eb) =>
      eb
        .selectFrom('item_price as p')
        .whereRef('p.price_list_id', '=', 'l.id')
        .select((inner) => inner.fn.countAll<string | number>().as('n'))
        .as('price_count'),
    )
    .orderBy('l.code_lower')
    .execute();
}

/** A page of a list's prices (optionally of one item), by item code, min quantity and valid from. */
export async function pricesOfList(db: DbOrTx, listId: number, itemId: number | null, offset: number, limit: number) {
  let base = db
    .selectFrom('item_price as p')
    .innerJoin('item as i', 'i.id', 'p.item_id')
    .where('p.price_list_id', '=', listId);
  if (itemId !== null) base = base.where('p.item_id', '=', itemId);
  const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['i.code as item_code', 'i.name as item_name', 'p.min_quantity', 'p.price', 'p.valid_from', 'p.valid_to'])
    .orderBy('i.code_lower')
    .orderBy('p.min_quantity')
    .orderBy('p.valid_from_key')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(total.n), rows };
}

/**
 * The price that applies to a quantity (thousandths) on a date: valid on it, the highest min
 * quantity not above the quantity, of those the latest valid from.
 */
export function applicablePrice(db: DbOrTx, listId: number, itemId: number, quantity: number, date: string) {
  return db
    .selectFrom('item_price')
    .select(['min_quantity', 'price', 'valid_from', 'valid_to'])
    .where('price_list_id', '=', listId)
    .where('item_id', '=', itemId)
    .where('min_quantity', '<=', quantity)
    .where((eb) => eb.or([eb('valid_from', 'is', null), eb('valid_from', '<=', date)]))
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', date)]))
    .orderBy('min_quantity', 'desc')
    .orderBy('valid_from_key', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findPriceList(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('price_list as l')
    .select(['l.id', 'l.code', 'l.name', 'l.currency', 'l.active', 'l.version'])
    .select(sql<number>`(select count(*) from item_price p where p.price_list_id = l.id)`.as('price_count'))
    .where('l.code_lower', '=', codeLower)
    .executeTakeFirst();
}
