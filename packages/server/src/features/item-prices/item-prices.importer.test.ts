import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeKey, topics } from '@wms/contract';
import { makeItem, uniqueCode } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { ImportRunContext, SourceRow } from '../importers/importer.js';
import { rowPasses } from '../importers/importer.js';
import { itemPriceImporter } from './item-prices.importer.js';
import { localeDecimalText } from './price-decimal.js';

describe('item_prices importer', () => {
  let t: TestApp;
  let item: string;
  const db = () => t.app.ctx.db;
  const run = (language: ImportRunContext['language']): ImportRunContext => ({
    ctx: t.app.ctx,
    principal: { userId: 1, username: 'admin', expandedRoles: new Set(), sessionId: null, apiKeyId: null },
    language,
  });
  const source = (rowNumber: number, values: Record<string, string>): SourceRow => ({ rowNumber, values });

  beforeAll(async () => {
    t = await buildTestApp();
    item = (await makeItem(db())).code;
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('reads prices in the user locale as exact decimal text', () => {
    expect(localeDecimalText('1.234,5', 'nl')).toBe('1234.5');
    expect(localeDecimalText('12,50', 'de')).toBe('12.5');
    expect(localeDecimalText('12.5', 'nl')).toBe('12.5');
    expect(localeDecimalText('1,234.5', 'en')).toBe('1234.5');
    expect(localeDecimalText('1 234,000001', 'pl')).toBe('1234.000001');
    expect(localeDecimalText('0.30000000000000004', 'en')).toBe('0.3');
    expect(localeDecimalText('0,1234567', 'nl')).toBe('0.1234567');
    expect(localeDecimalText('12 euro', 'nl')).toBeNull();
  });

  it('checks rows with the pricelists checks: a bad row is reported by its row number, column, key and args', async () => {
    const list = uniqueCode('PL-IMP-');
    const rows = [
      source(2, { priceList: list, itemCode: item, price: '1.234,5', currency: 'EUR', minQuantity: '', validFrom: '' }),
      source(3, { priceList: list, itemCode: item, price: '12,50', minQuantity: '1.000', validFrom: '31-12-2030' }),
      source(4, { priceList: list, itemCode: item, price: '12.5', minQuantity: '10', validFrom: '47848' }),
      source(5, { priceList: list, itemCode: item, price: 'veel', minQuantity: '20' }),
      source(6, { priceList: list, itemCode: item, price: '3', minQuantity: '-1' }),
      source(7, { priceList: list, itemCode: 'NO-SUCH-ITEM', price: '3' }),
      source(8, { priceList: list, itemCode: item.toLowerCase(), price: '4', minQuantity: '0' }),
    ];
    const checked = await itemPriceImporter.check(db(), rows, run('nl'));
    expect(checked.map((row) => [row.rowNumber, row.messages.map((m) => [m.column, m.key, m.args])])).toEqual([
      [2, [[null, 'duplicateInFile', { rows: [8] }]]],
      [3, []],
      [4, []],
      [5, [['price', 'notANumber', { value: 'veel' }]]],
      [6, [['minQuantity', 'quantityNegative', { value: -1 }]]],
      [7, [['itemCode', 'unknownItemForCode', { code: 'NO-SUCH-ITEM' }]]],
      [8, [[null, 'duplicateInFile', { rows: [2] }]]],
    ]);
    expect(checked[1]!.prepared).toMatchObject({
      priceListCode: list,
      priceListId: null,
      newListCurrency: 'EUR',
      price: '12.5',
      minQuantity: 1_000_000,
      validFrom: '2030-12-31',
    });
    expect(checked[2]!.prepared).toMatchObject({ price: '12.5', minQuantity: 10_000, validFrom: '2030-12-31' });
    expect(checked.every((row) => row.group === null)).toBe(true);
    expect(checked.filter(rowPasses).every((row) => row.prepared !== undefined)).toBe(true);
  });

  it('commits passing rows through the update path and refreshes open item views after the commit', async () => {
    const list = uniqueCode('PL-IMP-');
    const rows = [
      source(2, { priceList: list, itemCode: item, price: '1.234,5', currency: 'PLN' }),
      source(3, { priceList: list, itemCode: item, price: '1.000,25', minQuantity: '5' }),
    ];
    const checked = await itemPriceImporter.check(db(), rows, run('pl'));
    expect(checked.every(rowPasses)).toBe(true);
    const created = await db()
      .transaction()
      .execute((tx) => itemPriceImporter.commit(tx, checked, run('pl')));
    expect(created).toEqual([
      { type: 'PRICE_LIST', code: list },
      { type: 'ITEM_PRICE', code: item },
    ]);
    const stored = await db()
      .selectFrom('item_price')
      .innerJoin('price_list', 'price_list.id', 'item_price.price_list_id')
      .select(['item_price.price', 'item_price.min_quantity', 'price_list.currency'])
      .where('price_list.code_lower', '=', codeKey(list))
      .orderBy('item_price.min_quantity')
      .execute();
    expect(stored.map((row) => [row.price, Number(row.min_quantity), row.currency])).toEqual([
      ['1234.5', 0, 'PLN'],
      ['1000.25', 5000, 'PLN'],
    ]);
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    await itemPriceImporter.afterCommit!(t.app.ctx, created);
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [item] });

    // Checked again now that the list exists: the same rows replace the prices.
    const again = await itemPriceImporter.check(db(), rows, run('pl'));
    expect(again.map((row) => row.prepared?.replaces)).toEqual([true, true]);
  });
});
