import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemAutocompleteAnswerSchema,
  itemBinLocationsAnswerSchema,
  itemFindAnswerSchema,
  itemHistoryAnswerSchema,
  itemOpenDocumentsAnswerSchema,
  itemDetailSchema,
} from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { newItemRow } from './item-rows.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('item read API', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());

  const routes = [
    ['GET', '/api/v1/item/find/ITEM-001'],
    ['GET', '/api/v1/item/ITEM-001'],
    ['POST', '/api/v1/item/find_by'],
    ['GET', '/api/v1/item/autocomplete/bolt'],
    ['GET', '/api/v1/item/ITEM-001/bin_locations'],
    ['GET', '/api/v1/item/ITEM-001/open_documents'],
    ['GET', '/api/v1/item/ITEM-001/history'],
  ] as const;

  it.each(routes)('%s %s: 401 without a session, 403 without the information role', async (method, path) => {
    const body = method === 'POST' ? { codes: ['ITEM-001'] } : undefined;
    expect((await t.client().request(method, path, body)).json).toMatchObject({ status: 401, key: 'notSignedIn' });
    expect((await translator.request(method, path, body)).json).toMatchObject({
      status: 403,
      key: 'requestForbidden',
    });
  });

  describe('GET /api/v1/item/find/{code}', () => {
    it('finds by code, case-insensitively', async () => {
      const answer = await operator.get('/api/v1/item/find/item-001');
      expect(answer.status).toBe(200);
      expect(itemFindAnswerSchema.strict().parse(answer.json)).toMatchObject({
        matchedBy: 'CODE',
        quantity: 1,
        item: { code: 'ITEM-001', name: 'Hex bolt M8x40', barcodeInvQty: 1, barcode2InvQty: 12, weightInMg: 15000 },
      });
    });
    it('finds by each barcode and answers its quantity', async () => {
      const expected = [
        ['8712345000011', 'BARCODE', 1],
        ['8712345000028', 'BARCODE2', 12],
        ['8712345000035', 'BARCODE3', 144],
      ] as const;
      for (const [barcode, matchedBy, quantity] of expected) {
        const answer = await operator.get(`/api/v1/item/find/${barcode}`);
        expect(answer.json).toMatchObject({ matchedBy, quantity, item: { code: 'ITEM-001' } });
      }
      const liquid = await operator.get('/api/v1/item/find/8712345000103');
      expect(liquid.json).toMatchObject({
        matchedBy: 'BARCODE2',
        quantity: 20000,
        item: { code: 'LIQUID-001', mlToMg: 870, units: 'ml' },
      });
    });
    it('prefers a code to any barcode, then barcode 1, 2, 3, then the lowest code', async () => {
      const at = new Date().toISOString();
      await t.app.ctx.db
        .insertInto('item')
        .values([
          newItemRow({ code: 'RANK-B', name: 'Rank B', barcodes: ['RANK-A', 'SHARED-2', null] }, at),
          newItemRow({ code: 'RANK-A', name: 'Rank A', barcodes: [null, 'SHARED-1', 'SHARED-2'] }, at),
          newItemRow({ code: 'RANK-C', name: 'Rank C', barcodes: [null, 'SHARED-1', null] }, at),
        ])
        .execute();
      try {
        const find = async (key: string) => (await operator.get(`/api/v1/item/find/${key}`)).json;
        // RANK-A is an item's code and RANK-B's first barcode: the code wins.
        expect(await find('rank-a')).toMatchObject({ matchedBy: 'CODE', item: { code: 'RANK-A' } });
        // SHARED-2 is RANK-B's barcode 2 and RANK-A's barcode 3: barcode 2 wins.
        expect(await find('shared-2')).toMatchObject({ matchedBy: 'BARCODE2', item: { code: 'RANK-B' } });
        // SHARED-1 is barcode 2 of RANK-A and RANK-C: the lowest code wins.
        expect(await find('SHARED-1')).toMatchObject({ matchedBy: 'BARCODE2', item: { code: 'RANK-A' } });
      } finally {
        // Other tests count the demo items.
        await t.app.ctx.db.deleteFrom('item').where('code', 'in', ['RANK-A', 'RANK-B', 'RANK-C']).execute();
      }
    });
    it('answers 404 unknownItemForCode with the code', async () => {
      const answer = await operator.get('/api/v1/item/find/NOPE-42');
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({
        key: 'unknownItemForCode',
        args: { code: 'NOPE-42' },
        message: 'No item found for code NOPE-42.',
      });
    });
    it('refuses a blank code (400) and a code over 100 characters', async () => {
      const answer = await operator.get('/api/v1/item/find/%20%20');
      expect(answer.status).toBe(400);
      expect(answer.json.key).toBe('invalidInput');
      expect([400, 414]).toContain((await operator.get(`/api/v1/item/find/${'x'.repeat(101)}`)).status);
    });
  });

  describe('GET /api/v1/item/{code}', () => {
    it('answers every field of the item', async () => {
      const answer = await operator.get('/api/v1/item/Batch-001');
      expect(answer.status).toBe(200);
      const item = itemDetailSchema.strict().parse(answer.json);
      expect(item).toMatchObject({
        code: 'BATCH-001',
        managedBy: 'BATCH_NUMBER',
        hasBatch: true,
        serial: false,
        avgPrice: 1.95,
        receiptScanPreferences: {
          scanExpirationDate: true,
          scanManufacturingDate: false,
          scanManufacturingBatch: true,
          scanManufacturingSerial: false,
        },
        version: 1,
      });
      const drill = await operator.get('/api/v1/item/SERIAL-002');
      expect(drill.json).toMatchObject({ managedBy: 'SERIAL_NUMBER', serial: true, serialManagedByDispatch: true });
      const kit = await operator.get('/api/v1/item/PROD-001');
      expect(kit.json).toMatchObject({
        isProductionItem: true,
        productionIssueMethod: 'BACKFLUSH',
        productionMaterialToleranceValue: 5,
        productionMaterialToleranceType: 'PERCENTAGE',
      });
    });
    it('does not match a barcode (getItem is by code) and answers 404', async () => {
      const answer = await operator.get('/api/v1/item/8712345000011');
      expect(answer.json).toMatchObject({ status: 404, key: 'unknownItemForCode', args: { code: '8712345000011' } });
    });
  });

  describe('POST /api/v1/item/find_by', () => {
    it('answers found items in request order, each once, and lists the unknown codes', async () => {
      const answer = await operator.post('/api/v1/item/find_by', {
        codes: ['item-002', 'NOPE', '8712345000028', 'ITEM-001', 'serial-001'],
      });
      expect(answer.status).toBe(200);
      expect(answer.json.items.map((i: { code: string }) => i.code)).toEqual(['ITEM-002', 'ITEM-001', 'SERIAL-001']);
      expect(answer.json.unknownCodes).toEqual(['NOPE']);
    });
    it('refuses an empty list, a missing list and blank codes (400 naming the field)', async () => {
      for (const body of [{ codes: [] }, {}, { codes: [''] }, { codes: 'ITEM-001' }]) {
        const answer = await operator.post('/api/v1/item/find_by', body);
        expect(answer.status).toBe(400);
        expect(JSON.stringify(answer.json.args.fields)).toContain('codes');
      }
    });
  });

  describe('GET /api/v1/item/autocomplete/{text}', () => {
    it('matches code, name and barcodes case-insensitively', async () => {
      const byName = await operator.get('/api/v1/item/autocomplete/BOLT');
      expect(byName.status).toBe(200);
      const codes = itemAutocompleteAnswerSchema.parse(byName.json).map((s) => s.code);
      expect(codes).toEqual(['ITEM-001', 'OLD-001']);
      const byCode = await operator.get('/api/v1/item/autocomplete/serial-');
      expect(byCode.json.map((s: { code: string }) => s.code)).toEqual([
        'SERIAL-001',
        'SERIAL-002',
        // Contains, after the prefix matches: the picking demo data's serial item (demo-picking.ts).
        'PICK-SERIAL-01',
      ]);
      const byBarcode = await operator.get('/api/v1/item/autocomplete/5000103');
      expect(byBarcode.json.map((s: { code: string }) => s.code)).toEqual(['LIQUID-001']);
      const byInfix = await operator.get('/api/v1/item/autocomplete/tem-00');
      // ITEM-003 and ITEM-004 come from the inbound demo data (demo-inbound.ts).
      expect(byInfix.json.map((s: { code: string }) => s.code)).toEqual([
        'ITEM-001',
        'ITEM-002',
        'ITEM-003',
        'ITEM-004',
      ]);
    });
    it('treats % and _ literally', async () => {
      expect((await operator.get('/api/v1/item/autocomplete/%25')).json).toEqual([]);
      expect((await operator.get('/api/v1/item/autocomplete/_')).json).toEqual([]);
    });
    it('answers at most 20', async () => {
      const answer = await operator.get('/api/v1/item/autocomplete/8712345');
      expect(answer.status).toBe(200);
      expect(answer.json.length).toBeGreaterThan(5);
      expect(answer.json.length).toBeLessThanOrEqual(20);
      const all = await operator.get('/api/v1/item/autocomplete/-');
      // 10 items of the master data, ITEM-003 and ITEM-004 of the inbound demo data, the four
      // PICK-* items of the picking demo data, PACK-DEMO-01 of the delivery demo data and
      // PUTWALL-DEMO-01 of the multi-address demo data, COUNT-DEMO-01 and COUNT-DEMO-02 of the
      // counting demo data: 20, the most it answers.
      expect(all.json.length).toBe(20);
    });
    it('refuses a blank text and one over 100 characters', async () => {
      expect((await operator.get('/api/v1/item/autocomplete/%20')).status).toBe(400);
      expect([400, 414]).toContain((await operator.get(`/api/v1/item/autocomplete/${'a'.repeat(101)}`)).status);
    });
  });

  describe('GET /api/v1/item/{code}/bin_locations', () => {
    it('answers stock rows with freeToMoveQty = onHand − released − pick − QC-pending', async () => {
      const answer = await operator.get('/api/v1/item/ITEM-001/bin_locations');
      expect(answer.status).toBe(200);
      const rows = itemBinLocationsAnswerSchema.parse(answer.json);
      const pick = rows.find((r) => r.binLocation.code === '01-P01-01');
      expect(pick).toMatchObject({ onHandQty: 48, releasedQty: 12, pickQty: 0, freeToMoveQty: 36 });
      const cart = rows.find((r) => r.binLocation.code === 'CART-01');
      expect(cart).toMatchObject({ pickQty: 6, freeToMoveQty: 0, binLocation: { locationType: 'MOBILE' } });
      expect(rows.map((r) => r.binLocation.warehouseCode)).toContain('02');
    });
    it('shows batches, serials, QC-pending and restricted locations', async () => {
      const batches = itemBinLocationsAnswerSchema.parse(
        (await operator.get('/api/v1/item/BATCH-001/bin_locations')).json,
      );
      expect(batches.find((r) => r.batch?.code === 'B2025-015')).toMatchObject({
        qcPending: true,
        qcPendingQty: 50,
        freeToMoveQty: 0,
      });
      expect(batches.find((r) => r.batch?.code === 'B2024-001')).toMatchObject({
        binLocation: { code: '01-BLOCKED', stockMovementRestricted: true },
      });
      const serials = (await operator.get('/api/v1/item/SERIAL-001/bin_locations')).json;
      expect(serials.map((r: { serialNumber: { code: string } }) => r.serialNumber.code).sort()).toEqual([
        'SN-0001',
        'SN-0002',
        'SN-0003',
      ]);
      const liquid = (await operator.get('/api/v1/item/LIQUID-001/bin_locations')).json;
      expect(liquid).toMatchObject([
        { onHandQty: 750500.5, freeToMoveQty: 750500.5, binLocation: { physicalLocationType: 'LIQUID_CONTAINER' } },
      ]);
    });
    it('answers 404 for an unknown item', async () => {
      expect((await operator.get('/api/v1/item/NOPE/bin_locations')).json).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
        args: { code: 'NOPE' },
      });
    });
  });

  describe('GET /api/v1/item/{code}/open_documents', () => {
    it('lists open lines with direction, open quantity, ship date and partner; closed ones not', async () => {
      const answer = await operator.get('/api/v1/item/ITEM-001/open_documents');
      expect(answer.status).toBe(200);
      const rows = itemOpenDocumentsAnswerSchema.parse(answer.json);
      expect(rows.map((r) => `${r.code} ${r.direction}`).sort()).toEqual([
        'PO-1001 IN',
        // Warehouse 02's purchase order of the inbound demo data.
        'PO-1007 IN',
        'SO-2001 OUT',
        'SO-2002 OUT',
        // The order with an invalid ship-to postcode of the address validation demo data.
        'SO-ADDR-1 OUT',
        'WO-3001 OUT',
      ]);
      expect(rows.find((r) => r.code === 'SO-2002')).toMatchObject({
        type: 'SALES_ORDER',
        quantity: 300,
        openQuantity: 250,
        businessPartnerCode: 'C0002',
        businessPartnerName: 'Müller Werkzeuge GmbH',
        shipDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      // By ship date, undated documents last.
      const dates = rows.map((r) => r.shipDate ?? '9999');
      expect([...dates].sort()).toEqual(dates);
      const product = itemOpenDocumentsAnswerSchema.parse(
        (await operator.get('/api/v1/item/PROD-001/open_documents')).json,
      );
      expect(product).toMatchObject([
        { code: 'WO-3001', type: 'PRODUCTION_ORDER', direction: 'IN', businessPartnerCode: null },
      ]);
    });
    it('answers 404 for an unknown item', async () => {
      expect((await operator.get('/api/v1/item/NOPE/open_documents')).status).toBe(404);
    });
  });

  describe('GET /api/v1/item/{code}/history', () => {
    it('answers ledger rows newest first, paged', async () => {
      const answer = await operator.get('/api/v1/item/ITEM-001/history');
      expect(answer.status).toBe(200);
      const page = itemHistoryAnswerSchema.parse(answer.json);
      expect(page).toMatchObject({ offset: 0, limit: 100, hasMore: false });
      expect(page.rows).toHaveLength(6);
      const times = page.rows.map((r) => r.at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(page.rows[0]).toMatchObject({
        transactionType: 'COUNT_ADJUSTMENT',
        documentCode: 'CL-0007',
        quantity: -0.5,
        username: 'manager',
        bin: '01-A01-01',
      });
      const first = itemHistoryAnswerSchema.parse((await operator.get('/api/v1/item/ITEM-001/history?limit=2')).json);
      expect(first).toMatchObject({ limit: 2, hasMore: true });
      const second = itemHistoryAnswerSchema.parse(
        (await operator.get('/api/v1/item/ITEM-001/history?limit=2&offset=2')).json,
      );
      expect(second.rows.map((r) => r.at)).toEqual(times.slice(2, 4));
      const last = itemHistoryAnswerSchema.parse(
        (await operator.get('/api/v1/item/ITEM-001/history?offset=4&limit=2')).json,
      );
      expect(last.hasMore).toBe(false);
      const serial = itemHistoryAnswerSchema.parse((await operator.get('/api/v1/item/SERIAL-001/history')).json);
      expect(serial.rows.every((r) => r.serialNumber === 'SN-0003')).toBe(true);
    });
    it('refuses a bad page (400) and an unknown item (404)', async () => {
      for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=abc']) {
        expect((await operator.get(`/api/v1/item/ITEM-001/history?${query}`)).status).toBe(400);
      }
      expect((await operator.get('/api/v1/item/NOPE/history')).json).toMatchObject({ key: 'unknownItemForCode' });
    });
  });
});
