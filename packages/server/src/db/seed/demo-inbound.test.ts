import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { overReceiptRuleFor, warehouseReceiptSettings } from '../../features/goods-receipt/receipt-settings.service.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrateToLatest } from '../migrate.js';
import { seedDemoData } from './demo.js';

describe('inbound demo data', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    await migrateToLatest(handle);
    expect(await seedDemoData(handle.db)).toBe(true);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  const idOf = async (table: 'warehouse' | 'item', code: string) =>
    (await handle.db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const today = () => new Date().toISOString().slice(0, 10);
  const document = (code: string) =>
    handle.db
      .selectFrom('document')
      .leftJoin('business_partner', 'business_partner.id', 'document.business_partner_id')
      .leftJoin('warehouse', 'warehouse.id', 'document.warehouse_id')
      .select([
        'document.id',
        'document.type',
        'document.status',
        'document.due_date',
        'business_partner.code as partner',
        'warehouse.code as warehouse',
      ])
      .where('document.code', '=', code)
      .executeTakeFirstOrThrow();
  const lines = (documentId: number) =>
    handle.db
      .selectFrom('document_line')
      .innerJoin('item', 'item.id', 'document_line.item_id')
      .select([
        'document_line.line_number',
        'item.code as item',
        'document_line.direction',
        'document_line.quantity',
        'document_line.open_quantity',
        'document_line.extras',
      ])
      .where('document_line.document_id', '=', documentId)
      .orderBy('document_line.line_number')
      .execute();

  it('sets each warehouse receipt staging location and over-receipt rule', async () => {
    expect(await warehouseReceiptSettings(handle.db, await idOf('warehouse', '01'))).toEqual({
      warehouseCode: '01',
      receiptStagingLocation: { id: expect.any(Number), code: '01-RECEIVE' },
      overReceipt: { mode: 'CONFIRM', tolerancePercent: 5000 },
    });
    expect(await warehouseReceiptSettings(handle.db, await idOf('warehouse', '02'))).toEqual({
      warehouseCode: '02',
      receiptStagingLocation: { id: expect.any(Number), code: '02-RECEIVE' },
      overReceipt: { mode: 'BLOCK', tolerancePercent: 0 },
    });
    const warehouse02 = await handle.db
      .selectFrom('bin_location')
      .innerJoin('warehouse', 'warehouse.id', 'bin_location.warehouse_id')
      .select(['bin_location.code', 'bin_location.barcode', 'bin_location.location_type'])
      .where('warehouse.code', '=', '02')
      .where('bin_location.code', 'in', ['02-RECEIVE', '02-QC'])
      .orderBy('bin_location.code')
      .execute();
    expect(warehouse02).toEqual([
      { code: '02-QC', barcode: 'LOC02QC', location_type: 'QC' },
      { code: '02-RECEIVE', barcode: 'LOC02RC', location_type: 'RECEIVE' },
    ]);
  });

  it("gives ITEM-003 and ITEM-004 their own over-receipt rule over the warehouse's", async () => {
    const warehouse01 = await idOf('warehouse', '01');
    expect(await overReceiptRuleFor(handle.db, warehouse01, await idOf('item', 'ITEM-003'))).toEqual({
      mode: 'CONFIRM',
      tolerancePercent: 10_000,
    });
    expect(await overReceiptRuleFor(handle.db, warehouse01, await idOf('item', 'ITEM-004'))).toEqual({
      mode: 'MANAGER',
      tolerancePercent: 5_000,
    });
    const item = await handle.db
      .selectFrom('item')
      .select(['name', 'managed_by', 'barcode', 'barcode_lower', 'search_text', 'units', 'group_name'])
      .where('code', '=', 'ITEM-003')
      .executeTakeFirstOrThrow();
    expect(item).toEqual({
      name: 'Cable tie 200 mm',
      managed_by: 'NORMAL',
      barcode: '8712345000134',
      barcode_lower: '8712345000134',
      search_text: 'item-003\u0001cable tie 200 mm\u00018712345000134',
      units: 'pcs',
      group_name: 'Fasteners',
    });
  });

  it('has PO-1004 with ITEM-003 (10 open) on line 0 and ITEM-004 on line 1, due today', async () => {
    const po = await document('PO-1004');
    expect(po).toMatchObject({
      type: 'PURCHASE_ORDER',
      status: 'OPEN',
      partner: 'S0001',
      warehouse: '01',
      due_date: today(),
    });
    expect(await lines(po.id)).toEqual([
      { line_number: 0, item: 'ITEM-003', direction: 'IN', quantity: 10_000, open_quantity: 10_000, extras: null },
      { line_number: 1, item: 'ITEM-004', direction: 'IN', quantity: 20_000, open_quantity: 20_000, extras: null },
    ]);
    expect(await document('PO-1007')).toMatchObject({ warehouse: '02', partner: 'S0001' });
    expect(await document('PO-1001')).toMatchObject({ due_date: today() });
  });

  it('has PGR-5001 announcing batches that do not exist yet', async () => {
    const pgr = await document('PGR-5001');
    expect(pgr).toMatchObject({ type: 'PLANNED_GOODS_RECEIPT', status: 'OPEN', partner: 'S0002', warehouse: '01' });
    const rows = await lines(pgr.id);
    expect(rows.map((r) => [r.line_number, r.item, r.open_quantity])).toEqual([
      [0, 'BATCH-001', 40_000],
      [1, 'BATCH-001', 60_000],
      [2, 'ITEM-002', 200_000],
    ]);
    const extras = rows.map((r) => (r.extras === null ? null : (JSON.parse(r.extras) as Record<string, string>)));
    const date = /^\d{4}-\d{2}-\d{2}$/;
    expect(extras).toEqual([
      {
        batch: 'B2026-101',
        expirationDate: expect.stringMatching(date),
        manufacturingDate: expect.stringMatching(date),
      },
      { batch: 'B2026-102', expirationDate: expect.stringMatching(date) },
      null,
    ]);
    const first = extras[0] ?? {};
    expect(String(first.expirationDate) > today()).toBe(true);
    expect(String(first.manufacturingDate) < today()).toBe(true);
    const planned = await handle.db
      .selectFrom('batch')
      .select('code')
      .where('code', 'in', ['B2026-101', 'B2026-102'])
      .execute();
    expect(planned).toEqual([]);
  });
});
