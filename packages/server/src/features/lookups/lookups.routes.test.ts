import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchesAnswerSchema,
  businessPartnerSchema,
  businessPartnersAnswerSchema,
  codeKey,
  orderSummariesAnswerSchema,
  orderSummarySchema,
  paddedCodeKey,
  serialsAnswerSchema,
} from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { errorOf } from '../../../test/user-helper.js';

describe('object lookups', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());

  const codes = (answer: { json: { code: string }[] }) => answer.json.map((r) => r.code);

  it.each([
    '/api/v1/batch/find/B2025-014',
    '/api/v1/batch/autocomplete/b20',
    '/api/v1/serial/find/SN-0001',
    '/api/v1/serial/autocomplete/sn',
    '/api/v1/bp/C0001',
    '/api/v1/bp/autocomplete/c0',
    '/api/v1/order/SO-2001',
    '/api/v1/order/autocomplete/so',
  ])('GET %s: 401 without a session, 403 without the information role', async (path) => {
    expect(errorOf(await t.client().get(path))).toMatchObject({ status: 401, key: 'notSignedIn' });
    expect(errorOf(await translator.get(path))).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await operator.get(path)).status).toBe(200);
  });

  describe('batches', () => {
    it('finds a batch by code without case and zero-padded, with its item', async () => {
      const answer = await operator.get('/api/v1/batch/find/b2025-014');
      expect(answer.status).toBe(200);
      expect(batchesAnswerSchema.parse(answer.json)).toEqual([
        {
          code: 'B2025-014',
          visualCode: 'B2025-014',
          mnfBatchCode: 'MNF-8120',
          admissionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          manufacturingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          qualityControlApprovedOrNotRequired: true,
          itemCode: 'BATCH-001',
          itemName: 'Paracetamol 500 mg',
        },
      ]);
      expect(codes(await operator.get('/api/v1/batch/find/000B2025-014'))).toEqual(['B2025-014']);
      expect((await operator.get('/api/v1/batch/find/G-0042')).json).toMatchObject([
        { itemCode: 'QC-001', qualityControlApprovedOrNotRequired: false },
      ]);
    });
    it('lists the batches of every item with the code, or of one item', async () => {
      const db = t.app.ctx.db;
      const item = await db.selectFrom('item').select('id').where('code', '=', 'QC-001').executeTakeFirstOrThrow();
      await db
        .insertInto('batch')
        .values({
          item_id: item.id,
          code: 'B2025-014',
          code_key: paddedCodeKey('B2025-014'),
          visual_code: 'B2025-014',
          quality_control_approved_or_not_required: 1,
        })
        .execute();
      const all = batchesAnswerSchema.parse((await operator.get('/api/v1/batch/find/B2025-014')).json);
      expect(all.map((b) => b.itemCode)).toEqual(['BATCH-001', 'QC-001']);
      const one = await operator.get('/api/v1/batch/find/B2025-014?itemCode=qc-001');
      expect(one.json.map((b: { itemCode: string }) => b.itemCode)).toEqual(['QC-001']);
      await db.deleteFrom('batch').where('item_id', '=', item.id).where('code', '=', 'B2025-014').execute();
    });
    it('answers 404 unknownBatch, or unknownItemForCode for an unknown item filter', async () => {
      expect(errorOf(await operator.get('/api/v1/batch/find/NOPE-1'))).toEqual({
        status: 404,
        key: 'unknownBatch',
        args: { code: 'NOPE-1' },
      });
      expect(errorOf(await operator.get('/api/v1/batch/find/G-0042?itemCode=BATCH-001'))).toEqual({
        status: 404,
        key: 'unknownBatch',
        args: { code: 'G-0042' },
      });
      expect(errorOf(await operator.get('/api/v1/batch/find/G-0042?itemCode=NOPE'))).toEqual({
        status: 404,
        key: 'unknownItemForCode',
        args: { code: 'NOPE' },
      });
      expect(errorOf(await operator.get('/api/v1/batch/autocomplete/b?itemCode=NOPE'))).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
      });
    });
    it('autocompletes on the code, prefix matches first, of one item when given', async () => {
      expect(codes(await operator.get('/api/v1/batch/autocomplete/B2025'))).toEqual(['B2025-014', 'B2025-015']);
      expect(codes(await operator.get('/api/v1/batch/autocomplete/0'))).toEqual([
        'G-0042',
        // The picking demo data's batches (demo-picking.ts).
        'YD-2501',
        'YD-2502',
        'B2024-001',
        'B2025-014',
        'B2025-015',
      ]);
      expect(codes(await operator.get('/api/v1/batch/autocomplete/0?itemCode=BATCH-001'))).toEqual([
        'B2024-001',
        'B2025-014',
        'B2025-015',
      ]);
      expect((await operator.get('/api/v1/batch/autocomplete/%25')).json).toEqual([]);
    });
    it('answers at most 20 and refuses blank input', async () => {
      const db = t.app.ctx.db;
      const item = await db.selectFrom('item').select('id').where('code', '=', 'ITEM-002').executeTakeFirstOrThrow();
      const rows = Array.from({ length: 25 }, (_, i) => `LOTX-${String(i).padStart(2, '0')}`).map((code) => ({
        item_id: item.id,
        code,
        code_key: paddedCodeKey(code),
        visual_code: code,
        quality_control_approved_or_not_required: 1,
      }));
      await db.insertInto('batch').values(rows).execute();
      const many = batchesAnswerSchema.parse((await operator.get('/api/v1/batch/autocomplete/lotx')).json);
      expect(many.map((b) => b.code)).toEqual(rows.slice(0, 20).map((r) => r.code));
      await db.deleteFrom('batch').where('item_id', '=', item.id).execute();
      expect((await operator.get('/api/v1/batch/autocomplete/%20')).status).toBe(400);
      expect((await operator.get('/api/v1/batch/find/%20')).status).toBe(400);
      expect((await operator.get('/api/v1/batch/find/B2025-014?itemCode=')).status).toBe(400);
    });
  });

  describe('serials', () => {
    it('finds a serial by code without case and zero-padded', async () => {
      const answer = await operator.get('/api/v1/serial/find/sn-0002');
      expect(answer.status).toBe(200);
      expect(serialsAnswerSchema.parse(answer.json)).toEqual([
        {
          code: 'SN-0002',
          visualCode: 'SN-0002',
          lotCode: 'LOT-A',
          mnfLotCode: 'MLOT-A',
          mnfSerialCode: 'XR5-0002',
          internalSerialCode: 'INT-0002',
          admissionDate: expect.any(String),
          manufacturingDate: expect.any(String),
          expirationDate: null,
          qualityControlApprovedOrNotRequired: true,
          itemCode: 'SERIAL-001',
          itemName: 'Barcode scanner XR-5',
        },
      ]);
      expect(codes(await operator.get('/api/v1/serial/find/0SN-0002?itemCode=SERIAL-001'))).toEqual(['SN-0002']);
    });
    it('answers 404 unknownSerial and unknownItemForCode', async () => {
      expect(errorOf(await operator.get('/api/v1/serial/find/SN-9999'))).toEqual({
        status: 404,
        key: 'unknownSerial',
        args: { code: 'SN-9999' },
      });
      expect(errorOf(await operator.get('/api/v1/serial/find/SN-0001?itemCode=SERIAL-002'))).toMatchObject({
        status: 404,
        key: 'unknownSerial',
      });
      expect(errorOf(await operator.get('/api/v1/serial/autocomplete/SN?itemCode=NOPE'))).toMatchObject({
        status: 404,
        key: 'unknownItemForCode',
        args: { code: 'NOPE' },
      });
    });
    it('autocompletes on the code', async () => {
      expect(codes(await operator.get('/api/v1/serial/autocomplete/SN-000'))).toEqual([
        'SN-0001',
        'SN-0002',
        'SN-0003',
      ]);
      // SN-0103 is a delivered serial of the returns demo data (demo-returns.ts).
      expect(codes(await operator.get('/api/v1/serial/autocomplete/03?itemCode=serial-001'))).toEqual([
        'SN-0003',
        'SN-0103',
      ]);
      expect((await operator.get('/api/v1/serial/autocomplete/03?itemCode=ITEM-001')).json).toEqual([]);
      expect((await operator.get('/api/v1/serial/autocomplete/_')).json).toEqual([]);
    });
  });

  describe('business partners', () => {
    it('gets a partner by code without case and zero-padded', async () => {
      const answer = await operator.get('/api/v1/bp/c0002');
      expect(answer.status).toBe(200);
      expect(businessPartnerSchema.strict().parse(answer.json)).toEqual({
        code: 'C0002',
        visualCode: 'C0002',
        name: 'Müller Werkzeuge GmbH',
        type: 'CUSTOMER',
      });
      expect((await operator.get('/api/v1/bp/00S0001')).json).toMatchObject({ code: 'S0001', type: 'SUPPLIER' });
      expect(errorOf(await operator.get('/api/v1/bp/X0001'))).toEqual({
        status: 404,
        key: 'unknownBusinessPartner',
        args: { code: 'X0001' },
      });
      expect((await operator.get('/api/v1/bp/%20')).status).toBe(400);
    });
    it('autocompletes on code and name, code-prefix matches first', async () => {
      const byCode = businessPartnersAnswerSchema.parse((await operator.get('/api/v1/bp/autocomplete/s00')).json);
      expect(byCode.map((p) => p.code)).toEqual(['S0001', 'S0002']);
      expect(codes(await operator.get('/api/v1/bp/autocomplete/MÜLLER'))).toEqual(['C0002']);
      expect(codes(await operator.get('/api/v1/bp/autocomplete/supply'))).toEqual(['S0002']);
      expect(codes(await operator.get('/api/v1/bp/autocomplete/0001'))).toEqual(['C0001', 'S0001']);
      expect((await operator.get('/api/v1/bp/autocomplete/%20')).status).toBe(400);
    });
  });

  describe('orders', () => {
    it('gets a sales, purchase or production order by code without case', async () => {
      const answer = await operator.get('/api/v1/order/so-2002');
      expect(answer.status).toBe(200);
      expect(orderSummarySchema.strict().parse(answer.json)).toEqual({
        type: 'SALES_ORDER',
        code: 'SO-2002',
        visualCode: 'SO-2002',
        status: 'OPEN',
        businessPartnerCode: 'C0002',
        businessPartnerName: 'Müller Werkzeuge GmbH',
        shipDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect((await operator.get('/api/v1/order/PO-1001')).json).toMatchObject({ type: 'PURCHASE_ORDER' });
      expect((await operator.get('/api/v1/order/WO-3001')).json).toMatchObject({
        type: 'PRODUCTION_ORDER',
        businessPartnerCode: null,
        businessPartnerName: null,
      });
      expect((await operator.get('/api/v1/order/SO-1999')).json).toMatchObject({ status: 'CLOSED' });
    });
    it('answers 404 unknownOrder for an unknown code and for documents that are not orders', async () => {
      expect(errorOf(await operator.get('/api/v1/order/SO-0000'))).toEqual({
        status: 404,
        key: 'unknownOrder',
        args: { code: 'SO-0000' },
      });
      const at = new Date().toISOString();
      const document = (type: string, code: string) => ({
        type,
        code,
        code_lower: codeKey(code),
        visual_code: code,
        status: 'OPEN',
        created_at: at,
        updated_at: at,
      });
      await t.app.ctx.db
        .insertInto('document')
        .values([document('PICK_LIST', 'PL-0900'), document('PURCHASE_ORDER', 'SO-2001')])
        .execute();
      expect(errorOf(await operator.get('/api/v1/order/PL-0900'))).toMatchObject({ status: 404, key: 'unknownOrder' });
      expect((await operator.get('/api/v1/order/so-2001')).json).toMatchObject({ type: 'SALES_ORDER' });
      expect((await operator.get('/api/v1/order/%20')).status).toBe(400);
    });
    it('autocompletes code-prefix matches first, then contains; orders only', async () => {
      const prefix = orderSummariesAnswerSchema.parse((await operator.get('/api/v1/order/autocomplete/SO-')).json);
      // SO-1998 is the delivered order of the returns demo data (demo-returns.ts).
      expect(prefix.map((o) => `${o.code} ${o.type}`)).toEqual([
        'SO-1998 SALES_ORDER',
        'SO-1999 SALES_ORDER',
        'SO-2001 PURCHASE_ORDER',
        'SO-2001 SALES_ORDER',
        'SO-2002 SALES_ORDER',
        // The address validation, multi-address and delivery demo data's orders
        // (demo-address-validation.ts, demo-multi-address.ts, demo-deliveries.ts).
        'SO-ADDR-1 SALES_ORDER',
        'SO-MULTI-1 SALES_ORDER',
        'SO-PACK-1 SALES_ORDER',
        'SO-PACK-2 SALES_ORDER',
        'SO-PACK-3 SALES_ORDER',
        // The picking demo data's orders (demo-picking.ts).
        'SO-PICK-1 SALES_ORDER',
        'SO-PICK-2 SALES_ORDER',
        'SO-PICK-3 SALES_ORDER',
        'SO-PICK-4 SALES_ORDER',
      ]);
      // PO-1003 to PO-1007 come from the inbound demo data (demo-inbound.ts).
      expect(codes(await operator.get('/api/v1/order/autocomplete/100'))).toEqual([
        'PO-1001',
        'PO-1002',
        'PO-1003',
        'PO-1004',
        'PO-1005',
        'PO-1006',
        'PO-1007',
      ]);
      expect(codes(await operator.get('/api/v1/order/autocomplete/0900'))).toEqual([]);
      expect((await operator.get('/api/v1/order/autocomplete/%20')).status).toBe(400);
    });
  });
});
