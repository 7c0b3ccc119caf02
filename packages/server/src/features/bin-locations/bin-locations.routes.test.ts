import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  binLocationAutocompleteAnswerSchema,
  binLocationSchema,
  defaultItemsForLocationAnswerSchema,
  itemsToCountAnswerSchema,
  locationContentsAnswerSchema,
  locationHistoryAnswerSchema,
  warehousesAnswerSchema,
} from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { newBinLocationRow } from '../items/item-rows.js';
import { errorOf } from '../../../test/user-helper.js';
import { makeBatch, makeBinLocation, makeItem, makeStock, uniqueCode } from '../../../test/factories.js';

describe('bin location read API', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());

  const routes = [
    '/api/v1/bin_location/warehouses',
    '/api/v1/bin_location/find/01-A01-01',
    '/api/v1/bin_location/autocomplete/01',
    '/api/v1/bin_location/01-A01-01',
    '/api/v1/bin_location/01-A01-01/contents',
    '/api/v1/bin_location/01-A01-01/history',
    '/api/v1/bin_location/01-P01-01/default_for',
    '/api/v1/bin_location/01-COUNT-01/counting/items',
  ];

  it.each(routes)('GET %s: 401 without a session, 403 without the information role', async (path) => {
    expect(errorOf(await t.client().get(path))).toMatchObject({ status: 401, key: 'notSignedIn' });
    expect(errorOf(await translator.get(path))).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await operator.get(path)).status).toBe(200);
  });

  it.each(routes.slice(3).map((p) => p.replace(/01-(A01-01|P01-01|COUNT-01)/, 'NOPE-9')))(
    'GET %s: 404 unknownLocation for an unknown code',
    async (path) => {
      expect(errorOf(await operator.get(path))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOPE-9' },
      });
    },
  );

  it('GET warehouses lists every warehouse in code order, closed ones too', async () => {
    const answer = warehousesAnswerSchema.parse((await operator.get('/api/v1/bin_location/warehouses')).json);
    expect(answer).toEqual([
      { code: '01', visualCode: '01', name: 'Main warehouse', active: true },
      { code: '02', visualCode: '02', name: 'Overflow warehouse', active: true },
      { code: '99', visualCode: '99', name: 'Old warehouse (closed)', active: false },
    ]);
  });

  describe('GET find/{code}', () => {
    it('finds by code and by barcode, case-insensitively', async () => {
      const byCode = await operator.get('/api/v1/bin_location/find/01-a01-01');
      expect(byCode.status).toBe(200);
      expect(binLocationSchema.strict().parse(byCode.json)).toMatchObject({ code: '01-A01-01', barcode: 'LOC0101' });
      const byBarcode = await operator.get('/api/v1/bin_location/find/loc0112');
      expect(byBarcode.json).toMatchObject({ code: '01-P01-02', barcode: 'LOC0112' });
    });
    it('prefers a code match over another location whose barcode is that code', async () => {
      const cart = await t.app.ctx.db
        .selectFrom('bin_location')
        .select(['id', 'barcode', 'barcode_lower'])
        .where('code', '=', 'CART-01')
        .executeTakeFirstOrThrow();
      await t.app.ctx.db
        .updateTable('bin_location')
        .set({ barcode: '01-QC', barcode_lower: '01-qc' })
        .where('id', '=', cart.id)
        .execute();
      try {
        expect((await operator.get('/api/v1/bin_location/find/01-QC')).json).toMatchObject({ code: '01-QC' });
      } finally {
        await t.app.ctx.db
          .updateTable('bin_location')
          .set({ barcode: cart.barcode, barcode_lower: cart.barcode_lower })
          .where('id', '=', cart.id)
          .execute();
      }
    });
    it('answers 404 unknownLocation with the code as typed, 400 for a blank one', async () => {
      expect(errorOf(await operator.get('/api/v1/bin_location/find/Nope-1'))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'Nope-1' },
      });
      expect(errorOf(await operator.get('/api/v1/bin_location/find/%20'))).toMatchObject({
        status: 400,
        key: 'invalidInput',
      });
    });
  });

  describe('GET autocomplete/{text}', () => {
    it('answers code-prefix matches first, in code order, then contains matches', async () => {
      const answer = await operator.get('/api/v1/bin_location/autocomplete/01-p');
      expect(answer.status).toBe(200);
      expect(binLocationAutocompleteAnswerSchema.parse(answer.json).map((s) => s.code)).toEqual([
        '01-P01-01',
        '01-P01-02',
        // The pick faces of the picking demo data (demo-picking.ts).
        '01-PK-01',
        '01-PK-02',
        '01-PK-03',
        '01-PROD',
      ]);
      const mixed = (await operator.get('/api/v1/bin_location/autocomplete/a01')).json.map(
        (s: { code: string }) => s.code,
      );
      expect(mixed).toEqual(['01-A01-01', '01-A01-02', '02-A01-01']);
      const prefixFirst = (await operator.get('/api/v1/bin_location/autocomplete/CART')).json;
      expect(prefixFirst[0]).toEqual({
        code: 'CART-01',
        visualCode: 'CART-01',
        warehouseCode: '01',
        barcode: 'CART01',
      });
    });
    it('matches barcodes and treats % and _ literally', async () => {
      const byBarcode = await operator.get('/api/v1/bin_location/autocomplete/loc01tk');
      expect(byBarcode.json.map((s: { code: string }) => s.code)).toEqual(['01-TANK-01']);
      expect((await operator.get('/api/v1/bin_location/autocomplete/%25')).json).toEqual([]);
      expect((await operator.get('/api/v1/bin_location/autocomplete/_')).json).toEqual([]);
    });
    it('answers at most 20 and refuses a blank text', async () => {
      const all = await operator.get('/api/v1/bin_location/autocomplete/-');
      // 21 demo locations (19 of the master data, 02-RECEIVE and 02-QC of the inbound demo): the cap of 20.
      expect(all.json).toHaveLength(20);
      const db = t.app.ctx.db;
      const warehouse = await db
        .selectFrom('warehouse')
        .select('id')
        .where('code', '=', '02')
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      await db
        .insertInto('bin_location')
        .values(
          Array.from({ length: 25 }, (_, i) =>
            newBinLocationRow({ code: `ZZ-${String(i).padStart(2, '0')}`, warehouseId: warehouse.id }, at),
          ),
        )
        .execute();
      try {
        const many = binLocationAutocompleteAnswerSchema.parse(
          (await operator.get('/api/v1/bin_location/autocomplete/zz-')).json,
        );
        expect(many.map((s) => s.code)).toEqual(
          Array.from({ length: 20 }, (_, i) => `ZZ-${String(i).padStart(2, '0')}`),
        );
        expect((await operator.get('/api/v1/bin_location/autocomplete/-')).json).toHaveLength(20);
      } finally {
        // The other tests count the demo locations.
        await db.deleteFrom('bin_location').where('code', 'like', 'ZZ-%').execute();
      }
      expect((await operator.get('/api/v1/bin_location/autocomplete/%20')).status).toBe(400);
    });
  });

  describe('GET {code}', () => {
    it('answers every field with the warehouse name and the user attributes', async () => {
      const answer = await operator.get('/api/v1/bin_location/01-p01-01');
      expect(answer.status).toBe(200);
      expect(binLocationSchema.strict().parse(answer.json)).toEqual({
        code: '01-P01-01',
        visualCode: '01-P01-01',
        warehouseCode: '01',
        warehouseName: 'Main warehouse',
        barcode: 'LOC0111',
        minimalStockLevel: 10,
        maximalStockLevel: 100,
        locationType: 'PICK',
        physicalLocationType: 'NORMAL',
        pickingStrategy: 'FIFO',
        active: true,
        stockMovementRestricted: false,
        blockStockMovements: false,
        blockStockMovementsReason: null,
        sortingCode: 'P010',
        countingSortingCode: null,
        preferredOrderCode: 'SO-2001',
        requiresCounting: 'NO',
        readyForProcessing: false,
        attributes: [],
        version: 1,
      });
      const attributed = (await operator.get('/api/v1/bin_location/01-A01-01')).json;
      expect(attributed.attributes).toEqual([
        { name: 'temperature', value: 'ambient' },
        { name: 'zone', value: 'A' },
      ]);
      expect((await operator.get('/api/v1/bin_location/01-BLOCKED')).json).toMatchObject({
        stockMovementRestricted: true,
        blockStockMovements: true,
        blockStockMovementsReason: 'Damaged rack, awaiting inspection',
      });
    });
    it('does not match a barcode (getBinLocationAttributes is by code)', async () => {
      expect(errorOf(await operator.get('/api/v1/bin_location/LOC0101'))).toMatchObject({
        status: 404,
        key: 'unknownLocation',
      });
    });
  });

  describe('GET {code}/contents', () => {
    it('answers one row per item with exact sums and freeToMoveQty = onHand − released − pick − QC-pending', async () => {
      const answer = await operator.get('/api/v1/bin_location/01-P01-01/contents');
      expect(answer.status).toBe(200);
      const rows = locationContentsAnswerSchema.parse(answer.json);
      expect(rows.map((r) => r.item.code)).toEqual(['BATCH-001', 'ITEM-001', 'SERIAL-001']);
      expect(rows[1]).toEqual({
        item: { code: 'ITEM-001', visualCode: 'ITEM-001', name: 'Hex bolt M8x40', units: 'pcs' },
        onHandQty: 48,
        freeToMoveQty: 36,
        releasedQty: 12,
        pickQty: 0,
        qcPendingQty: 0,
        batches: [],
      });
      expect(rows[0]?.batches).toEqual([
        {
          code: 'B2025-014',
          visualCode: 'B2025-014',
          expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          onHandQty: 200,
          freeToMoveQty: 200,
          releasedQty: 0,
          pickQty: 0,
          qcPendingQty: 0,
          serials: [],
        },
      ]);
      expect(rows[2]?.batches).toEqual([
        expect.objectContaining({
          code: null,
          visualCode: null,
          onHandQty: 1,
          serials: [expect.objectContaining({ code: 'SN-0001', lotCode: 'LOT-A', onHandQty: 1, freeToMoveQty: 1 })],
        }),
      ]);
    });
    it('shows QC-pending, picked and liquid stock exactly', async () => {
      const qc = locationContentsAnswerSchema.parse((await operator.get('/api/v1/bin_location/01-QC/contents')).json);
      expect(qc.map((r) => [r.item.code, r.onHandQty, r.qcPendingQty, r.freeToMoveQty])).toEqual([
        ['BATCH-001', 50, 50, 0],
        ['QC-001', 40, 40, 0],
      ]);
      const cart = locationContentsAnswerSchema.parse(
        (await operator.get('/api/v1/bin_location/CART-02/contents')).json,
      );
      expect(cart[0]).toMatchObject({ pickQty: 1, freeToMoveQty: 0 });
      const tank = locationContentsAnswerSchema.parse(
        (await operator.get('/api/v1/bin_location/01-TANK-01/contents')).json,
      );
      expect(tank).toMatchObject([{ item: { code: 'LIQUID-001', units: 'ml' }, onHandQty: 750500.5 }]);
      expect((await operator.get('/api/v1/bin_location/01-RECEIVE/contents')).json).toEqual([]);
    });
    it('sums batch rows in thousandths and lists untracked stock of a tracked item under batch null', async () => {
      const db = t.app.ctx.db;
      // A location and item of its own (test/factories.ts); the code has no '-', which the autocomplete tests count.
      const warehouse = await db
        .selectFrom('warehouse')
        .select('id')
        .where('code', '=', '02')
        .executeTakeFirstOrThrow();
      const bin = await makeBinLocation(db, { code: uniqueCode('SUMS'), warehouse, locationType: 'PICK' });
      const item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
      const batch = await makeBatch(db, { item });
      await makeStock(db, { item, location: bin, batch, onHand: 0.1, released: 0.03 });
      await makeStock(db, { item, location: bin, onHand: 0.2 });
      const rows = locationContentsAnswerSchema.parse(
        (await operator.get(`/api/v1/bin_location/${bin.code}/contents`)).json,
      );
      expect(rows).toMatchObject([
        {
          item: { code: item.code },
          onHandQty: 0.3,
          releasedQty: 0.03,
          freeToMoveQty: 0.27,
          batches: [
            { code: batch.code, onHandQty: 0.1, freeToMoveQty: 0.07 },
            { code: null, onHandQty: 0.2, freeToMoveQty: 0.2 },
          ],
        },
      ]);
    });
  });

  describe('GET {code}/history', () => {
    it('answers the location ledger newest first, paged', async () => {
      const answer = await operator.get('/api/v1/bin_location/01-A01-01/history');
      expect(answer.status).toBe(200);
      const page = locationHistoryAnswerSchema.parse(answer.json);
      expect(page).toMatchObject({ offset: 0, limit: 100, hasMore: false });
      expect(page.rows.map((r) => [r.transactionType, r.quantity])).toEqual([
        ['COUNT_ADJUSTMENT', -0.5],
        ['TRANSFER', -100],
        ['RECEIPT', 700],
      ]);
      expect(page.rows[0]).toEqual({
        transactionType: 'COUNT_ADJUSTMENT',
        documentType: 'COUNTING_LIST',
        documentCode: 'CL-0007',
        at: expect.any(String),
        username: 'manager',
        quantity: -0.5,
        item: 'ITEM-001',
        batch: null,
        serialNumber: null,
      });
      const first = locationHistoryAnswerSchema.parse(
        (await operator.get('/api/v1/bin_location/01-A01-01/history?limit=2')).json,
      );
      expect(first).toMatchObject({ limit: 2, hasMore: true });
      const second = locationHistoryAnswerSchema.parse(
        (await operator.get('/api/v1/bin_location/01-A01-01/history?limit=2&offset=2')).json,
      );
      expect(second).toMatchObject({ offset: 2, hasMore: false });
      expect(second.rows.map((r) => r.transactionType)).toEqual(['RECEIPT']);
      const cart = locationHistoryAnswerSchema.parse((await operator.get('/api/v1/bin_location/CART-02/history')).json);
      expect(cart.rows).toMatchObject([{ transactionType: 'PICK', item: 'SERIAL-001', serialNumber: 'SN-0003' }]);
    });
    it('refuses a bad page with 400', async () => {
      for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc']) {
        expect((await operator.get(`/api/v1/bin_location/01-A01-01/history?${query}`)).status).toBe(400);
      }
    });
  });

  it('GET {code}/default_for lists the items that default to the location', async () => {
    const answer = defaultItemsForLocationAnswerSchema.parse(
      (await operator.get('/api/v1/bin_location/01-P01-01/default_for')).json,
    );
    expect(answer).toEqual([
      {
        item: { code: 'ITEM-001', visualCode: 'ITEM-001', name: 'Hex bolt M8x40' },
        enforced: true,
        minStock: 10,
        maxStock: 100,
      },
    ]);
    const tank = (await operator.get('/api/v1/bin_location/01-P01-02/default_for')).json;
    expect(tank).toMatchObject([{ item: { code: 'ITEM-002' }, enforced: false, minStock: 100, maxStock: 2000.5 }]);
    expect((await operator.get('/api/v1/bin_location/01-A01-01/default_for')).json).toEqual([]);
  });

  it('GET {code}/counting/items lists the items of a partial count, empty otherwise', async () => {
    const answer = itemsToCountAnswerSchema.parse(
      (await operator.get('/api/v1/bin_location/01-COUNT-01/counting/items')).json,
    );
    expect(answer).toEqual([
      { code: 'ITEM-001', visualCode: 'ITEM-001', name: 'Hex bolt M8x40' },
      { code: 'ITEM-002', visualCode: 'ITEM-002', name: 'Washer M8' },
    ]);
    expect((await operator.get('/api/v1/bin_location/01-A01-02/counting/items')).json).toEqual([]);
  });
});
