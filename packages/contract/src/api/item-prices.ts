import { z } from 'zod';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { importRowStatuses } from './importers.js';
import { itemCodeParamSchema } from './items.js';

/**
 * Item price lists (docs/decisions/0178-item-prices-and-translations.md). A price list (code,
 * name, ISO 4217 currency, active) holds prices per item with quantity breaks (minQuantity) and
 * an optional validity (validFrom, validTo: ISO dates, both inclusive). Prices are exact decimal
 * text with at most 6 decimals ("12.5", never a float); minQuantity is a quantity (at most three
 * decimals, stored as thousandths).
 *
 * - GET  /api/v1/item/pricelists: every price list (priceListUpload).
 * - GET  /api/v1/item/pricelists/{list}?item&offset&limit: the list's prices, by item code, minQuantity
 *   and validFrom; at most 1000 per page (priceListUpload). 404 unknownPriceList {priceList}.
 * - POST /api/v1/item/pricelists/validate {rows}: the dry run: every row checked, nothing written;
 *   per row {index, status VALID | WARNING | ERROR, messages} (priceListUpload).
 * - POST /api/v1/item/pricelists/update {rows, mode: UPSERT}: the same checks, then every row written
 *   in one transaction (a price with the same list, item, minQuantity and validFrom is replaced).
 *   Any ERROR row writes nothing: 422 rowsHaveErrors {errors, rows: the failing row results (at
 *   most 1000)} (priceListUpload).
 * - GET  /api/v1/item/{code}/itemPrice?priceList&quantity&date: the applicable price: valid on the
 *   date (default today), the highest minQuantity not above the quantity (default 1), of those the
 *   latest validFrom; price null when none applies or the list is inactive (information).
 *   404 unknownItemForCode {code}, unknownPriceList {priceList}.
 *
 * A row naming a price list that does not exist creates it (name = code) when the row gives a
 * currency; later rows of that list may leave the currency out; a row before any such row is
 * refused (unknownPriceList). At most 20,000 rows per call.
 *
 * Row refusals (messages, each with the row's field): unknownItemForCode {code},
 * unknownPriceList {priceList}, notANumber {value} (price), invalidPrice {price} (negative, more
 * than 12 digits before or 6 after the decimal point), invalidCurrency {currency},
 * priceListCurrencyMismatch {priceList, currency, expected}, invalidDate {value},
 * validToBeforeValidFrom {validFrom, validTo}, quantityNegative {value} (minQuantity; the API's
 * schema refuses it with 400 already, an import file gets the message), duplicateInFile {rows}
 * (the same list, item, minQuantity and validFrom in another row: their indexes).
 */
export const priceRowsMax = 20_000;
export const priceDecimalsMax = 6;
export const priceIntegerDigitsMax = 12;
export const priceListPageMax = 1000;

const code = z.string().trim().min(1).max(100);

/** One message about a row: an ERROR fails the row, a WARNING lets it pass. */
export const bulkRowMessageSchema = z.object({
  severity: z.enum(['ERROR', 'WARNING']),
  /** The row's field the message is about; null for the row as a whole. */
  field: z.string().nullable(),
  key: z.string(),
  args: z.record(z.string(), z.unknown()),
});
export type BulkRowMessage = z.infer<typeof bulkRowMessageSchema>;

/** The verdict on one row of a bulk request; index is the row's position in `rows` (0-based). */
export const bulkRowResultSchema = z.object({
  index: z.number().int(),
  status: z.enum(importRowStatuses),
  messages: z.array(bulkRowMessageSchema),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

/** The answer of a bulk validate: every row's verdict and the counts. */
export const bulkValidationAnswerSchema = z.object({
  counts: z.object({ valid: z.number().int(), warning: z.number().int(), error: z.number().int() }),
  rows: z.array(bulkRowResultSchema),
});
export type BulkValidationAnswer = z.infer<typeof bulkValidationAnswerSchema>;

/** One price as a client sends it. Format rules are row checks (messages), not schema refusals. */
export const itemPriceRowSchema = z.object({
  priceList: code,
  itemCode: code,
  /** Decimal text with a dot ("12.50"), or a JSON number (taken as its shortest decimal text). */
  price: z.union([z.string().trim().min(1).max(40), z.number().finite()]),
  /** ISO 4217; must equal the list's currency; creates the list when it does not exist. */
  currency: z.string().trim().max(10).nullish(),
  /** The quantity break: the price applies from this quantity on (default 0: any quantity). */
  minQuantity: z.number().finite().min(0).max(1e12).nullish(),
  /** ISO dates (YYYY-MM-DD), inclusive; absent: open-ended. */
  validFrom: z.string().trim().max(40).nullish(),
  validTo: z.string().trim().max(40).nullish(),
});
export type ItemPriceRow = z.input<typeof itemPriceRowSchema>;

export const itemPriceRowsRequestSchema = z.object({ rows: z.array(itemPriceRowSchema).min(1).max(priceRowsMax) });
export type ItemPriceRowsRequest = z.input<typeof itemPriceRowsRequestSchema>;
export const itemPriceUpdateRequestSchema = itemPriceRowsRequestSchema.extend({
  mode: z.literal('UPSERT').default('UPSERT'),
});
export type ItemPriceUpdateRequest = z.input<typeof itemPriceUpdateRequestSchema>;

export const itemPriceUpdateAnswerSchema = z.object({
  /** Codes of the price lists the rows created. */
  createdPriceLists: z.array(z.string()),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Rows that passed with a WARNING. */
  warnings: z.array(bulkRowResultSchema),
});
export type ItemPriceUpdateAnswer = z.infer<typeof itemPriceUpdateAnswerSchema>;

export const priceListSchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  active: z.boolean(),
  priceCount: z.number().int(),
  version: z.number().int(),
});
export type PriceList = z.infer<typeof priceListSchema>;
export const priceListsAnswerSchema = z.array(priceListSchema);

export const itemPriceSchema = z.object({
  itemCode: z.string(),
  itemName: z.string(),
  minQuantity: z.number(),
  price: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
});
export type ItemPrice = z.infer<typeof itemPriceSchema>;

export const priceListParamsSchema = z.object({ list: code });
export const priceListPricesQuerySchema = z.object({
  item: z.string().trim().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(priceListPageMax).default(100),
});
export type PriceListPricesQuery = z.input<typeof priceListPricesQuerySchema>;
export const priceListPricesAnswerSchema = z.object({
  priceList: priceListSchema,
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  rows: z.array(itemPriceSchema),
});
export type PriceListPricesAnswer = z.infer<typeof priceListPricesAnswerSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const itemPriceLookupQuerySchema = z.object({
  priceList: code,
  quantity: z.coerce.number().finite().min(0).max(1e12).default(1),
  date: isoDate.optional(),
});
export type ItemPriceLookupQuery = z.input<typeof itemPriceLookupQuerySchema>;
export const itemPriceLookupAnswerSchema = z.object({
  itemCode: z.string(),
  priceList: z.string(),
  currency: z.string(),
  quantity: z.number(),
  date: z.string(),
  /** The applicable price, or null when none applies (or the list is inactive). */
  price: itemPriceSchema.omit({ itemCode: true, itemName: true }).nullable(),
});
export type ItemPriceLookupAnswer = z.infer<typeof itemPriceLookupAnswerSchema>;

const upload = rolesAccess('priceListUpload');

export const itemPriceEndpoints = defineEndpoints('itemPrices', {
  lists: { method: 'GET', path: '/api/v1/item/pricelists', access: upload, answer: priceListsAnswerSchema },
  prices: {
    method: 'GET',
    path: '/api/v1/item/pricelists/:list',
    access: upload,
    params: priceListParamsSchema,
    query: priceListPricesQuerySchema,
    answer: priceListPricesAnswerSchema,
  },
  validate: {
    method: 'POST',
    path: '/api/v1/item/pricelists/validate',
    access: upload,
    body: itemPriceRowsRequestSchema,
    answer: bulkValidationAnswerSchema,
  },
  update: {
    method: 'POST',
    path: '/api/v1/item/pricelists/update',
    access: upload,
    body: itemPriceUpdateRequestSchema,
    answer: itemPriceUpdateAnswerSchema,
  },
  itemPrice: {
    method: 'GET',
    path: '/api/v1/item/:code/itemPrice',
    access: rolesAccess('information'),
    params: itemCodeParamSchema,
    query: itemPriceLookupQuerySchema,
    answer: itemPriceLookupAnswerSchema,
  },
});
