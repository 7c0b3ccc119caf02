import { codeKey, paddedCodeKey } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBatch,
  makeBinLocation,
  makeItem,
  makeSerial,
  makeStock,
  makeUser,
  makeWarehouse,
  type BinLocation,
  type Item,
  type Warehouse,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { ledgerOf, stockOf } from '../stock/stock.test-helper.js';
import {
  getOrder,
  makeWorkOrder,
  newKey,
  ordersOfItem,
  receive,
  receivedOf,
  type WorkOrder,
} from './finished-goods-receipt.test-helper.js';

const today = () => nowIso().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every test makes its own warehouse, locations, items and work orders (test/factories.ts). */
describe('finished goods receipt routes', () => {
  let t: TestApp;
  let db: Db;
  let receiver: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const user = await makeUser(db, { roles: ['goodsReceipt'] });
    receiver = await signIn(t, user.username, user.password);
  });
  afterAll(async () => t.close());

  interface Scene {
    warehouse: Warehouse;
    production: BinLocation;
    item: Item;
    order: WorkOrder;
  }
  /** A warehouse with a PRODUCTION location and a work order of a new item with `reported` output. */
  async function scene(
    reported = 10,
    itemInput: Parameters<typeof makeItem>[1] = {},
    orderInput: { received?: number; withDocument?: boolean; planned?: number } = {},
  ): Promise<Scene> {
    const warehouse = await makeWarehouse(db);
    const production = await makeBinLocation(db, { warehouse, locationType: 'PRODUCTION' });
    const item = await makeItem(db, itemInput);
    const order = await makeWorkOrder(db, { item, warehouse, reported, ...orderInput });
    return { warehouse, production, item, order };
  }
  const outboxRows = (orderCode: string) =>
    db.selectFrom('erp_outbox').selectAll().where('document_code', 'like', `${orderCode}/%`).execute();
  const qcRequestsOf = (itemId: number) =>
    db
      .selectFrom('document as d')
      .innerJoin('document_line as l', 'l.document_id', 'd.id')
      .select(['d.code', 'd.status', 'l.quantity', 'l.batch_id', 'l.serial_id', 'l.to_bin_location_id', 'l.extras'])
      .where('d.type', '=', 'QC_REQUEST')
      .where('l.item_id', '=', itemId)
      .orderBy('d.id')
      .execute();

  it('has demo output to receive: WO-3001 reported 8, nothing received, into the receipt staging location', async () => {
    const answer = await getOrder(receiver, 'WO-3001');
    expect(answer.json).toMatchObject({
      item: { code: 'PROD-001' },
      reportedQuantity: 8,
      receivedQuantity: 0,
      receivableQuantity: 8,
      defaultTargetLocation: expect.any(String),
    });
  });

  describe('GET order', () => {
    it('answers the order by its work order or production order code, with the production location as target', async () => {
      const s = await scene(10, {}, { planned: 12, received: 4 });
      const answer = await getOrder(receiver, s.order.code.toLowerCase());
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        order: s.order.code,
        visualCode: s.order.code,
        productionOrder: s.order.code,
        status: 'RELEASED',
        item: {
          code: s.item.code,
          visualCode: s.item.code,
          name: s.item.name,
          units: null,
          managedBy: 'NORMAL',
          serialManagedByDispatch: false,
          scanExpirationDate: false,
          scanManufacturingDate: false,
        },
        warehouse: s.warehouse.code,
        plannedQuantity: 12,
        reportedQuantity: 10,
        receivedQuantity: 4,
        receivableQuantity: 6,
        maximumQuantity: 6,
        blockedForQc: false,
        defaultTargetLocation: s.production.code,
      });
    });

    it('proposes the staging location, and a QC location for QC-blocked output; 404 for an unknown order', async () => {
      const s = await scene();
      const staging = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'RECEIVE' });
      await db
        .updateTable('warehouse')
        .set({ receipt_staging_location_id: staging.id })
        .where('id', '=', s.warehouse.id)
        .execute();
      expect((await getOrder(receiver, s.order.code)).json.defaultTargetLocation).toBe(staging.code);
      const qcItem = await makeItem(db, { blockForQcType: 'PRODUCTION_RECEIPT' });
      const qc = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'QC' });
      const qcOrder = await makeWorkOrder(db, { item: qcItem, warehouse: s.warehouse, reported: 3 });
      const answer = (await getOrder(receiver, qcOrder.code)).json;
      expect([answer.blockedForQc, answer.defaultTargetLocation]).toEqual([true, qc.code]);
      expect(errorOf(await getOrder(receiver, 'NO-SUCH-ORDER'))).toEqual({
        status: 404,
        key: 'unknownProductionOrder',
        args: { code: 'NO-SUCH-ORDER' },
      });
    });

    it('lists the orders of an item with output left to receive, oldest first', async () => {
      const s = await scene(5);
      const done = await makeWorkOrder(db, { item: s.item, warehouse: s.warehouse, reported: 2, received: 2 });
      const later = await makeWorkOrder(db, { item: s.item, warehouse: s.warehouse, reported: 3, withDocument: false });
      const answer = await ordersOfItem(receiver, s.item.code.toLowerCase());
      expect(answer.status).toBe(200);
      const codes = (answer.json as { orders: { order: string }[] }).orders.map((o) => o.order);
      expect(codes).toEqual([s.order.code, later.code]);
      expect(codes).not.toContain(done.code);
      expect(errorOf(await ordersOfItem(receiver, 'NO-SUCH-ITEM')).key).toBe('unknownItemForCode');
    });
  });

  describe('POST receive', () => {
    it('receives into stock: ledger, received quantity, product line, ERP outbox; no printer, no label', async () => {
      const s = await scene(10);
      const key = newKey();
      const answer = await receive(receiver, s.order.code, { quantity: 6, targetLocation: s.production.code }, key);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        order: s.order.code,
        productionOrder: s.order.code,
        item: s.item.code,
        batch: null,
        serials: [],
        quantity: 6,
        targetLocation: s.production.code,
        qcPending: false,
        qcRequests: [],
        receivedQuantity: 6,
        receivableQuantity: 4,
        label: { printed: 0, printer: null, skipped: 'noPrinter', error: null },
      });
      expect(answer.json.receiptId).toMatch(/^FGR-/);
      expect(await receivedOf(db, s.order.id)).toBe(6000);
      const stock = await stockOf(db, s.item.code);
      expect(stock.map((r) => [r.bin, r.onHand, r.qcPendingQty])).toEqual([[s.production.code, 6000, 0]]);
      expect(
        (await ledgerOf(db, s.item.code)).map((r) => [r.type, r.documentType, r.documentCode, r.quantity]),
      ).toEqual([['PRODUCTION_RECEIPT', 'PRODUCTION_ORDER', s.order.code, 6000]]);
      expect((await ledgerOf(db, s.item.code))[0]?.idempotencyKey).toBe(key);
      const line = await db
        .selectFrom('document_line')
        .select(['quantity', 'open_quantity'])
        .where('document_id', '=', s.order.documentId)
        .executeTakeFirstOrThrow();
      expect([Number(line.quantity), Number(line.open_quantity)]).toEqual([10000, 4000]);
      const outbox = await outboxRows(s.order.code);
      expect(outbox.map((r) => [r.kind, r.document_type, r.document_code])).toEqual([
        ['PRODUCTION_RECEIPT_POSTED', 'PRODUCTION_ORDER', `${s.order.code}/${answer.json.receiptId}`],
      ]);
      expect(JSON.parse(outbox[0]!.payload)).toMatchObject({ item: s.item.code, quantity: 6, qcPending: false });
      expect((await getOrder(receiver, s.order.code)).json).toMatchObject({
        receivedQuantity: 6,
        receivableQuantity: 4,
      });
      await expectStockInvariants(db, [s.item.id], 6000);
    });

    it('refuses more than reported (moreThanProducedQuantity {max}), also a second receipt beyond it', async () => {
      const s = await scene(10);
      const body = (quantity: number) => ({ quantity, targetLocation: s.production.code });
      expect(errorOf(await receive(receiver, s.order.code, body(10.001)))).toEqual({
        status: 422,
        key: 'moreThanProducedQuantity',
        args: { max: 10, reported: 10, received: 0, quantity: 10.001 },
      });
      expect((await receive(receiver, s.order.code, body(7))).status).toBe(200);
      expect(errorOf(await receive(receiver, s.order.code, body(4)))).toEqual({
        status: 422,
        key: 'moreThanProducedQuantity',
        args: { max: 3, reported: 10, received: 7, quantity: 4 },
      });
      expect((await receive(receiver, s.order.code, body(3))).json.receivableQuantity).toBe(0);
      expect(errorOf(await receive(receiver, s.order.code, body(0.001))).args).toMatchObject({ max: 0 });
      expect(await receivedOf(db, s.order.id)).toBe(10000);
      await expectStockInvariants(db, [s.item.id], 10000);
    });

    it('allows the over-receipt tolerance of the item in the warehouse, counted over every receipt; none in BLOCK mode', async () => {
      const s = await scene(10);
      await db
        .updateTable('warehouse')
        .set({ over_receipt_mode: 'CONFIRM', over_receipt_tolerance_percent: 10_000 })
        .where('id', '=', s.warehouse.id)
        .execute();
      expect((await getOrder(receiver, s.order.code)).json.maximumQuantity).toBe(11);
      expect((await receive(receiver, s.order.code, { quantity: 6, targetLocation: s.production.code })).status).toBe(
        200,
      );
      const beyond = await receive(receiver, s.order.code, { quantity: 5.001, targetLocation: s.production.code });
      expect(errorOf(beyond)).toMatchObject({ key: 'moreThanProducedQuantity', args: { max: 5 } });
      expect((await receive(receiver, s.order.code, { quantity: 5, targetLocation: s.production.code })).status).toBe(
        200,
      );
      await db.updateTable('item').set({ over_receipt_mode: 'BLOCK' }).where('id', '=', s.item.id).execute();
      const other = await makeWorkOrder(db, { item: s.item, warehouse: s.warehouse, reported: 2 });
      expect((await getOrder(receiver, other.code)).json.maximumQuantity).toBe(2);
      await expectStockInvariants(db, [s.item.id], 11000);
    });

    it('makes QC-blocked output QC-pending with a QC request, only into a QC or an empty bulk location', async () => {
      const s = await scene(8, { managedBy: 'BATCH_NUMBER', blockForQcType: 'PRODUCTION_RECEIPT' });
      const occupied = await makeBinLocation(db, { warehouse: s.warehouse });
      await makeStock(db, { item: await makeItem(db), location: occupied, onHand: 1 });
      const qc = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'QC' });
      const emptyBulk = await makeBinLocation(db, { warehouse: s.warehouse });
      for (const location of [s.production, occupied]) {
        const refused = await receive(receiver, s.order.code, {
          quantity: 5,
          batch: 'QC-LOT-1',
          targetLocation: location.code,
        });
        expect(errorOf(refused)).toEqual({
          status: 422,
          key: 'qcStockNeedsQcLocation',
          args: { item: s.item.code, location: location.code },
        });
      }
      const answer = await receive(receiver, s.order.code, { quantity: 5, batch: 'QC-LOT-1', targetLocation: qc.code });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ qcPending: true, batch: 'QC-LOT-1' });
      expect(answer.json.qcRequests).toHaveLength(1);
      const bulk = await receive(receiver, s.order.code, {
        quantity: 3,
        batch: 'QC-LOT-1',
        targetLocation: emptyBulk.code,
      });
      expect(bulk.status).toBe(200);
      const stock = await stockOf(db, s.item.code);
      expect(stock.map((r) => [r.bin, r.batch, r.onHand, r.qcPendingQty])).toEqual(
        [
          [qc.code, 'QC-LOT-1', 5000, 5000],
          [emptyBulk.code, 'QC-LOT-1', 3000, 3000],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      const batch = await db
        .selectFrom('batch')
        .select(['id', 'quality_control_approved_or_not_required', 'admission_date'])
        .where('item_id', '=', s.item.id)
        .executeTakeFirstOrThrow();
      expect([batch.quality_control_approved_or_not_required, batch.admission_date]).toEqual([0, today()]);
      const requests = await qcRequestsOf(s.item.id);
      expect(requests.map((r) => [r.code, r.status, Number(r.quantity), r.batch_id, r.to_bin_location_id])).toEqual([
        [answer.json.qcRequests[0], 'OPEN', 5000, batch.id, qc.id],
        [bulk.json.qcRequests[0], 'OPEN', 3000, batch.id, emptyBulk.id],
      ]);
      expect(JSON.parse(requests[0]!.extras ?? '{}')).toEqual({
        source: { type: 'PRODUCTION_ORDER', code: s.order.code },
      });
      await expectStockInvariants(db, [s.item.id], 8000);
    });

    it('does not block output of an item blocked for purchase receipts only', async () => {
      const s = await scene(2, { blockForQcType: 'PURCHASE_RECEIPT' });
      const answer = await receive(receiver, s.order.code, { quantity: 2, targetLocation: s.production.code });
      expect(answer.json).toMatchObject({ qcPending: false, qcRequests: [] });
      expect(await qcRequestsOf(s.item.id)).toEqual([]);
    });

    it('creates a batch with its dates; refuses a missing batch or expiry, an expired batch and another expiry until confirmed', async () => {
      const s = await scene(20, { managedBy: 'BATCH_NUMBER', scanExpirationDate: true });
      const body = (extra: Record<string, unknown>) => ({ quantity: 2, targetLocation: s.production.code, ...extra });
      expect(errorOf(await receive(receiver, s.order.code, body({})))).toEqual({
        status: 422,
        key: 'batchRequired',
        args: { item: s.item.code },
      });
      expect(errorOf(await receive(receiver, s.order.code, body({ batch: 'L-NEW' })))).toEqual({
        status: 422,
        key: 'expirationDateRequired',
        args: { item: s.item.code },
      });
      const expired = daysFromToday(-1);
      expect(errorOf(await receive(receiver, s.order.code, body({ batch: 'L-OLD', expirationDate: expired })))).toEqual(
        { status: 422, key: 'batchAlreadyExpired', args: { batch: 'L-OLD', expirationDate: expired } },
      );
      const expiry = daysFromToday(300);
      const made = daysFromToday(-1);
      const first = await receive(receiver, s.order.code, {
        ...body({ batch: 'L-NEW', expirationDate: expiry, manufacturingDate: made }),
      });
      expect(first.json.batch).toBe('L-NEW');
      const batch = await db
        .selectFrom('batch')
        .selectAll()
        .where('item_id', '=', s.item.id)
        .where('code_key', '=', paddedCodeKey('L-NEW'))
        .executeTakeFirstOrThrow();
      expect([batch.expiration_date, batch.manufacturing_date, batch.admission_date]).toEqual([expiry, made, today()]);
      expect(batch.quality_control_approved_or_not_required).toBe(1);
      const other = daysFromToday(200);
      const differs = await receive(receiver, s.order.code, body({ batch: 'l-new', expirationDate: other }));
      expect(errorOf(differs)).toEqual({
        status: 422,
        key: 'batchExistsWithOtherExpiry',
        args: { batch: 'L-NEW', knownExpirationDate: expiry, expirationDate: other },
      });
      const confirmed = await receive(
        receiver,
        s.order.code,
        body({ batch: 'l-new', expirationDate: other, confirmations: { batchExpiry: true } }),
      );
      expect(confirmed.json.batch).toBe('L-NEW');
      const after = await db
        .selectFrom('batch')
        .select('expiration_date')
        .where('id', '=', batch.id)
        .executeTakeFirst();
      expect(after?.expiration_date).toBe(expiry);
      // A known batch needs no dates again; an expired known batch is refused.
      expect((await receive(receiver, s.order.code, body({ batch: 'L-NEW' }))).status).toBe(200);
      await makeBatch(db, { item: s.item, code: 'L-PAST', expirationDate: expired });
      expect(errorOf(await receive(receiver, s.order.code, body({ batch: 'L-PAST' })))).toMatchObject({
        key: 'batchAlreadyExpired',
        args: { batch: 'L-PAST', expirationDate: expired },
      });
      await expectStockInvariants(db, [s.item.id], 6000);
    });

    it('creates one serial per unit; refuses missing, miscounted and duplicate serials', async () => {
      const s = await scene(5, { managedBy: 'SERIAL_NUMBER' });
      const known = await makeSerial(db, { item: s.item, code: 'SN-KNOWN' });
      const body = (serials: string[], quantity = serials.length) => ({
        quantity,
        serials,
        targetLocation: s.production.code,
      });
      expect(errorOf(await receive(receiver, s.order.code, body([], 1)))).toEqual({
        status: 422,
        key: 'serialRequired',
        args: { item: s.item.code },
      });
      expect((await receive(receiver, s.order.code, body(['SN-A'], 2))).status).toBe(400);
      expect(errorOf(await receive(receiver, s.order.code, body(['SN-A', 'sn-a'])))).toEqual({
        status: 422,
        key: 'serialAlreadyExists',
        args: { serial: 'sn-a', item: s.item.code },
      });
      expect(errorOf(await receive(receiver, s.order.code, body(['SN-B', known.code.toLowerCase()])))).toEqual({
        status: 422,
        key: 'serialAlreadyExists',
        args: { serial: known.code, item: s.item.code },
      });
      const answer = await receive(receiver, s.order.code, body(['SN-1', 'SN-2', 'SN-3']));
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ serials: ['SN-1', 'SN-2', 'SN-3'], quantity: 3, receivedQuantity: 3 });
      const stock = await stockOf(db, s.item.code);
      expect(stock.map((r) => [r.serial, r.onHand])).toEqual([
        ['SN-1', 1000],
        ['SN-2', 1000],
        ['SN-3', 1000],
      ]);
      expect(errorOf(await receive(receiver, s.order.code, body(['SN-2'])))).toMatchObject({
        key: 'serialAlreadyExists',
        args: { serial: 'SN-2' },
      });
      await expectStockInvariants(db, [s.item.id], 3000);
    });

    it('refuses an unknown location, one of another warehouse, and a call without an Idempotency-Key', async () => {
      const s = await scene(3);
      const elsewhere = await makeBinLocation(db, { warehouse: await makeWarehouse(db) });
      expect(errorOf(await receive(receiver, s.order.code, { quantity: 1, targetLocation: 'NO-SUCH-BIN' }))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NO-SUCH-BIN' },
      });
      expect(errorOf(await receive(receiver, s.order.code, { quantity: 1, targetLocation: elsewhere.code }))).toEqual({
        status: 422,
        key: 'locationNotInWarehouse',
        args: { location: elsewhere.code, warehouse: s.warehouse.code },
      });
      const noKey = await receive(receiver, s.order.code, { quantity: 1, targetLocation: s.production.code }, null);
      expect(errorOf(noKey)).toMatchObject({ status: 400, key: 'idempotencyKeyRequired' });
      expect(
        errorOf(await receive(receiver, 'NO-SUCH-ORDER', { quantity: 1, targetLocation: s.production.code })),
      ).toMatchObject({ status: 404, key: 'unknownProductionOrder' });
      expect(await receivedOf(db, s.order.id)).toBe(0);
      await expectStockInvariants(db, [s.item.id], 0);
    });

    it('answers 403 without goodsReceipt', async () => {
      const s = await scene(3);
      const user = await makeUser(db, { roles: ['production', 'goodsSorting'] });
      const other = await signIn(t, user.username, user.password);
      expect((await getOrder(other, s.order.code)).status).toBe(403);
      expect((await receive(other, s.order.code, { quantity: 1, targetLocation: s.production.code })).status).toBe(403);
      expect(await receivedOf(db, s.order.id)).toBe(0);
    });

    it('replays an Idempotency-Key: the first answer, nothing moved, queued or printed again', async () => {
      const s = await scene(10);
      const key = newKey();
      const body = { quantity: 4, targetLocation: s.production.code };
      const first = await receive(receiver, s.order.code, body, key);
      const again = await receive(receiver, s.order.code, body, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect({ ...again.json, label: null }).toEqual({ ...first.json, label: null });
      expect(again.json.label.skipped).toBe('replayed');
      expect(await receivedOf(db, s.order.id)).toBe(4000);
      expect(await ledgerOf(db, s.item.code)).toHaveLength(1);
      expect(await outboxRows(s.order.code)).toHaveLength(1);
      const conflict = await receive(receiver, s.order.code, { ...body, quantity: 5 }, key);
      expect(errorOf(conflict)).toMatchObject({ status: 422, key: 'idempotencyKeyConflict' });
      await expectStockInvariants(db, [s.item.id], 4000);
    });

    it('lets only one of two concurrent receipts past the reported quantity', async () => {
      const s = await scene(10);
      const body = { quantity: 6, targetLocation: s.production.code };
      const answers = await Promise.all([
        receive(receiver, s.order.code, body),
        receive(receiver, s.order.code.toLowerCase(), body),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.json.key).toBe('moreThanProducedQuantity');
      expect(await receivedOf(db, s.order.id)).toBe(6000);
      await expectStockInvariants(db, [s.item.id], 6000);
    });

    it('lets only one of two concurrent QC-pending receipts into one empty bulk location', async () => {
      const s = await scene(10, { blockForQcType: 'ALL_RECEIPTS' });
      const bulk = await makeBinLocation(db, { warehouse: s.warehouse });
      const body = { quantity: 2, targetLocation: bulk.code };
      const answers = await Promise.all([receive(receiver, s.order.code, body), receive(receiver, s.order.code, body)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(answers.find((a) => a.status === 422)?.json.key).toBe('qcStockNeedsQcLocation');
      await expectStockInvariants(db, [s.item.id], 2000);
    });

    it('prints a label of the received quantity on the chosen printer', async () => {
      const s = await scene(3, { managedBy: 'BATCH_NUMBER' });
      const at = nowIso();
      const name = `Void ${s.item.code}`;
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
      const body = { quantity: 3, batch: 'P-1', targetLocation: s.production.code };
      const printed = await receive(receiver, s.order.code, { ...body, printer: printer.id });
      expect(printed.json.label).toEqual({ printed: 1, printer: name, skipped: null, error: null });
      const other = await makeWorkOrder(db, { item: s.item, warehouse: s.warehouse, reported: 1 });
      const failed = await receive(receiver, other.code, { ...body, quantity: 1, printer: 999_999 });
      expect(failed.status).toBe(200);
      expect(failed.json.label).toMatchObject({ printed: 0, skipped: 'failed', error: { key: 'unknownPrinter' } });
      await expectStockInvariants(db, [s.item.id], 4000);
    });
  });
});
