import type { ImportColumn, Language } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { parseDateCell, parseNumberCell } from '../importers/import-cells.js';
import type { CheckedRow, ImportCreated, Importer, SourceRow } from '../importers/importer.js';
import { importMessagesOf } from './bulk-rows.js';
import { checkPriceRows, type CellReader, type PreparedPrice } from './item-price-rows.js';
import { publishPricedItems, writePrices } from './item-prices.service.js';
import { localeDecimalText } from './price-decimal.js';

/**
 * /order/item_price_importer (kind item_prices, role priceListUpload): a price list file goes
 * through the very check of pricelists/validate (checkPriceRows) and the write of
 * pricelists/update (writePrices). Each row is its own group. Prices and quantities are read in
 * the user's locale and kept as exact decimal text; dates are ISO, DD-MM-YYYY or Excel serials.
 */
export const itemPriceColumns: readonly ImportColumn[] = [
  {
    name: 'priceList',
    required: true,
    type: 'text',
    aliases: ['Price list', 'Prijslijst', 'Preisliste', 'Cennik', 'Pricelist', 'Price list code'],
  },
  {
    name: 'itemCode',
    required: true,
    type: 'text',
    aliases: ['Item code', 'Artikelcode', 'Artikelnummer', 'Kod artykułu', 'Item', 'Artikel', 'Indeks'],
  },
  {
    name: 'price',
    required: true,
    type: 'number',
    aliases: ['Price', 'Prijs', 'Preis', 'Cena', 'Unit price', 'Stukprijs', 'Stückpreis', 'Cena jednostkowa'],
  },
  { name: 'currency', required: false, type: 'text', aliases: ['Currency', 'Valuta', 'Währung', 'Waluta'] },
  {
    name: 'minQuantity',
    required: false,
    type: 'number',
    aliases: [
      'Minimum quantity',
      'Minimum aantal',
      'Mindestmenge',
      'Ilość minimalna',
      'From quantity',
      'Vanaf aantal',
      'Ab Menge',
      'Od ilości',
    ],
  },
  {
    name: 'validFrom',
    required: false,
    type: 'date',
    aliases: ['Valid from', 'Geldig vanaf', 'Gültig ab', 'Ważne od'],
  },
  { name: 'validTo', required: false, type: 'date', aliases: ['Valid to', 'Geldig tot', 'Gültig bis', 'Ważne do'] },
];

/** Cells in the user's locale; a price keeps the digits of its text (localeDecimalText). */
export const importCellReader = (language: Language): CellReader => ({
  decimal: (text) => localeDecimalText(text, language),
  number: (text) => parseNumberCell(text, language),
  date: parseDateCell,
});

const cell = (row: SourceRow, column: string): string => row.values[column] ?? '';

export const itemPriceImporter: Importer<PreparedPrice> = {
  kind: 'item_prices',
  columns: itemPriceColumns,
  async check(db: DbOrTx, rows: readonly SourceRow[], run): Promise<CheckedRow<PreparedPrice>[]> {
    const verdicts = await checkPriceRows(
      db,
      rows.map((row) => ({
        ref: row.rowNumber,
        priceList: cell(row, 'priceList'),
        itemCode: cell(row, 'itemCode'),
        price: cell(row, 'price'),
        currency: cell(row, 'currency'),
        minQuantity: cell(row, 'minQuantity'),
        validFrom: cell(row, 'validFrom'),
        validTo: cell(row, 'validTo'),
      })),
      importCellReader(run.language),
    );
    return verdicts.map((verdict) => ({
      rowNumber: verdict.ref,
      messages: importMessagesOf(verdict.messages),
      group: null,
      ...(verdict.prepared ? { prepared: verdict.prepared } : {}),
    }));
  },
  async commit(tx: Tx, rows: readonly CheckedRow<PreparedPrice>[]): Promise<ImportCreated[]> {
    const written = await writePrices(
      tx,
      rows.flatMap((row) => (row.prepared ? [row.prepared] : [])),
    );
    return [
      ...written.createdPriceLists.map((code) => ({ type: 'PRICE_LIST', code })),
      ...written.itemCodes.map((code) => ({ type: 'ITEM_PRICE', code })),
    ];
  },
  afterCommit(ctx: AppContext, created: readonly ImportCreated[]): Promise<void> {
    publishPricedItems(ctx, [...new Set(created.filter((c) => c.type === 'ITEM_PRICE').map((c) => c.code))]);
    return Promise.resolve();
  },
};
