import {
  codeKey,
  fromThousandths,
  toThousandths,
  type BulkValidationAnswer,
  type ItemPriceLookupAnswer,
  type ItemPriceRow,
  type ItemPriceUpdateAnswer,
  type PriceList,
  type PriceListPricesAnswer,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import { chunked } from '../../util/chunks.js';
import { nowIso, today } from '../../util/time.js';
import { publishItemsChanged } from '../items/item-live.js';
import { findItemRowOrThrow } from '../items/items.service.js';
import { refuseWhenAnyFails, validationAnswer, warningsOf } from './bulk-rows.js';
import { checkPriceRows, type PreparedPrice, type PriceRowInput } from './item-price-rows.js';
import * as repository from './item-prices.repository.js';

/** Item price lists (docs/decisions/0178-item-prices-and-translations.md). */

const toPriceList = (row: {
  code: string;
  name: string;
  currency: string;
  active: number;
  version: number;
  price_count: string | number | null;
}): PriceList => ({
  code: row.code,
  name: row.name,
  currency: row.currency,
  active: row.active === 1,
  priceCount: Number(row.price_count ?? 0),
  version: row.version,
});

export async function listPriceLists(ctx: AppContext): Promise<PriceList[]> {
  return (await repository.listPriceLists(ctx.db)).map(toPriceList);
}

async function findPriceListOrThrow(db: DbOrTx, code: string) {
  const list = await repository.findPriceList(db, codeKey(code));
  if (!list) throw notFound('unknownPriceList', { priceList: code });
  return list;
}

export async function pricesOfList(
  ctx: AppContext,
  code: string,
  query: { item?: string | undefined; offset: number; limit: number },
): Promise<PriceListPricesAnswer> {
  const list = await findPriceListOrThrow(ctx.db, code);
  const itemId = query.item === undefined ? null : (await findItemRowOrThrow(ctx, query.item)).id;
  const page = await repository.pricesOfList(ctx.db, list.id, itemId, query.offset, query.limit);
  return {
    priceList: toPriceList(list),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    rows: page.rows.map((row) => ({
      itemCode: row.item_code,
      itemName: row.item_name,
      minQuantity: fromThousandths(row.min_quantity),
      price: row.price,
      validFrom: row.valid_from,
      validTo: row.valid_to,
    })),
  };
}

const inputsOf = (rows: readonly ItemPriceRow[]): PriceRowInput[] => rows.map((row, index) => ({ ref: index, ...row }));

/** The dry run: every row judged, nothing written. */
export async function validatePrices(ctx: AppContext, rows: readonly ItemPriceRow[]): Promise<BulkValidationAnswer> {
  return validationAnswer(await checkPriceRows(ctx.db, inputsOf(rows)));
}

export interface WrittenPrices {
  createdPriceLists: string[];
  inserted: number;
  updated: number;
  itemCodes: string[];
}

/** Writes passing rows inside `tx`: creates the new lists, upserts the prices, raises the lists' versions. */
export async function writePrices(tx: DbOrTx, prepared: readonly PreparedPrice[]): Promise<WrittenPrices> {
  const at = nowIso();
  const newLists = new Map<string, { code: string; currency: string }>();
  for (const price of prepared) {
    if (price.priceListId === null && price.newListCurrency !== null && !newLists.has(codeKey(price.priceListCode)))
      newLists.set(codeKey(price.priceListCode), { code: price.priceListCode, currency: price.newListCurrency });
  }
  const createdPriceLists = await repository.insertMissingPriceLists(tx, [...newLists.values()], at);
  const newIds = new Map(
    (await repository.priceListsByCodeLower(tx, [...newLists.keys()])).map((list) => [list.code_lower, list.id]),
  );
  const rows = prepared.map((price) => ({
    price_list_id: price.priceListId ?? newIds.get(codeKey(price.priceListCode))!,
    item_id: price.itemId,
    min_quantity: price.minQuantity,
    price: price.price,
    valid_from: price.validFrom,
    valid_to: price.validTo,
  }));
  await repository.upsertPrices(tx, rows, at);
  await repository.touchPriceLists(tx, [...new Set(rows.map((row) => row.price_list_id))], at);
  const updated = prepared.filter((price) => price.replaces).length;
  return {
    createdPriceLists,
    inserted: prepared.length - updated,
    updated,
    itemCodes: [...new Set(prepared.map((price) => price.itemCode))],
  };
}

/** ITEM_CHANGED for the items whose prices changed, in messages of at most 500 codes. */
export function publishPricedItems(ctx: AppContext, itemCodes: readonly string[]): void {
  for (const part of chunked(itemCodes)) publishItemsChanged(ctx, part);
}

/** The same checks as validate, in the write's transaction; any ERROR row writes nothing (422 rowsHaveErrors). */
export async function updatePrices(ctx: AppContext, rows: readonly ItemPriceRow[]): Promise<ItemPriceUpdateAnswer> {
  const { written, warnings } = await ctx.db.transaction().execute(async (tx) => {
    const verdicts = await checkPriceRows(tx, inputsOf(rows));
    refuseWhenAnyFails(verdicts);
    return {
      written: await writePrices(
        tx,
        verdicts.map((verdict) => verdict.prepared!),
      ),
      warnings: warningsOf(verdicts),
    };
  });
  publishPricedItems(ctx, written.itemCodes);
  return {
    createdPriceLists: written.createdPriceLists,
    inserted: written.inserted,
    updated: written.updated,
    warnings,
  };
}

/** The price of a quantity of the item on a date (itemPrice); price null when none applies or the list is inactive. */
export async function lookupItemPrice(
  ctx: AppContext,
  code: string,
  query: { priceList: string; quantity: number; date?: string | undefined },
): Promise<ItemPriceLookupAnswer> {
  const item = await findItemRowOrThrow(ctx, code);
  const list = await findPriceListOrThrow(ctx.db, query.priceList);
  const date = query.date ?? today();
  const found =
    list.active === 1
      ? await repository.applicablePrice(ctx.db, list.id, item.id, toThousandths(query.quantity), date)
      : undefined;
  return {
    itemCode: item.code,
    priceList: list.code,
    currency: list.currency,
    quantity: fromThousandths(toThousandths(query.quantity)),
    date,
    price: found
      ? {
          minQuantity: fromThousandths(found.min_quantity),
          price: found.price,
          validFrom: found.valid_from,
          validTo: found.valid_to,
        }
      : null,
  };
}
