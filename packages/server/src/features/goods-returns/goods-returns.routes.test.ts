import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type User } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  cancel,
  claim,
  detail,
  flush,
  newKey,
  openReturns,
  progress,
  returnScene,
  undo,
  type ReturnScene,
} from './goods-returns.test-helper.js';

/** Every test makes its own warehouse, customer, items, deliveries and return (goods-returns.test-helper.ts). */
describe('goods returns routes', () => {
  let t: TestApp;
  let db: Db;
  let clerk: HttpClient;
  let clerkUser: User;
  let colleague: HttpClient;
  let outsider: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    clerkUser = await makeUser(db, { roles: ['salesReturns'] });
    clerk = await signIn(t, clerkUser.username, clerkUser.password);
    const colleagueUser = await makeUser(db, { roles: ['salesReturns'] });
    colleague = await signIn(t, colleagueUser.username, colleagueUser.password);
    const outsiderUser = await makeUser(db, { roles: ['goodsReceipt'] });
    outsider = await signIn(t, outsiderUser.username, outsiderUser.password);
  });
  afterAll(async () => t.close());

  const claimed = async (s: ReturnScene) => {
    const answer = await claim(clerk, s.code);
    expect(answer.status, answer.text).toBe(200);
    return answer;
  };
  const serialEntry = (s: ReturnScene, serial: string, condition: string | null = 'RESELLABLE') => ({
    line: 0,
    quantity: 1,
    serial,
    condition,
  });
  const counter = async () =>
    Number(
      (
        await db
          .selectFrom('notification_counter')
          .select('count')
          .where('path', '=', '/goods_returns')
          .where('user_id', '=', 0)
          .executeTakeFirst()
      )?.count,
    );
  const openCount = async () =>
    Number(
      (
        await db
          .selectFrom('document')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('type', '=', 'SALES_RETURN')
          .where('status', 'in', ['OPEN', 'CLAIMED', 'IN_PROGRESS'])
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('claim and the open list', () => {
    it('lists the return, claims it with the units delivered to the customer, and refuses a second claimant', async () => {
      const s = await returnScene(db);
      const list = await openReturns(clerk);
      expect(list.json.find((r: { code: string }) => r.code === s.code)).toMatchObject({
        status: 'OPEN',
        partner: { code: s.customer.code },
        claimedBy: null,
        lines: [{ line: 0, item: s.serialItem.code, quantity: 2 }, { line: 1 }, { line: 2 }],
      });
      const answer = await claimed(s);
      expect(answer.json).toMatchObject({ code: s.code, status: 'CLAIMED', claimedBy: clerkUser.username });
      expect(answer.json.lines).toEqual([
        expect.objectContaining({
          line: 0,
          managedBy: 'SERIAL_NUMBER',
          returnableQuantity: 2,
          allowedBatchesSerials: {
            batches: [],
            serials: s.serials.map((serial) => ({ serial: serial.code, returnable: true })),
          },
        }),
        expect.objectContaining({
          line: 1,
          returnableQuantity: 10,
          allowedBatchesSerials: { batches: [{ batch: s.batch.code, returnableQuantity: 10 }], serials: [] },
        }),
        expect.objectContaining({ line: 2, managedBy: 'NORMAL', returnableQuantity: 5 }),
      ]);
      // The same user again is a no-op; another user is refused.
      expect((await claim(clerk, s.code)).status).toBe(200);
      expect(errorOf(await claim(colleague, s.code))).toMatchObject({
        status: 409,
        key: 'claimedByOtherUser',
        args: { username: clerkUser.username },
      });
      expect(await counter()).toBe(await openCount());
    });

    it('lets exactly one of two concurrent claims win', async () => {
      const s = await returnScene(db);
      const answers = await Promise.all([claim(clerk, s.code), claim(colleague, s.code)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.json.key).toBe('claimedByOtherUser');
      const holders = await db.selectFrom('claim_object').selectAll().where('object_id', '=', s.id).execute();
      expect(holders).toHaveLength(1);
      expect((await detail(clerk, s.code)).json.status).toBe('CLAIMED');
    });

    it('answers 403 without salesReturns and 404 for an unknown return', async () => {
      const s = await returnScene(db);
      expect((await openReturns(outsider)).status).toBe(403);
      expect((await claim(outsider, s.code)).status).toBe(403);
      expect((await progress(outsider, s.code, serialEntry(s, s.serials[0].code))).status).toBe(403);
      expect((await flush(outsider, s.code)).status).toBe(403);
      expect(errorOf(await claim(clerk, 'NO-SUCH-RETURN'))).toMatchObject({ status: 404, key: 'unknownDocument' });
    });
  });

  describe('update_progress_line', () => {
    it('saves an entry once per Idempotency-Key, and the return is IN_PROGRESS', async () => {
      const s = await returnScene(db);
      await claimed(s);
      const key = newKey();
      const body = { ...serialEntry(s, s.serials[0].code.toLowerCase()), reason: 'Does not switch on' };
      const first = await progress(clerk, s.code, body, key);
      expect(first.status, first.text).toBe(200);
      expect(first.json.return.status).toBe('IN_PROGRESS');
      expect(first.json.return.entries).toEqual([
        expect.objectContaining({
          id: first.json.entryId,
          serial: s.serials[0].code,
          condition: 'RESELLABLE',
          reason: 'Does not switch on',
          target: s.returns.code,
          qcPending: false,
          flushed: false,
        }),
      ]);
      const replay = await progress(clerk, s.code, body, key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.json).toEqual(first.json);
      expect((await detail(clerk, s.code)).json.entries).toHaveLength(1);
      expect(errorOf(await progress(clerk, s.code, body, null))).toMatchObject({
        status: 400,
        key: 'idempotencyKeyRequired',
      });
      // Nothing moves before the flush.
      expect(await db.selectFrom('stock').select('id').where('item_id', '=', s.serialItem.id).execute()).toEqual([]);
    });

    it('refuses units not delivered to the customer, missing conditions and quantities beyond the returnable', async () => {
      const s = await returnScene(db);
      await claimed(s);
      const refused = async (body: Record<string, unknown>, status: number, key: string, args = {}) =>
        expect(errorOf(await progress(clerk, s.code, body))).toMatchObject({ status, key, args });
      await refused(serialEntry(s, s.foreignSerial.code), 422, 'batchSerialNotDeliveredToCustomer', {
        item: s.serialItem.code,
        serial: s.foreignSerial.code,
        customer: s.customer.code,
      });
      await refused(serialEntry(s, 'NEVER-SEEN'), 422, 'batchSerialNotDeliveredToCustomer');
      await refused(serialEntry(s, s.serials[0].code, null), 422, 'returnConditionRequired');
      await refused({ line: 0, quantity: 1, condition: 'RESELLABLE' }, 422, 'serialRequired');
      await refused({ line: 1, quantity: 1, condition: 'RESELLABLE' }, 422, 'batchRequired');
      await refused(
        { line: 1, quantity: 11, batch: s.batch.code, condition: 'DAMAGED' },
        422,
        'returnQuantityExceedsDelivered',
        {
          returnable: 10,
        },
      );
      await refused({ line: 2, quantity: 5.001, condition: 'RESELLABLE' }, 422, 'returnQuantityExceedsDelivered', {
        returnable: 5,
      });
      await refused({ line: 9, quantity: 1, condition: 'RESELLABLE' }, 404, 'notFound');
      expect((await progress(clerk, s.code, serialEntry(s, s.serials[0].code))).status).toBe(200);
      await refused(serialEntry(s, s.serials[0].code), 422, 'returnQuantityExceedsDelivered', { returnable: 0 });
      expect((await detail(clerk, s.code)).json.entries).toHaveLength(1);
    });

    it('works only for the claimant', async () => {
      const s = await returnScene(db);
      expect(errorOf(await progress(clerk, s.code, serialEntry(s, s.serials[0].code)))).toMatchObject({
        status: 409,
        key: 'claimRequired',
      });
      await claimed(s);
      expect(errorOf(await progress(colleague, s.code, serialEntry(s, s.serials[0].code)))).toMatchObject({
        status: 409,
        key: 'claimedByOtherUser',
      });
    });

    it('never exceeds the returnable quantity with concurrent entries, on one return or on two of the customer', async () => {
      const s = await returnScene(db);
      await claimed(s);
      const body = { line: 2, quantity: 3, condition: 'RESELLABLE' };
      const same = await Promise.all([progress(clerk, s.code, body), progress(clerk, s.code, body)]);
      expect(same.map((a) => a.status).sort()).toEqual([200, 422]);

      // Two returns of one customer, claimed by two users: 5 delivered, 3 + 3 asked at once.
      const s2 = await returnScene(db);
      const { makeDocument } = await import('../../../test/factories.js');
      const second = await makeDocument(db, {
        type: 'SALES_RETURN',
        warehouse: s2.warehouse,
        businessPartnerId: s2.customer.id,
        lines: [{ item: s2.normalItem, quantity: 5 }],
      });
      await claimed(s2);
      expect((await claim(colleague, second.code)).status).toBe(200);
      const both = await Promise.all([
        progress(clerk, s2.code, body),
        progress(colleague, second.code, { ...body, line: 0 }),
      ]);
      expect(both.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(both.find((a) => a.status === 422)?.json).toMatchObject({
        key: 'returnQuantityExceedsDelivered',
        args: { returnable: 2 },
      });
    });

    it('undoes an unflushed entry, and 404s an unknown one', async () => {
      const s = await returnScene(db);
      await claimed(s);
      const saved = await progress(clerk, s.code, serialEntry(s, s.serials[0].code));
      const answer = await undo(clerk, s.code, saved.json.entryId);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.entries).toEqual([]);
      expect(answer.json.lines[0].returnableQuantity).toBe(2);
      expect(errorOf(await undo(clerk, s.code, saved.json.entryId))).toMatchObject({
        status: 404,
        key: 'unknownReturnEntry',
      });
    });

    it('refuses a condition without a target location', async () => {
      const s = await returnScene(db);
      await db
        .updateTable('warehouse')
        .set({ return_reject_location_id: null })
        .where('id', '=', s.warehouse.id)
        .execute();
      await claimed(s);
      expect(errorOf(await progress(clerk, s.code, { line: 2, quantity: 1, condition: 'DAMAGED' }))).toMatchObject({
        status: 422,
        key: 'returnTargetLocationMissing',
        args: { condition: 'DAMAGED', warehouse: s.warehouse.code },
      });
    });
  });

  describe('flush', () => {
    it('posts every condition to its target, closes the return and queues it for the ERP', async () => {
      const s = await returnScene(db);
      await claimed(s);
      const entries = [
        serialEntry(s, s.serials[0].code),
        { line: 0, quantity: 1, serial: s.serials[1].code, condition: 'TO_INSPECT' },
        { line: 1, quantity: 4, batch: s.batch.code, condition: 'DAMAGED' },
        { line: 1, quantity: 3, batch: s.batch.code, condition: 'TO_INSPECT' },
        { line: 2, quantity: 2, condition: 'SCRAP', reason: 'Broken' },
      ];
      for (const body of entries) expect((await progress(clerk, s.code, body)).status).toBe(200);
      const key = newKey();
      const answer = await flush(clerk, s.code, key);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toEqual({
        key: null,
        lines: [0, 1, 2].map((line) => ({ line, outcome: 'FLUSHED' })),
      });
      const stock = await db
        .selectFrom('stock')
        .select(['item_id', 'bin_location_id', 'batch_id', 'serial_id', 'on_hand_qty', 'qc_pending_qty'])
        .where('item_id', 'in', [s.serialItem.id, s.batchItem.id, s.normalItem.id])
        .orderBy('item_id')
        .orderBy('bin_location_id')
        .orderBy('serial_id')
        .execute();
      expect(stock).toEqual([
        {
          item_id: s.serialItem.id,
          bin_location_id: s.returns.id,
          batch_id: null,
          serial_id: s.serials[0].id,
          on_hand_qty: 1000,
          qc_pending_qty: 0,
        },
        {
          item_id: s.serialItem.id,
          bin_location_id: s.qc.id,
          batch_id: null,
          serial_id: s.serials[1].id,
          on_hand_qty: 1000,
          qc_pending_qty: 1000,
        },
        {
          item_id: s.batchItem.id,
          bin_location_id: s.qc.id,
          batch_id: s.batch.id,
          serial_id: null,
          on_hand_qty: 3000,
          qc_pending_qty: 3000,
        },
        {
          item_id: s.batchItem.id,
          bin_location_id: s.reject.id,
          batch_id: s.batch.id,
          serial_id: null,
          on_hand_qty: 4000,
          qc_pending_qty: 0,
        },
      ]);
      const ledger = await db
        .selectFrom('stock_ledger')
        .select(['transaction_type', 'quantity', 'document_code'])
        .where('item_id', '=', s.normalItem.id)
        .orderBy('id')
        .execute();
      expect(ledger).toEqual([
        { transaction_type: 'RETURN_RECEIPT', quantity: 2000, document_code: s.code },
        { transaction_type: 'SCRAP', quantity: -2000, document_code: s.code },
      ]);
      await expectStockInvariants(db, [s.serialItem.id, s.batchItem.id, s.normalItem.id], 9000);
      const qcRequests = await db
        .selectFrom('document_line as l')
        .innerJoin('document as d', 'd.id', 'l.document_id')
        .select(['l.item_id', 'l.quantity', 'l.to_bin_location_id'])
        .where('d.type', '=', 'QC_REQUEST')
        .where('l.item_id', 'in', [s.serialItem.id, s.batchItem.id])
        .orderBy('l.item_id')
        .execute();
      expect(qcRequests).toEqual([
        { item_id: s.serialItem.id, quantity: 1000, to_bin_location_id: s.qc.id },
        { item_id: s.batchItem.id, quantity: 3000, to_bin_location_id: s.qc.id },
      ]);
      const flags = await db
        .selectFrom('batch')
        .select('quality_control_approved_or_not_required as qc')
        .where('id', '=', s.batch.id)
        .executeTakeFirstOrThrow();
      expect(flags.qc).toBe(0);

      const after = await detail(clerk, s.code);
      expect(after.json).toMatchObject({ status: 'FLUSHED', claimedBy: null });
      expect(after.json.lines.map((l: { openQuantity: number }) => l.openQuantity)).toEqual([0, 0, 0]);
      const outbox = await db.selectFrom('erp_outbox').selectAll().where('document_code', '=', s.code).execute();
      expect(outbox.map((row) => row.kind)).toEqual(['SALES_RETURN_FLUSHED']);
      expect(JSON.parse(outbox[0]?.payload ?? '{}')).toMatchObject({ code: s.code, customer: s.customer.code });

      // A replay answers the first answer and moves nothing; anything else is returnAlreadyFlushed.
      const replay = await flush(clerk, s.code, key);
      expect(replay.json).toEqual(answer.json);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      await expectStockInvariants(db, [s.serialItem.id, s.batchItem.id, s.normalItem.id], 9000);
      expect(errorOf(await flush(clerk, s.code))).toMatchObject({ status: 422, key: 'returnAlreadyFlushed' });
      expect(errorOf(await progress(clerk, s.code, serialEntry(s, s.serials[0].code)))).toMatchObject({
        status: 422,
        key: 'returnAlreadyFlushed',
      });
      expect(errorOf(await claim(clerk, s.code))).toMatchObject({ status: 422, key: 'returnAlreadyFlushed' });
      // What came back counts: the customer cannot return the serial again on another return.
      expect(await counter()).toBe(await openCount());
    });

    it('makes an item blocked for QC on returns QC-pending in the QC location, whatever the condition', async () => {
      const s = await returnScene(db, { normalBlockForQc: 'RETURN' });
      await claimed(s);
      const saved = await progress(clerk, s.code, { line: 2, quantity: 2, condition: 'RESELLABLE' });
      expect(saved.json.return.entries[0]).toMatchObject({ target: s.qc.code, qcPending: true });
      expect((await flush(clerk, s.code)).json.key).toBeNull();
      const row = await db
        .selectFrom('stock')
        .select(['bin_location_id', 'on_hand_qty', 'qc_pending_qty'])
        .where('item_id', '=', s.normalItem.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ bin_location_id: s.qc.id, on_hand_qty: 2000, qc_pending_qty: 2000 });
    });

    it('reports a refused line and flushes the others; flushing again posts the rest', async () => {
      const s = await returnScene(db);
      await claimed(s);
      await progress(clerk, s.code, serialEntry(s, s.serials[0].code));
      await progress(clerk, s.code, { line: 1, quantity: 4, batch: s.batch.code, condition: 'DAMAGED' });
      await db.updateTable('bin_location').set({ block_stock_movements: 1 }).where('id', '=', s.reject.id).execute();
      const answer = await flush(clerk, s.code);
      expect(answer.json).toEqual({
        key: 'operationCompletedWithErrors',
        lines: [
          { line: 0, outcome: 'FLUSHED' },
          { line: 1, outcome: 'FAILED', error: expect.objectContaining({ key: 'stockMovementsBlocked' }) },
          { line: 2, outcome: 'FLUSHED' },
        ],
      });
      const halfway = await detail(clerk, s.code);
      expect(halfway.json.status).toBe('IN_PROGRESS');
      expect(halfway.json.entries.map((e: { flushed: boolean }) => e.flushed)).toEqual([true, false]);
      expect(errorOf(await undo(clerk, s.code, halfway.json.entries[0].id))).toMatchObject({
        key: 'returnAlreadyFlushed',
      });
      await expectStockInvariants(db, [s.serialItem.id, s.batchItem.id], 1000);

      await db.updateTable('bin_location').set({ block_stock_movements: 0 }).where('id', '=', s.reject.id).execute();
      const again = await flush(clerk, s.code);
      expect(again.json).toEqual({ key: null, lines: [{ line: 1, outcome: 'FLUSHED' }] });
      expect((await detail(clerk, s.code)).json.status).toBe('FLUSHED');
      await expectStockInvariants(db, [s.serialItem.id, s.batchItem.id], 5000);
    });

    it('refuses a return without entries (cancel it instead) and a colleague', async () => {
      const s = await returnScene(db);
      await claimed(s);
      expect(errorOf(await flush(clerk, s.code))).toMatchObject({ status: 422, key: 'invalidStatusTransition' });
      expect(errorOf(await flush(colleague, s.code))).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
    });
  });

  describe('cancel', () => {
    it('cancels before any entry, releasing the claim, and refuses after one', async () => {
      const s = await returnScene(db);
      await claimed(s);
      expect(errorOf(await cancel(colleague, s.code))).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
      const answer = await cancel(clerk, s.code);
      expect(answer.json).toMatchObject({ status: 'CANCELLED', claimedBy: null });
      expect(await counter()).toBe(await openCount());

      const s2 = await returnScene(db);
      await claimed(s2);
      await progress(clerk, s2.code, serialEntry(s2, s2.serials[0].code));
      expect(errorOf(await cancel(clerk, s2.code))).toMatchObject({
        status: 422,
        key: 'invalidStatusTransition',
        args: { from: 'IN_PROGRESS', to: 'CANCELLED' },
      });
    });
  });
});
