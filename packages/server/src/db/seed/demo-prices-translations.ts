import { codeKey, toThousandths } from '@wms/contract';
import type { Tx } from '../database.js';

/**
 * Price list and translation demo data (docs/decisions/0178-item-prices-and-translations.md),
 * after seedDemoMasterData in the same transaction: price list STANDARD (EUR) with quantity breaks
 * for ITEM-001 and a price for ITEM-002, and the Dutch, German and Polish names of both items (no
 * English ones: an English user sees the items' own names).
 */
const prices = [
  { item: 'ITEM-001', minQuantity: 0, price: '0.15' },
  { item: 'ITEM-001', minQuantity: 144, price: '0.12' },
  { item: 'ITEM-001', minQuantity: 1440, price: '0.1' },
  { item: 'ITEM-002', minQuantity: 0, price: '0.03' },
];

const translations = [
  { item: 'ITEM-001', language: 'nl', name: 'Zeskantbout M8x40', secondName: 'verzinkt' },
  { item: 'ITEM-001', language: 'de', name: 'Sechskantschraube M8x40', secondName: 'verzinkt' },
  { item: 'ITEM-001', language: 'pl', name: 'Śruba sześciokątna M8x40', secondName: 'ocynkowana' },
  { item: 'ITEM-002', language: 'nl', name: 'Sluitring M8', secondName: null },
  { item: 'ITEM-002', language: 'de', name: 'Unterlegscheibe M8', secondName: null },
  { item: 'ITEM-002', language: 'pl', name: 'Podkładka M8', secondName: null },
];

export async function seedDemoPricesAndTranslations(tx: Tx, at: string): Promise<void> {
  const itemIds = new Map(
    (
      await tx
        .selectFrom('item')
        .select(['id', 'code_lower'])
        .where('code_lower', 'in', ['item-001', 'item-002'])
        .execute()
    ).map((row) => [row.code_lower, row.id]),
  );
  const item = (code: string) => itemIds.get(codeKey(code))!;
  const list = await tx
    .insertInto('price_list')
    .values({
      code: 'STANDARD',
      code_lower: 'standard',
      name: 'Standard prices',
      currency: 'EUR',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('item_price')
    .values(
      prices.map((row) => ({
        price_list_id: list.id,
        item_id: item(row.item),
        min_quantity: toThousandths(row.minQuantity),
        price: row.price,
        valid_from: null,
        valid_from_key: '',
        valid_to: null,
        updated_at: at,
      })),
    )
    .execute();
  await tx
    .insertInto('item_translation')
    .values(
      translations.map((row) => ({
        item_id: item(row.item),
        language: row.language,
        name: row.name,
        second_name: row.secondName,
        updated_at: at,
      })),
    )
    .execute();
}
