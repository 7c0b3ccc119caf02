import { codeKey } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeDocument, makeSerial, makeStock, makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { claim, createReturn, returnScene, returnsPath } from './goods-returns.test-helper.js';

/** Where a return comes from (a delivered sales order), what counts as delivered, and its receipt. */
describe('goods returns: sources, deliveries and the receipt', () => {
  let t: TestApp;
  let db: Db;
  let clerk: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const user = await makeUser(db, { roles: ['salesReturns'] });
    clerk = await signIn(t, user.username, user.password);
  });
  afterAll(async () => t.close());

  describe('POST create', () => {
    it('creates a return of what was delivered of the order, only where the warehouse allows it, once', async () => {
      const s = await returnScene(db);
      expect(errorOf(await createReturn(clerk, s.salesOrder))).toMatchObject({
        status: 422,
        key: 'createReturnNotAllowed',
        args: { warehouse: s.warehouse.code },
      });
      await db.updateTable('warehouse').set({ allow_create_return: 1 }).where('id', '=', s.warehouse.id).execute();
      const created = await createReturn(clerk, s.salesOrder.toLowerCase());
      expect(created.status, created.text).toBe(200);
      expect(created.json).toMatchObject({
        code: `RT-${s.salesOrder}`,
        status: 'OPEN',
        partner: { code: s.customer.code },
        warehouse: s.warehouse.code,
      });
      expect(created.json.lines.map((l: { item: string; quantity: number }) => [l.item, l.quantity])).toEqual([
        [s.serialItem.code, 2],
        [s.batchItem.code, 10],
        [s.normalItem.code, 5],
      ]);
      // An unfinished return of the order is answered again; a second one only after it is finished.
      expect((await createReturn(clerk, s.salesOrder)).json.code).toBe(`RT-${s.salesOrder}`);
      expect((await claim(clerk, `RT-${s.salesOrder}`)).status).toBe(200);
      expect((await clerk.post(`${returnsPath}/RT-${s.salesOrder}/cancel`)).json.status).toBe('CANCELLED');
      expect((await createReturn(clerk, s.salesOrder)).json.code).toBe(`RT-${s.salesOrder}-2`);
    });

    it('refuses an order with nothing delivered, and an unknown order', async () => {
      const s = await returnScene(db);
      await db.updateTable('warehouse').set({ allow_create_return: 1 }).where('id', '=', s.warehouse.id).execute();
      const open = await makeDocument(db, {
        type: 'SALES_ORDER',
        warehouse: s.warehouse,
        businessPartnerId: s.customer.id,
        lines: [{ item: s.normalItem, quantity: 4 }],
      });
      expect(errorOf(await createReturn(clerk, open.code))).toMatchObject({
        status: 422,
        key: 'salesOrderNotDelivered',
        args: { salesOrder: open.code },
      });
      expect(errorOf(await createReturn(clerk, 'SO-NOT-THERE'))).toMatchObject({ status: 404, key: 'unknownDocument' });
    });
  });

  it('takes the delivered units from DELIVERY ledger rows where an order or delivery has them', async () => {
    const s = await returnScene(db);
    // The order's own lines say serials[0] and serials[1]; its DELIVERY ledger rows say a third serial went.
    const shipped = await makeSerial(db, { item: s.serialItem });
    const container = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'MOBILE' });
    await makeStock(db, { item: s.serialItem, location: container, serial: shipped, onHand: 1, pick: 1 });
    const delivery = await makeDocument(db, {
      type: 'DELIVERY',
      warehouse: s.warehouse,
      businessPartnerId: s.customer.id,
      lines: [{ item: s.serialItem, quantity: 1, serial: shipped }],
    });
    await db.transaction().execute((tx) =>
      applyStockMovement(tx, t.app.ctx, {
        type: 'DELIVERY',
        documentRef: { type: 'SALES_ORDER', code: s.salesOrder },
        user: null,
        lines: [
          {
            itemId: s.serialItem.id,
            batchId: null,
            serialId: shipped.id,
            binLocationId: container.id,
            onHandDelta: -1000,
            pickDelta: -1000,
          },
        ],
      }),
    );
    const answer = await claim(clerk, s.code);
    expect(answer.json.lines[0].allowedBatchesSerials.serials).toEqual([{ serial: shipped.code, returnable: true }]);
    expect(delivery.code).toBeTruthy();
    await expectStockInvariants(db, [s.serialItem.id], 0);
  });

  it('prints the receipt on a printer, or answers it as a PDF', async () => {
    const s = await returnScene(db);
    const at = nowIso();
    const name = `Void ${s.code}`;
    const printer = await db
      .insertInto('printer')
      .values({
        name,
        name_lower: codeKey(name),
        print_type: 'VOID',
        host: null,
        port: 9100,
        folder: null,
        paper: 'LABEL',
        label_format: 'ZPL',
        active: 1,
        version: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const printed = await clerk.post(`${returnsPath}/${s.code}/print`, { printer: printer.id });
    expect(printed.json).toEqual({ printed: 3, printer: name });
    const pdf = await clerk.get(`${returnsPath}/${s.code}/receipt`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF')).toBe(true);
  });

  it('sets the /goods_returns counter at start from the open returns (the demo has RT-4001)', async () => {
    const fresh = await buildTestApp();
    try {
      const count = async (table: 'notification_counter' | 'document') =>
        table === 'notification_counter'
          ? (
              await fresh.app.ctx.db
                .selectFrom('notification_counter')
                .select('count')
                .where('path', '=', '/goods_returns')
                .executeTakeFirst()
            )?.count
          : (
              await fresh.app.ctx.db
                .selectFrom('document')
                .select('code')
                .where('type', '=', 'SALES_RETURN')
                .where('status', 'in', ['OPEN', 'CLAIMED', 'IN_PROGRESS'])
                .execute()
            ).length;
      expect(await count('notification_counter')).toBe(await count('document'));
      expect(await count('document')).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
