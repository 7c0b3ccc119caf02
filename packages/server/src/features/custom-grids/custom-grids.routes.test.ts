import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customGridSchema, customGridTitlesAnswerSchema } from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { errorOf } from '../../../test/user-helper.js';
import { newCustomGridRow, type CustomGridConfig } from './custom-grid-config.js';
import { customGridSources } from './custom-grid-sources.js';
import { insertGrids } from './custom-grids.repository.js';

describe('custom grids', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());

  const grid = async (path: string) => {
    const answer = await operator.get(`/api/v1/custom_grid/${path}`);
    expect(answer.status, answer.text).toBe(200);
    return customGridSchema.strict().parse(answer.json);
  };

  it.each(['/api/v1/custom_grid/items', '/api/v1/custom_grid/items/0/ITEM-001'])(
    'GET %s: 401 without a session, 403 without the information role',
    async (path) => {
      expect(errorOf(await t.client().get(path))).toMatchObject({ status: 401, key: 'notSignedIn' });
      expect(errorOf(await translator.get(path))).toMatchObject({ status: 403, key: 'requestForbidden' });
    },
  );

  it('lists the demo grids of each object type by index', async () => {
    const items = await operator.get('/api/v1/custom_grid/items');
    expect(items.status).toBe(200);
    expect(customGridTitlesAnswerSchema.parse(items.json)).toEqual([
      { index: 0, title: 'Stock per warehouse' },
      { index: 1, title: 'Open orders' },
    ]);
    expect((await operator.get('/api/v1/custom_grid/binLocations')).json).toEqual([
      { index: 0, title: 'Items on this location' },
    ]);
    expect((await operator.get('/api/v1/custom_grid/batches')).json).toHaveLength(1);
    expect((await operator.get('/api/v1/custom_grid/serials')).json).toHaveLength(1);
    expect(errorOf(await operator.get('/api/v1/custom_grid/warehouses'))).toMatchObject({ status: 400 });
  });

  it('items/stockByWarehouse sums the stock per warehouse exactly, in the configured columns', async () => {
    const answer = await grid('items/0/item-001');
    expect(answer.title).toBe('Stock per warehouse');
    expect(answer.columns).toEqual([
      { label: 'Warehouse', name: 'warehouseCode', referenceToObject: null },
      { label: 'Name', name: 'warehouseName', referenceToObject: null },
      { label: 'On hand', name: 'onHandQty', referenceToObject: null },
      { label: 'Free to move', name: 'freeToMoveQty', referenceToObject: null },
    ]);
    // 500 + 48 (12 released) + 6 (6 picked) + 30 in 01; 100 in 02.
    expect(answer.rows).toEqual([
      { warehouseCode: '01', warehouseName: 'Main warehouse', onHandQty: 584, freeToMoveQty: 566 },
      { warehouseCode: '02', warehouseName: 'Overflow warehouse', onHandQty: 100, freeToMoveQty: 100 },
    ]);
    const liquid = await grid('items/0/LIQUID-001');
    expect(liquid.rows).toEqual([
      { warehouseCode: '01', warehouseName: 'Main warehouse', onHandQty: 750500.5, freeToMoveQty: 750500.5 },
    ]);
  });

  it('items/openDocuments and binLocations/contentsByItem answer their rows', async () => {
    const orders = await grid('items/1/ITEM-001');
    // By ship date: PO-1001 is due today, PO-1007 (warehouse 02, inbound demo data) in 3 days;
    // SO-ADDR-1 (address validation demo data) has no ship date: last.
    expect(orders.rows.map((r) => r.code)).toEqual([
      'PO-1001',
      'SO-2001',
      'PO-1007',
      'WO-3001',
      'SO-2002',
      'SO-ADDR-1',
    ]);
    expect(orders.rows.find((r) => r.code === 'SO-2002')).toEqual({
      code: 'SO-2002',
      direction: 'OUT',
      businessPartnerName: 'Müller Werkzeuge GmbH',
      openQuantity: 250,
      shipDate: expect.any(String),
    });
    const contents = await grid('binLocations/0/01-p01-01');
    expect(contents.columns[0]).toEqual({ label: 'Item', name: 'itemCode', referenceToObject: 'items' });
    expect(contents.rows).toEqual([
      { itemCode: 'BATCH-001', itemName: 'Paracetamol 500 mg', onHandQty: 200, freeToMoveQty: 200 },
      { itemCode: 'ITEM-001', itemName: 'Hex bolt M8x40', onHandQty: 48, freeToMoveQty: 36 },
      { itemCode: 'SERIAL-001', itemName: 'Barcode scanner XR-5', onHandQty: 1, freeToMoveQty: 1 },
    ]);
  });

  it('batches/stockByLocation and serials/ledger answer their rows', async () => {
    const batch = await grid('batches/0/b2025-015');
    expect(batch.rows).toEqual([{ itemCode: 'BATCH-001', binLocationCode: '01-QC', onHandQty: 50, freeToMoveQty: 0 }]);
    const serial = await grid('serials/0/SN-0003');
    expect(serial.rows.map((r) => [r.transactionType, r.binLocationCode, r.quantity])).toEqual([
      ['PICK', 'CART-02', 1],
      ['TRANSFER', '01-RECEIVE', -1],
      ['RECEIPT', '01-RECEIVE', 1],
    ]);
    expect(serial.columns.find((c) => c.name === 'binLocationCode')?.referenceToObject).toBe('binLocations');
  });

  it('answers every built-in source for a known object', async () => {
    const samples = { items: 'ITEM-001', binLocations: '01-A01-01', batches: 'B2025-014', serials: 'SN-0003' } as const;
    let index = 10;
    for (const [objectType, sources] of Object.entries(customGridSources)) {
      for (const [source, definition] of Object.entries(sources)) {
        const config: CustomGridConfig = {
          objectType: objectType as CustomGridConfig['objectType'],
          index,
          title: `${objectType} ${source}`,
          source,
          columns: definition.columns.map((c) => ({ label: c.name, name: c.name })),
        };
        await insertGrids(t.app.ctx.db, [newCustomGridRow(config, new Date().toISOString())]);
        const answer = await grid(`${objectType}/${index}/${samples[config.objectType]}`);
        expect(answer.rows.length, `${objectType} ${source}`).toBeGreaterThan(0);
        for (const row of answer.rows) expect(Object.keys(row)).toEqual(definition.columns.map((c) => c.name));
        index += 1;
      }
    }
  });

  it("answers 404 unknownCustomGrid for a missing grid and the object's own key for an unknown code", async () => {
    expect(errorOf(await operator.get('/api/v1/custom_grid/items/7/ITEM-001'))).toEqual({
      status: 404,
      key: 'unknownCustomGrid',
      args: { objectType: 'items', index: 7 },
    });
    const unknown = [
      ['items/0/NOPE', 'unknownItemForCode'],
      ['binLocations/0/NOPE', 'unknownLocation'],
      ['batches/0/NOPE', 'unknownBatch'],
      ['serials/0/NOPE', 'unknownSerial'],
    ] as const;
    for (const [path, key] of unknown) {
      expect(errorOf(await operator.get(`/api/v1/custom_grid/${path}`))).toEqual({
        status: 404,
        key,
        args: { code: 'NOPE' },
      });
    }
    for (const path of [
      'items/-1/ITEM-001',
      'items/x/ITEM-001',
      'items/100/ITEM-001',
      'things/0/ITEM-001',
      'items/0/%20',
    ]) {
      expect(errorOf(await operator.get(`/api/v1/custom_grid/${path}`))).toMatchObject({
        status: 400,
        key: 'invalidInput',
      });
    }
  });

  it('refuses configurations that do not fit their source, and hides stored ones that no longer do', () => {
    const base: CustomGridConfig = {
      objectType: 'items',
      index: 5,
      title: 'x',
      source: 'stockByWarehouse',
      columns: [{ label: 'x', name: 'onHandQty' }],
    };
    const at = new Date().toISOString();
    expect(() => newCustomGridRow({ ...base, source: 'contentsByItem' }, at)).toThrow(/not a source of items/);
    expect(() => newCustomGridRow({ ...base, source: 'toString' }, at)).toThrow(/not a source/);
    expect(() => newCustomGridRow({ ...base, columns: [{ label: 'x', name: 'secret' }] }, at)).toThrow(/has no secret/);
    expect(() =>
      newCustomGridRow({ ...base, columns: [{ label: 'x', name: 'onHandQty', referenceToObject: 'items' }] }, at),
    ).toThrow(/not a code of items/);
    expect(() => newCustomGridRow({ ...base, columns: [] }, at)).toThrow();
    expect(
      newCustomGridRow({ ...base, columns: [{ label: 'W', name: 'warehouseCode', referenceToObject: null }] }, at),
    ).toMatchObject({ columns: JSON.stringify([{ label: 'W', name: 'warehouseCode', referenceToObject: null }]) });
  });

  it('does not offer a stored grid whose source or columns are unknown', async () => {
    const at = new Date().toISOString();
    await t.app.ctx.db
      .insertInto('custom_grid')
      .values([
        {
          object_type: 'items',
          position: 50,
          title: 'Broken source',
          source: 'dropTables',
          columns: '[]',
          created_at: at,
          updated_at: at,
        },
        {
          object_type: 'items',
          position: 51,
          title: 'Broken JSON',
          source: 'openDocuments',
          columns: '{',
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();
    const titles = (await operator.get('/api/v1/custom_grid/items')).json.map((g: { title: string }) => g.title);
    expect(titles).not.toContain('Broken source');
    expect(titles).not.toContain('Broken JSON');
    expect(errorOf(await operator.get('/api/v1/custom_grid/items/50/ITEM-001'))).toMatchObject({
      status: 404,
      key: 'unknownCustomGrid',
    });
    expect(errorOf(await operator.get('/api/v1/custom_grid/items/51/ITEM-001'))).toMatchObject({
      status: 404,
      key: 'unknownCustomGrid',
    });
  });
});
