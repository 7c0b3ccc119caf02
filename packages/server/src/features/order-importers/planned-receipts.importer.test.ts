import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plannedReceiptsLiveArea, topics } from '@wms/contract';
import { makeDocument, uniqueCode } from '../../../test/factories.js';
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
import { plannedReceiptImporter as importer } from './planned-receipts.importer.js';

describe('planned_goods_receipts importer', () => {
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
  const error = (column: string, key: string, args: Record<string, unknown>) => ({
    severity: 'ERROR',
    column,
    key,
    args,
  });

  it('makes a DRAFT planned receipt whose lines carry batch, dates, serial and purchase order', async () => {
    const order = await makeDocument(db, { type: 'PURCHASE_ORDER', lines: [{ item: s.batchItem, quantity: 50 }] });
    const reference = uniqueCode('ASN-');
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const created = await importRows(
      t,
      importer,
      rowsOf([
        row({
          reference,
          itemCode: s.batchItem.code,
          quantity: '40',
          batch: 'B-1',
          expirationDate: '2031-01-31',
          manufacturingDate: '15.01.2026',
          dueDate: '2030-05-05',
          purchaseOrderReference: order.code.toLowerCase(),
        }),
        row({ reference, itemCode: s.serialItem.code, serial: 'SN-1' }),
        row({ reference, itemCode: s.serialItem.code, serial: 'SN-2' }),
        row({ reference, quantity: '12' }),
      ]),
    );
    expect(created).toEqual([{ type: 'PLANNED_GOODS_RECEIPT', code: reference }]);
    expect(publish).toHaveBeenCalledWith(topics.documents(plannedReceiptsLiveArea), 'DOCUMENT_CHANGED', {
      type: 'PLANNED_GOODS_RECEIPT',
      code: reference,
      status: 'DRAFT',
      version: 1,
    });
    expect(publish).not.toHaveBeenCalledWith(topics.documents('goods_receipt'), expect.anything(), expect.anything());
    publish.mockRestore();
    const stored = await storedDocument(db, 'PLANNED_GOODS_RECEIPT', reference);
    expect(stored).toMatchObject({ status: 'DRAFT', due_date: '2030-05-05', business_partner_id: s.supplier.id });
    expect(stored?.lines.map((l) => [l.item_id, l.quantity, l.direction, l.extras])).toEqual([
      [
        s.batchItem.id,
        40_000,
        'IN',
        {
          batch: 'B-1',
          expirationDate: '2031-01-31',
          manufacturingDate: '2026-01-15',
          purchaseOrderReference: order.code.toLowerCase(),
        },
      ],
      [s.serialItem.id, 1000, 'IN', { serial: 'SN-1' }],
      [s.serialItem.id, 1000, 'IN', { serial: 'SN-2' }],
      [s.item.id, 12_000, 'IN', null],
    ]);
  });

  it('refuses batches and serials the item does not take, a serial of more than one, a repeated serial and an unknown order', async () => {
    const reference = uniqueCode('ASN-BAD-');
    const checked = await importer.check(
      db,
      rowsOf([
        row({ reference, batch: 'B-2' }),
        row({ reference, serial: 'SN-9' }),
        row({ reference, itemCode: s.serialItem.code, serial: 'SN-3', quantity: '2' }),
        row({ reference, itemCode: s.serialItem.code, serial: 'SN-4' }),
        row({ reference, itemCode: s.serialItem.code.toLowerCase(), serial: 'sn-4' }),
        row({ reference, purchaseOrderReference: 'NO-SUCH-PO' }),
        row({ reference, itemCode: s.batchItem.code, batch: 'B-3', expirationDate: 'soon' }),
        row({ reference, itemCode: s.serialItem.code, serial: 'SN-5' }),
      ]),
      runOf(t),
    );
    expect(messagesByRow(checked)).toEqual({
      2: [error('batch', 'batchNotAllowedForItem', { item: s.item.code })],
      3: [error('serial', 'serialNotAllowedForItem', { item: s.item.code })],
      4: [error('quantity', 'serialQuantityMustBeOne', { item: s.serialItem.code })],
      6: [error('serial', 'serialAlreadyExists', { serial: 'sn-4', item: s.serialItem.code })],
      7: [error('purchaseOrderReference', 'unknownDocument', { type: 'PURCHASE_ORDER', code: 'NO-SUCH-PO' })],
      8: [error('expirationDate', 'invalidDate', { value: 'soon' })],
    });
    expect(checked[3]?.prepared).toMatchObject({ itemId: s.serialItem.id, extras: { serial: 'SN-4' } });
  });

  it('refuses a reference that a planned receipt has already, whatever its status', async () => {
    const existing = await makeDocument(db, {
      type: 'PLANNED_GOODS_RECEIPT',
      status: 'DRAFT',
      lines: [{ item: s.item, quantity: 1 }],
    });
    const checked = await importer.check(db, rowsOf([row({ reference: existing.code })]), runOf(t));
    expect(messagesByRow(checked)).toEqual({
      2: [error('reference', 'duplicateExternalReference', { reference: existing.code })],
    });
  });
});
