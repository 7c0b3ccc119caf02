import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocument, makeUser, uniqueCode } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import {
  importRows,
  messagesByRow,
  orderScene,
  rowsOf,
  runOf,
  storedDocument,
  type OrderScene,
} from './order-importers.test-helper.js';
import { salesOrderImporter as importer } from './sales-orders.importer.js';

describe('sales_orders importer', () => {
  let t: TestApp;
  let db: Db;
  let s: OrderScene;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    s = await orderScene(db);
  });
  afterAll(async () => t.close());

  const address = {
    shipToName: 'Bakker Retail BV',
    shipToStreet: 'Havenweg 12',
    shipToPostcode: '3011 AB',
    shipToCity: 'Rotterdam',
    shipToCountry: 'nl',
  };
  const shipTo = {
    name: 'Bakker Retail BV',
    street: 'Havenweg 12',
    postcode: '3011 AB',
    city: 'Rotterdam',
    countryCode: 'NL',
  };
  const row = (values: Record<string, string>) => ({
    customerCode: s.customer.code,
    warehouseCode: s.warehouse.code,
    itemCode: s.item.code,
    quantity: '1',
    ...values,
  });

  it('makes one OPEN sales order per customer and reference with the ship-to on each line and on the order', async () => {
    const reference = uniqueCode('SO-A-');
    const created = await importRows(
      t,
      importer,
      rowsOf([
        row({ orderReference: reference, quantity: '2,5', shipDate: '2030-06-01', ...address }),
        row({ orderReference: reference.toLowerCase(), itemCode: s.otherItem.code, ...address }),
      ]),
      'de',
    );
    expect(created).toEqual([{ type: 'SALES_ORDER', code: reference }]);
    const stored = await storedDocument(db, 'SALES_ORDER', reference);
    expect(stored).toMatchObject({
      status: 'OPEN',
      business_partner_id: s.customer.id,
      warehouse_id: s.warehouse.id,
      ship_date: '2030-06-01',
      due_date: '2030-06-01',
    });
    expect(JSON.parse(stored?.ship_to_address ?? 'null')).toEqual(shipTo);
    expect(stored?.lines).toEqual([
      { line_number: 0, item_id: s.item.id, direction: 'OUT', quantity: 2500, open_quantity: 2500, extras: { shipTo } },
      {
        line_number: 1,
        item_id: s.otherItem.id,
        direction: 'OUT',
        quantity: 1000,
        open_quantity: 1000,
        extras: { shipTo },
      },
    ]);
  });

  it('keeps differing ship-tos on the lines only, and lines without one plain', async () => {
    const reference = uniqueCode('SO-B-');
    await importRows(
      t,
      importer,
      rowsOf([
        row({ orderReference: reference, ...address }),
        row({ orderReference: reference, ...address, shipToCity: 'Delft', shipToPostcode: '' }),
        row({ orderReference: reference }),
      ]),
    );
    const stored = await storedDocument(db, 'SALES_ORDER', reference);
    expect(stored?.ship_to_address).toBeNull();
    expect(stored?.lines.map((l) => l.extras)).toEqual([
      { shipTo },
      { shipTo: { ...shipTo, city: 'Delft', postcode: null } },
      null,
    ]);
  });

  it('refuses suppliers as customers, a country that is not ISO 3166, a duplicate reference and a bad item on row 7', async () => {
    const existing = await makeDocument(db, { type: 'SALES_ORDER', lines: [{ item: s.item, quantity: 1 }] });
    const reference = uniqueCode('SO-C-');
    const records = Array.from({ length: 6 }, () => row({ orderReference: reference }));
    records[0] = row({ orderReference: reference, customerCode: s.supplier.code });
    records[1] = row({ orderReference: reference, ...address, shipToCountry: 'XX' });
    records[2] = row({ orderReference: reference, ...address, shipToCountry: 'Netherlands' });
    records[3] = row({ orderReference: existing.code });
    records[5] = row({ orderReference: reference, itemCode: 'NO-SUCH-ITEM', shipDate: '2030-13-01' });
    const checked = await importer.check(db, rowsOf(records), runOf(t));
    const error = (column: string, key: string, args: Record<string, unknown>) => ({
      severity: 'ERROR',
      column,
      key,
      args,
    });
    expect(messagesByRow(checked)).toEqual({
      2: [error('customerCode', 'unknownBusinessPartner', { code: s.supplier.code })],
      3: [error('shipToCountry', 'invalidCountryCode', { value: 'XX' })],
      4: [error('shipToCountry', 'invalidCountryCode', { value: 'Netherlands' })],
      5: [error('orderReference', 'duplicateExternalReference', { reference: existing.code })],
      7: [
        error('shipDate', 'invalidDate', { value: '2030-13-01' }),
        error('itemCode', 'unknownItemForCode', { code: 'NO-SUCH-ITEM' }),
      ],
    });
  });

  it('shows the imported order in the item view open documents, direction OUT', async () => {
    const reference = uniqueCode('SO-D-');
    await importRows(
      t,
      importer,
      rowsOf([row({ orderReference: reference, itemCode: s.otherItem.code, quantity: '7', shipDate: '2030-02-03' })]),
    );
    const viewer = await makeUser(db, { roles: ['information'] });
    const client = await signIn(t, viewer.username, viewer.password);
    const answer = await client.get(`/api/v1/item/${encodeURIComponent(s.otherItem.code)}/open_documents`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toContainEqual(
      expect.objectContaining({
        type: 'SALES_ORDER',
        code: reference,
        status: 'OPEN',
        direction: 'OUT',
        quantity: 7,
        openQuantity: 7,
        businessPartnerCode: s.customer.code,
        warehouseCode: s.warehouse.code,
        shipDate: '2030-02-03',
      }),
    );
  });
});
