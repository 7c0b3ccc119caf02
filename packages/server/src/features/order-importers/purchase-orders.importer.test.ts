import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import { makeDocument, makeUser, makeWarehouse, uniqueCode } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { today } from '../../util/time.js';
import {
  importRows,
  messagesByRow,
  orderScene,
  rowsOf,
  runOf,
  storedDocument,
  type OrderScene,
} from './order-importers.test-helper.js';
import { purchaseOrderImporter as importer } from './purchase-orders.importer.js';

describe('purchase_orders importer', () => {
  let t: TestApp;
  let db: Db;
  let s: OrderScene;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    s = await orderScene(db);
  });
  afterAll(async () => t.close());

  const row = (values: Record<string, string>) => ({
    supplierCode: s.supplier.code,
    warehouseCode: s.warehouse.code,
    itemCode: s.item.code,
    quantity: '1',
    ...values,
  });
  const check = (records: Record<string, string>[], language: 'en' | 'nl' = 'en') =>
    importer.check(db, rowsOf(records), runOf(t, language));

  it('makes one OPEN purchase order per supplier and reference, lines in file order, codes in any case', async () => {
    const [a, b] = [uniqueCode('PO-A-'), uniqueCode('PO-B-')];
    const created = await importRows(
      t,
      importer,
      rowsOf([
        row({ orderReference: a, quantity: '1.234,5', dueDate: '31-12-2030', price: '12,50', lineReference: 'L10' }),
        row({ orderReference: b, supplierCode: s.otherSupplier.code.toLowerCase(), itemCode: s.otherItem.code }),
        row({ orderReference: a.toLowerCase(), itemCode: s.otherItem.code.toLowerCase(), quantity: '3' }),
        row({ orderReference: a, warehouseCode: s.warehouse.code.toLowerCase(), quantity: '0,5', dueDate: '' }),
      ]),
      'nl',
    );
    expect(created).toEqual([
      { type: 'PURCHASE_ORDER', code: a },
      { type: 'PURCHASE_ORDER', code: b },
    ]);
    const first = await storedDocument(db, 'PURCHASE_ORDER', a);
    expect(first).toMatchObject({
      code: a,
      visual_code: a,
      status: 'OPEN',
      version: 1,
      business_partner_id: s.supplier.id,
      warehouse_id: s.warehouse.id,
      due_date: '2030-12-31',
      document_date: today(),
    });
    expect(first?.lines).toEqual([
      {
        line_number: 0,
        item_id: s.item.id,
        direction: 'IN',
        quantity: 1_234_500,
        open_quantity: 1_234_500,
        extras: { lineReference: 'L10', price: '12.5' },
      },
      { line_number: 1, item_id: s.otherItem.id, direction: 'IN', quantity: 3000, open_quantity: 3000, extras: null },
      { line_number: 2, item_id: s.item.id, direction: 'IN', quantity: 500, open_quantity: 500, extras: null },
    ]);
    expect(await storedDocument(db, 'PURCHASE_ORDER', b)).toMatchObject({
      business_partner_id: s.otherSupplier.id,
      lines: [{ line_number: 0, item_id: s.otherItem.id, quantity: 1000 }],
    });
    // Nothing goes to the ERP: the orders came from a file.
    const outbox = await db.selectFrom('erp_outbox').select('id').where('document_code', 'in', [a, b]).execute();
    expect(outbox).toEqual([]);
  });

  it('reports a bad item code on row 7 with its column, key and args, and only there', async () => {
    const reference = uniqueCode('PO-7-');
    const records = Array.from({ length: 8 }, (_, i) => row({ orderReference: reference, quantity: String(i + 1) }));
    records[5] = row({ orderReference: reference, itemCode: 'NO-SUCH-ITEM' });
    const checked = await check(records);
    expect(checked.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(messagesByRow(checked)).toEqual({
      7: [{ severity: 'ERROR', column: 'itemCode', key: 'unknownItemForCode', args: { code: 'NO-SUCH-ITEM' } }],
    });
    expect(checked[5]?.prepared).toBeUndefined();
    expect(new Set(checked.map((r) => r.group))).toEqual(new Set([`${s.supplier.code} / ${reference}`]));
    expect(checked[0]?.prepared).toMatchObject({ code: reference, itemId: s.item.id, quantity: 1000 });
  });

  it('refuses a reference that exists already, or that two suppliers use in the file', async () => {
    const existing = await makeDocument(db, { type: 'PURCHASE_ORDER', lines: [{ item: s.item, quantity: 1 }] });
    const shared = uniqueCode('PO-SHARED-');
    const checked = await check([
      row({ orderReference: existing.code.toLowerCase() }),
      row({ orderReference: shared }),
      row({ orderReference: shared, supplierCode: s.otherSupplier.code }),
      row({ orderReference: uniqueCode('PO-FINE-') }),
    ]);
    const duplicate = (reference: string) => [
      { severity: 'ERROR', column: 'orderReference', key: 'duplicateExternalReference', args: { reference } },
    ];
    expect(messagesByRow(checked)).toEqual({
      2: duplicate(existing.code.toLowerCase()),
      3: duplicate(shared),
      4: duplicate(shared),
    });
  });

  it('refuses unknown and inactive codes, customers as suppliers, bad numbers and dates, and disagreeing rows', async () => {
    const inactive = await makeWarehouse(db, { active: false });
    const reference = uniqueCode('PO-BAD-');
    const checked = await check([
      row({ orderReference: reference, supplierCode: s.customer.code }),
      row({ orderReference: reference, warehouseCode: 'NO-SUCH-WH' }),
      row({ orderReference: reference, warehouseCode: inactive.code }),
      row({ orderReference: reference, itemCode: s.inactiveItem.code }),
      row({ orderReference: reference, quantity: 'abc' }),
      row({ orderReference: reference, quantity: '0' }),
      row({ orderReference: reference, quantity: '-2' }),
      row({ orderReference: reference, dueDate: '31-02-2030' }),
      row({ orderReference: reference, price: '-1', dueDate: '2030-01-01' }),
      row({ orderReference: reference, price: 'twelve', dueDate: '2030-01-02' }),
      row({ orderReference: reference, warehouseCode: s.otherWarehouse.code }),
      row({ orderReference: '', itemCode: '' }),
      row({ orderReference: reference, warehouseCode: '' }),
    ]);
    const error = (column: string, key: string, args: Record<string, unknown>) => ({
      severity: 'ERROR',
      column,
      key,
      args,
    });
    expect(messagesByRow(checked)).toEqual({
      2: [error('supplierCode', 'unknownBusinessPartner', { code: s.customer.code })],
      3: [error('warehouseCode', 'unknownWarehouse', { code: 'NO-SUCH-WH' })],
      4: [error('warehouseCode', 'warehouseInactive', { code: inactive.code })],
      5: [error('itemCode', 'itemInactive', { code: s.inactiveItem.code })],
      6: [error('quantity', 'notANumber', { value: 'abc' })],
      7: [error('quantity', 'quantityMustBePositive', { value: '0' })],
      8: [error('quantity', 'quantityMustBePositive', { value: '-2' })],
      9: [error('dueDate', 'invalidDate', { value: '31-02-2030' })],
      10: [error('price', 'invalidPrice', { price: '-1' })],
      11: [
        error('price', 'notANumber', { value: 'twelve' }),
        error('dueDate', 'rowConflictsWithGroup', { column: 'dueDate' }),
      ],
      12: [error('warehouseCode', 'rowConflictsWithGroup', { column: 'warehouseCode' })],
      13: [
        error('orderReference', 'importValueRequired', { column: 'orderReference' }),
        error('itemCode', 'importValueRequired', { column: 'itemCode' }),
      ],
      // Several warehouses are active: the row must name one.
      14: [error('warehouseCode', 'importValueRequired', { column: 'warehouseCode' })],
    });
    expect(checked.every((r) => r.prepared === undefined)).toBe(true);
    expect(checked[11]?.group).toBeNull();
  });

  it('refuses in the commit an order made meanwhile (409), writing nothing of the group', async () => {
    const reference = uniqueCode('PO-RACE-');
    const checked = await check([row({ orderReference: reference })]);
    await makeDocument(db, { type: 'PURCHASE_ORDER', code: reference, lines: [{ item: s.otherItem, quantity: 9 }] });
    const commit = db.transaction().execute((tx) => importer.commit(tx, checked, runOf(t)));
    await expect(commit).rejects.toMatchObject({ status: 409, key: 'duplicateExternalReference' });
    await expect(commit).rejects.toBeInstanceOf(AppError);
    expect((await storedDocument(db, 'PURCHASE_ORDER', reference))?.lines).toEqual([
      expect.objectContaining({ item_id: s.otherItem.id, quantity: 9000 }),
    ]);
  });

  it('tells goods receipt: DOCUMENT_CHANGED on its topic, the counter, and the order is receivable', async () => {
    const counter = async () =>
      Number(
        (
          await db
            .selectFrom('notification_counter')
            .select('count')
            .where('path', '=', '/goods_receipt')
            .where('user_id', '=', 0)
            .executeTakeFirst()
        )?.count ?? 0,
      );
    const before = await counter();
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const reference = uniqueCode('PO-LIVE-');
    await importRows(t, importer, rowsOf([row({ orderReference: reference, dueDate: today() })]));
    expect(publish).toHaveBeenCalledWith(topics.documents('goods_receipt'), 'DOCUMENT_CHANGED', {
      type: 'PURCHASE_ORDER',
      code: reference,
      status: 'OPEN',
      version: 1,
    });
    publish.mockRestore();
    expect(await counter()).toBe(before + 1);

    const receiver = await makeUser(db, { roles: ['goodsReceipt'] });
    const client = await signIn(t, receiver.username, receiver.password);
    const found = await client.get(`/api/v1/goods_receipt/find?scan=${encodeURIComponent(reference)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json.documents).toEqual([
      expect.objectContaining({ type: 'PURCHASE_ORDER', code: reference, status: 'OPEN', openQuantity: 1 }),
    ]);
  });
});
