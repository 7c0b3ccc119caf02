import { codeKey, toThousandths, type BulkRowMessage } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { markDuplicates, rowError, rowWarning, type RowVerdict } from './bulk-rows.js';
import * as repository from './item-prices.repository.js';
import { canonicalDecimal, decimalOfNumber, isPrice } from './price-decimal.js';

/**
 * The one check of price rows (docs/decisions/0178-item-prices-and-translations.md): pricelists
 * validate and update, and the item_prices importer's dry run and commit, all run this, so what
 * the dry run accepts is exactly what a write accepts. Lookups are batched (a query per 500
 * codes), never one per row.
 */

/** A price row as it came in: API fields, or an import file's cell texts. */
export interface PriceRowInput {
  ref: number;
  priceList: string;
  itemCode: string;
  price: string | number;
  currency?: string | null | undefined;
  minQuantity?: string | number | null | undefined;
  validFrom?: string | null | undefined;
  validTo?: string | null | undefined;
}

/** How texts are read: the API takes plain decimals and ISO dates, an import file the user's locale. */
export interface CellReader {
  /** Exact decimal text with a dot, or null when the text is not a number. */
  decimal(text: string): string | null;
  /** A number, or null when the text is not one. */
  number(text: string): number | null;
  /** An ISO date (YYYY-MM-DD), or null when the text is not a date. */
  date(text: string): string | null;
}

/** What the write needs of a passing row. */
export interface PreparedPrice {
  priceListCode: string;
  /** null: the list does not exist yet and this row creates it in `newListCurrency`. */
  priceListId: number | null;
  newListCurrency: string | null;
  itemId: number;
  itemCode: string;
  /** Thousandths. */
  minQuantity: number;
  price: string;
  validFrom: string | null;
  validTo: string | null;
  /** A price with the same list, item, min quantity and valid from is stored: the write replaces it. */
  replaces: boolean;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The API's reader: decimals with a dot, numbers, ISO calendar dates. */
export const apiCellReader: CellReader = {
  decimal: canonicalDecimal,
  number: (text) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : null),
  date(text) {
    const match = isoDatePattern.exec(text.trim());
    if (!match) return null;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return date.toISOString().slice(0, 10) === match[0] ? match[0] : null;
  },
};

const currencyCodes: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
const blank = (value: string | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || value.trim() === '';

interface Parsed {
  verdict: RowVerdict<PreparedPrice>;
  listKey: string;
  itemKey: string;
  price: string | null;
  currency: string | null;
  minQuantity: number | null;
  validFrom: string | null;
  validTo: string | null;
}

/** The row's own fields: required, numbers, currency, dates (no database). */
function parseRow(row: PriceRowInput, reader: CellReader): Parsed {
  const messages: BulkRowMessage[] = [];
  const priceList = row.priceList.trim();
  const itemCode = row.itemCode.trim();
  if (priceList === '') messages.push(rowError('priceList', 'importValueRequired'));
  if (itemCode === '') messages.push(rowError('itemCode', 'importValueRequired'));

  let price: string | null = null;
  const priceText = typeof row.price === 'number' ? String(row.price) : row.price.trim();
  if (priceText === '') messages.push(rowError('price', 'importValueRequired'));
  else {
    price = typeof row.price === 'number' ? decimalOfNumber(row.price) : reader.decimal(priceText);
    if (price === null && typeof row.price === 'number')
      messages.push(rowError('price', 'invalidPrice', { price: priceText }));
    else if (price === null) messages.push(rowError('price', 'notANumber', { value: priceText }));
    else if (!isPrice(price)) {
      messages.push(rowError('price', 'invalidPrice', { price: priceText }));
      price = null;
    }
  }

  let currency: string | null = null;
  if (!blank(row.currency)) {
    currency = row.currency.trim().toUpperCase();
    if (!currencyCodes.has(currency)) {
      messages.push(rowError('currency', 'invalidCurrency', { currency: row.currency.trim() }));
      currency = null;
    }
  }

  let minQuantity: number | null = 0;
  if (typeof row.minQuantity === 'number' || !blank(row.minQuantity)) {
    const text = String(row.minQuantity).trim();
    const value = typeof row.minQuantity === 'number' ? row.minQuantity : reader.number(text);
    minQuantity = null;
    if (value === null || !Number.isFinite(value) || Math.abs(value) > 1e12)
      messages.push(rowError('minQuantity', 'notANumber', { value: text }));
    else if (toThousandths(value) < 0) messages.push(rowError('minQuantity', 'quantityNegative', { value }));
    else minQuantity = toThousandths(value);
  }

  const readDate = (field: 'validFrom' | 'validTo', text: string | null | undefined): string | null => {
    if (blank(text)) return null;
    const date = reader.date(text);
    if (date === null) messages.push(rowError(field, 'invalidDate', { value: text.trim() }));
    return date;
  };
  const validFrom = readDate('validFrom', row.validFrom);
  const validTo = readDate('validTo', row.validTo);
  if (validFrom !== null && validTo !== null && validTo < validFrom)
    messages.push(rowError('validTo', 'validToBeforeValidFrom', { validFrom, validTo }));

  return {
    verdict: { ref: row.ref, messages },
    listKey: codeKey(priceList),
    itemKey: codeKey(itemCode),
    price,
    currency,
    minQuantity,
    validFrom,
    validTo,
  };
}

/** Judges every row; `db` is the database for a dry run, the write's transaction for a write. */
export async function checkPriceRows(
  db: DbOrTx,
  rows: readonly PriceRowInput[],
  reader: CellReader = apiCellReader,
): Promise<RowVerdict<PreparedPrice>[]> {
  const parsed = rows.map((row) => parseRow(row, reader));
  const listKeys = [...new Set(parsed.map((p) => p.listKey).filter((key) => key !== ''))];
  const itemKeys = [...new Set(parsed.map((p) => p.itemKey).filter((key) => key !== ''))];
  const lists = new Map((await repository.priceListsByCodeLower(db, listKeys)).map((l) => [l.code_lower, l]));
  const items = new Map((await repository.itemsByCodeLower(db, itemKeys)).map((i) => [i.code_lower, i]));
  const stored = await repository.existingPriceKeys(
    db,
    [...lists.values()].map((list) => list.id),
    [...items.values()].map((item) => item.id),
  );
  const storedKeys = new Set(
    stored.map((k) => `${k.price_list_id}|${k.item_id}|${k.min_quantity}|${k.valid_from_key}`),
  );
  /**
   * The currency of a list that does not exist yet: the first row naming it with a currency sets it
   * and creates it; later rows of it may leave the currency out, earlier ones may not (an importer
   * writes rows in file order, so the creating row always goes first).
   */
  const newListCurrencies = new Map<string, string>();

  const duplicates: { ref: number; key: string | null; messages: BulkRowMessage[] }[] = [];
  parsed.forEach((p, at) => {
    const { messages } = p.verdict;
    const row = rows[at]!;
    const list = lists.get(p.listKey);
    const item = items.get(p.itemKey);
    if (p.itemKey !== '' && !item)
      messages.push(rowError('itemCode', 'unknownItemForCode', { code: row.itemCode.trim() }));
    else if (item && item.active !== 1) messages.push(rowWarning('itemCode', 'itemInactive', { code: item.code }));

    const priceList = row.priceList.trim();
    let newListCurrency: string | null = null;
    if (p.listKey !== '' && list) {
      if (p.currency !== null && p.currency !== list.currency)
        messages.push(
          rowError('currency', 'priceListCurrencyMismatch', {
            priceList: list.code,
            currency: p.currency,
            expected: list.currency,
          }),
        );
    } else if (p.listKey !== '') {
      const expected = newListCurrencies.get(p.listKey);
      if (p.currency === null) {
        if (expected !== undefined) newListCurrency = expected;
        else if (blank(row.currency)) messages.push(rowError('priceList', 'unknownPriceList', { priceList }));
      } else if (expected === undefined) {
        newListCurrencies.set(p.listKey, p.currency);
        newListCurrency = p.currency;
      } else if (expected !== p.currency) {
        messages.push(rowError('currency', 'priceListCurrencyMismatch', { priceList, currency: p.currency, expected }));
      } else newListCurrency = p.currency;
    }

    const readable =
      p.listKey !== '' && p.itemKey !== '' && p.minQuantity !== null && !messages.some((m) => m.field === 'validFrom');
    const key = readable ? `${p.listKey}\u0000${p.itemKey}\u0000${p.minQuantity}\u0000${p.validFrom ?? ''}` : null;
    duplicates.push({ ref: p.verdict.ref, key, messages });

    if (item && (list || newListCurrency !== null) && p.price !== null && p.minQuantity !== null) {
      p.verdict.prepared = {
        priceListCode: list?.code ?? priceList,
        priceListId: list?.id ?? null,
        newListCurrency: list ? null : newListCurrency,
        itemId: item.id,
        itemCode: item.code,
        minQuantity: p.minQuantity,
        price: p.price,
        validFrom: p.validFrom,
        validTo: p.validTo,
        replaces: list !== undefined && storedKeys.has(`${list.id}|${item.id}|${p.minQuantity}|${p.validFrom ?? ''}`),
      };
    }
  });
  markDuplicates(duplicates, null);
  return parsed.map((p) => {
    const failed = p.verdict.messages.some((message) => message.severity === 'ERROR');
    return failed ? { ref: p.verdict.ref, messages: p.verdict.messages } : p.verdict;
  });
}
