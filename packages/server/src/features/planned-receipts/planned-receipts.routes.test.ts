import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import { makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { today } from '../../util/time.js';
import {
  importRows,
  orderScene,
  rowsOf,
  storedDocument,
  type OrderScene,
} from '../order-importers/order-importers.test-helper.js';
import { plannedReceiptImporter } from '../order-importers/planned-receipts.importer.js';

const base = '/api/v1/shipment/planned_goods_receipts';

describe('planned goods receipts: drafts, release and delete', () => {
  let t: TestApp;
  let db: Db;
  let s: OrderScene;
  let purchaser: HttpClient;
  let draftImporter: HttpClient;
  let receiver: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    s = await orderScene(db);
    const login = async (roles: Parameters<typeof makeUser>[1]['roles']) => {
      const user = await makeUser(db, { roles });
      return signIn(t, user.username, user.password);
    };
    purchaser = await login(['purchasing']);
    draftImporter = await login(['plannedGoodsReceiptsDraftImporter']);
    receiver = await login(['goodsReceipt']);
  });
  afterAll(async () => t.close());

  /** A draft imported through the importer: a batch line due today and a plain line. */
  async function importDraft(): Promise<{ code: string; batch: string }> {
    const code = uniqueCode('ASN-R-');
    const batch = uniqueCode('PB-');
    const row = { supplierCode: s.supplier.code, reference: code, warehouseCode: s.warehouse.code, dueDate: today() };
    await importRows(
      t,
      plannedReceiptImporter,
      rowsOf([
        { ...row, itemCode: s.batchItem.code, quantity: '40', batch, expirationDate: '2031-03-01' },
        { ...row, itemCode: s.item.code, quantity: '2,5' },
      ]),
      'nl',
    );
    return { code, batch };
  }
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
  const release = (client: HttpClient, code: string, version: number) =>
    client.post(`${base}/${encodeURIComponent(code)}/release`, { version });
  const remove = (client: HttpClient, code: string, version: number) =>
    client.post(`${base}/${encodeURIComponent(code)}/delete`, { version });
  const codesOf = (answer: { json: { documents: { code: string }[] } }) => answer.json.documents.map((d) => d.code);

  it('keeps a DRAFT away from goods receipt until a purchaser releases it', async () => {
    const { code, batch } = await importDraft();
    const before = await counter();
    const expected = () => receiver.get('/api/v1/goods_receipt/expected');
    const find = (scan: string) => receiver.get(`/api/v1/goods_receipt/find?scan=${encodeURIComponent(scan)}`);
    const open = () =>
      receiver.post('/api/v1/goods_receipt/open', { sourceType: 'PLANNED_GOODS_RECEIPT', sourceCode: code });
    const planned = () => receiver.get(`/api/v1/goods_receipt/plannedGoodsReceipt/${encodeURIComponent(code)}`);

    expect(codesOf(await expected())).not.toContain(code);
    expect(codesOf(await find(code))).toEqual([]);
    expect(codesOf(await find(batch))).toEqual([]);
    expect(errorOf(await open())).toEqual({
      status: 422,
      key: 'documentNotReceivable',
      args: { document: code, status: 'DRAFT' },
    });
    expect(errorOf(await planned())).toEqual({
      status: 404,
      key: 'unknownDocument',
      args: { type: 'PLANNED_GOODS_RECEIPT', code },
    });

    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const released = await release(purchaser, code, 1);
    expect(released.status, released.text).toBe(200);
    expect(released.json).toEqual({ code, status: 'OPEN', version: 2 });
    expect(publish).toHaveBeenCalledWith(topics.documents('goods_receipt'), 'DOCUMENT_CHANGED', {
      type: 'PLANNED_GOODS_RECEIPT',
      code,
      status: 'OPEN',
      version: 2,
    });
    publish.mockRestore();
    expect(await counter()).toBe(before + 1);

    expect(codesOf(await expected())).toContain(code);
    expect(codesOf(await find(code))).toEqual([code]);
    expect(codesOf(await find(batch))).toEqual([code]);
    const plannedAnswer = await planned();
    expect(plannedAnswer.status, plannedAnswer.text).toBe(200);
    expect(plannedAnswer.json).toMatchObject({
      code,
      status: 'OPEN',
      lines: [
        { line: 0, item: s.batchItem.code, quantity: 40, open: 40, batch, expirationDate: '2031-03-01' },
        { line: 1, item: s.item.code, quantity: 2.5, open: 2.5, batch: null, expirationDate: null },
      ],
    });
    const opened = await open();
    expect(opened.status, opened.text).toBe(200);
    expect(opened.json.receipt.source).toMatchObject({ type: 'PLANNED_GOODS_RECEIPT', code, status: 'OPEN' });
  });

  it('lists and shows drafts to purchasing and the draft importer, newest first', async () => {
    const older = await importDraft();
    const newer = await importDraft();
    for (const client of [purchaser, draftImporter]) {
      const list = await client.get(`${base}?status=DRAFT`);
      expect(list.status, list.text).toBe(200);
      const codes = list.json.receipts.map((r: { code: string }) => r.code);
      expect(codes.indexOf(newer.code)).toBeLessThan(codes.indexOf(older.code));
      expect(list.json.receipts.find((r: { code: string }) => r.code === newer.code)).toEqual({
        code: newer.code,
        visualCode: newer.code,
        supplierCode: s.supplier.code,
        supplierName: `Partner ${s.supplier.code}`,
        warehouseCode: s.warehouse.code,
        dueDate: today(),
        status: 'DRAFT',
        version: 1,
        lineCount: 2,
        totalQuantity: 42.5,
      });
      expect(list.json.truncated).toBe(false);
    }
    const detail = await draftImporter.get(`${base}/${encodeURIComponent(newer.code.toLowerCase())}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json).toMatchObject({ code: newer.code, status: 'DRAFT', purchaseOrderReference: null });
    expect(detail.json.lines).toEqual([
      {
        line: 0,
        itemCode: s.batchItem.code,
        itemName: s.batchItem.name,
        quantity: 40,
        batch: newer.batch,
        expirationDate: '2031-03-01',
        manufacturingDate: null,
        serial: null,
        purchaseOrderReference: null,
      },
      {
        line: 1,
        itemCode: s.item.code,
        itemName: s.item.name,
        quantity: 2.5,
        batch: null,
        expirationDate: null,
        manufacturingDate: null,
        serial: null,
        purchaseOrderReference: null,
      },
    ]);
    const openList = await purchaser.get(`${base}?status=OPEN`);
    expect(openList.json.receipts.map((r: { code: string }) => r.code)).not.toContain(newer.code);
  });

  it('refuses a stale version (412), a receipt that is no draft (422), an unknown code (404) and other roles (403)', async () => {
    const { code } = await importDraft();
    expect((await release(receiver, code, 1)).status).toBe(403);
    expect((await release(draftImporter, code, 1)).status).toBe(403);
    expect((await remove(draftImporter, code, 1)).status).toBe(403);
    expect((await receiver.get(`${base}?status=DRAFT`)).status).toBe(403);
    expect((await receiver.get(`${base}/${encodeURIComponent(code)}`)).status).toBe(403);

    expect(errorOf(await release(purchaser, code, 7))).toEqual({
      status: 412,
      key: 'optimisticLockConflict',
      args: { currentVersion: 1 },
    });
    expect((await storedDocument(db, 'PLANNED_GOODS_RECEIPT', code))?.status).toBe('DRAFT');
    expect((await release(purchaser, code, 1)).status).toBe(200);
    expect(errorOf(await release(purchaser, code, 2))).toEqual({
      status: 422,
      key: 'documentIsNotDraft',
      args: { code, status: 'OPEN' },
    });
    expect(errorOf(await remove(purchaser, code, 2))).toMatchObject({ status: 422, key: 'documentIsNotDraft' });
    expect(errorOf(await release(purchaser, 'NO-SUCH-ASN', 1))).toEqual({
      status: 404,
      key: 'unknownDocument',
      args: { type: 'PLANNED_GOODS_RECEIPT', code: 'NO-SUCH-ASN' },
    });
    expect((await purchaser.get(`${base}/NO-SUCH-ASN`)).status).toBe(404);
  });

  it('deletes a draft at its version, lines and all, so the corrected file can be imported again', async () => {
    const { code } = await importDraft();
    expect(errorOf(await remove(purchaser, code, 3))).toMatchObject({ status: 412, key: 'optimisticLockConflict' });
    const removed = await remove(purchaser, code, 1);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toEqual({ ok: true });
    expect(await storedDocument(db, 'PLANNED_GOODS_RECEIPT', code)).toBeUndefined();
    expect((await remove(purchaser, code, 1)).status).toBe(404);
    const again = await importRows(
      t,
      plannedReceiptImporter,
      rowsOf([
        {
          supplierCode: s.supplier.code,
          reference: code,
          warehouseCode: s.warehouse.code,
          itemCode: s.item.code,
          quantity: '1',
        },
      ]),
    );
    expect(again).toEqual([{ type: 'PLANNED_GOODS_RECEIPT', code }]);
  });
});
