import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportKind, Role } from '@wms/contract';
import { makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { today } from '../../util/time.js';
import { orderScene, storedDocument, type OrderScene } from './order-importers.test-helper.js';

/** The order importers through the import framework's routes: upload, validate, report rows, commit. */
describe('order importers over HTTP', () => {
  let t: TestApp;
  let db: Db;
  let s: OrderScene;
  const login = async (roles: Role[], language = 'en') => {
    const user = await makeUser(db, { roles, language });
    return signIn(t, user.username, user.password);
  };
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    s = await orderScene(db);
  });
  afterAll(async () => t.close());

  const base = (kind: ImportKind) => `/api/v1/order/import/${kind}/sessions`;
  async function upload(client: HttpClient, kind: ImportKind, csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv]), `${kind}.csv`);
    const response = await fetch(`${t.baseUrl}${base(kind)}`, {
      method: 'POST',
      headers: { ...client.headers, cookie: client.cookieHeader },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, text, json: text ? JSON.parse(text) : undefined };
  }
  /** Uploads and validates; answers the validated session. */
  async function validated(client: HttpClient, kind: ImportKind, csv: string) {
    const created = await upload(client, kind, csv);
    expect(created.status, created.text).toBe(201);
    expect(created.json.status).toBe('MAPPED');
    const checked = await client.post(`${base(kind)}/${created.json.id}/validate`);
    expect(checked.status, checked.text).toBe(200);
    return checked.json as { id: string; counts: { valid: number; warning: number; error: number } };
  }
  const commit = (client: HttpClient, kind: ImportKind, id: string, mode: string) =>
    client.post(`${base(kind)}/${id}/commit`, { mode });

  it('reports a bad item on row 7 and commits only the clean order with VALID_ROWS_ONLY (Dutch file, Dutch numbers)', async () => {
    const purchaser = await login(['purchasing'], 'nl');
    const [clean, broken] = [uniqueCode('PO-H-'), uniqueCode('PO-H-')];
    const line = (reference: string, item: string, quantity: string) =>
      [s.supplier.code, reference, s.warehouse.code, item, quantity, '31-12-2030'].join(';');
    const csv = [
      'Leverancierscode;Orderreferentie;Magazijn;Artikelcode;Aantal;Leverdatum',
      line(clean, s.item.code, '1.234,5'),
      line(clean, s.otherItem.code, '2'),
      line(clean, s.item.code, '3'),
      line(clean, s.item.code, '4'),
      line(broken, s.item.code, '5'),
      line(broken, 'NO-SUCH-ITEM', '6'),
      line(broken, s.item.code, '7'),
    ].join('\r\n');
    const session = await validated(purchaser, 'purchase_orders', csv);
    // The framework warns the other rows of the broken order that VALID_ROWS_ONLY skips them.
    expect(session.counts).toEqual({ valid: 4, warning: 2, error: 1 });
    const errors = await purchaser.get(`${base('purchase_orders')}/${session.id}/rows?status=ERROR`);
    expect(errors.json).toEqual({
      total: 1,
      rows: [
        expect.objectContaining({
          rowNumber: 7,
          status: 'ERROR',
          group: `${s.supplier.code} / ${broken}`,
          messages: [
            { severity: 'ERROR', column: 'itemCode', key: 'unknownItemForCode', args: { code: 'NO-SUCH-ITEM' } },
          ],
        }),
      ],
    });

    expect(errorOf(await commit(purchaser, 'purchase_orders', session.id, 'ALL_OR_NOTHING'))).toMatchObject({
      status: 422,
      key: 'importHasErrors',
    });
    expect(await storedDocument(db, 'PURCHASE_ORDER', clean)).toBeUndefined();

    const committed = await commit(purchaser, 'purchase_orders', session.id, 'VALID_ROWS_ONLY');
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json.result).toMatchObject({
      created: [{ type: 'PURCHASE_ORDER', code: clean }],
      committedRows: 4,
      skippedRows: 3,
    });
    expect((await storedDocument(db, 'PURCHASE_ORDER', clean))?.lines.map((l) => l.quantity)).toEqual([
      1_234_500, 2000, 3000, 4000,
    ]);
    expect(await storedDocument(db, 'PURCHASE_ORDER', broken)).toBeUndefined();
  });

  it('refuses an importer to a user without its role (403)', async () => {
    const sales = await login(['sales']);
    const csv = `supplierCode,orderReference,itemCode,quantity\r\n${s.supplier.code},X,${s.item.code},1`;
    expect((await upload(sales, 'purchase_orders', csv)).status).toBe(403);
    expect((await upload(sales, 'planned_goods_receipts', csv)).status).toBe(403);
    const purchaser = await login(['purchasing']);
    expect((await upload(purchaser, 'sales_orders', csv)).status).toBe(403);
  });

  it('imports planned receipts as drafts that goods receipt sees only after release', async () => {
    const importer = await login(['plannedGoodsReceiptsDraftImporter']);
    const reference = uniqueCode('ASN-H-');
    const csv = [
      'Supplier code,Reference,Warehouse,Item code,Quantity,Due date,Batch,Expiry date',
      `${s.supplier.code},${reference},${s.warehouse.code},${s.batchItem.code},10,${today()},PB-H1,2031-01-01`,
    ].join('\n');
    const session = await validated(importer, 'planned_goods_receipts', csv);
    expect(session.counts).toEqual({ valid: 1, warning: 0, error: 0 });
    const committed = await commit(importer, 'planned_goods_receipts', session.id, 'ALL_OR_NOTHING');
    expect(committed.status, committed.text).toBe(200);
    expect((await storedDocument(db, 'PLANNED_GOODS_RECEIPT', reference))?.status).toBe('DRAFT');

    const receiver = await login(['goodsReceipt']);
    const expected = async () =>
      (await receiver.get('/api/v1/goods_receipt/expected')).json.documents.map((d: { code: string }) => d.code);
    expect(await expected()).not.toContain(reference);
    const purchaser = await login(['purchasing']);
    const released = await purchaser.post(
      `/api/v1/shipment/planned_goods_receipts/${encodeURIComponent(reference)}/release`,
      { version: 1 },
    );
    expect(released.status, released.text).toBe(200);
    expect(await expected()).toContain(reference);
  });

  it('imports a sales order with its ship-to', async () => {
    const sales = await login(['sales']);
    const reference = uniqueCode('SO-H-');
    const csv = [
      'customerCode,orderReference,warehouseCode,itemCode,quantity,shipDate,shipToName,shipToCountry',
      `${s.customer.code},${reference},${s.warehouse.code},${s.item.code},4,2030-03-03,Depot Noord,BE`,
    ].join('\n');
    const session = await validated(sales, 'sales_orders', csv);
    expect(session.counts).toEqual({ valid: 1, warning: 0, error: 0 });
    expect((await commit(sales, 'sales_orders', session.id, 'ALL_OR_NOTHING')).status).toBe(200);
    const stored = await storedDocument(db, 'SALES_ORDER', reference);
    expect(stored?.lines[0]?.extras).toEqual({
      shipTo: { name: 'Depot Noord', street: null, postcode: null, city: null, countryCode: 'BE' },
    });
  });
});
