import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeStock, makeUser, type User } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  finish,
  getReceipt,
  newKey,
  openedReceipt,
  openReceipt,
  progress,
  receiptPath,
  receiptScene,
} from './goods-receipt.test-helper.js';

/** Open, progress, over-receipt, undo, resync, delete and finish (batches and serials: goods-receipt-tracking.test.ts). */
describe('goods receipt routes', () => {
  let t: TestApp;
  let db: Db;
  let operator: HttpClient;
  let operatorUser: User;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    db = t.app.ctx.db;
    operatorUser = await makeUser(db, { roles: ['goodsReceipt'] });
    operator = await signIn(t, operatorUser.username, operatorUser.password);
  });
  afterAll(async () => t.close());

  const receiptLedger = (itemId: number) =>
    db
      .selectFrom('stock_ledger')
      .select(['transaction_type', 'quantity', 'document_code'])
      .where('item_id', '=', itemId)
      .execute();

  it('opens a receipt of a purchase order and resumes it, also when two users open it at once', async () => {
    const s = await receiptScene(db);
    const [a, b] = await Promise.all([openReceipt(operator, s.po.code), openReceipt(operator, s.po.code)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.receipt.code).toBe(b.json.receipt.code);
    expect([a.json.resumed, b.json.resumed].sort()).toEqual([false, true]);
    expect(a.json.receipt).toMatchObject({
      status: 'OPEN',
      source: { type: 'PURCHASE_ORDER', code: s.po.code, status: 'OPEN' },
      defaultTargetLocation: s.staging.code,
      lines: [{ line: 0, item: s.item.code, ordered: 10, receivedBefore: 0, progress: 0, open: 10 }],
      entries: [],
    });
    const again = await openReceipt(operator, s.po.code);
    expect(again.json).toMatchObject({ resumed: true, receipt: { code: a.json.receipt.code } });
  });

  it('saves progress without moving stock, and a replayed key saves it once', async () => {
    const s = await receiptScene(db);
    const code = await openedReceipt(operator, s);
    const key = newKey();
    const first = await progress(operator, code, 0, { quantity: 4 }, key);
    const replay = await progress(operator, code, 0, { quantity: 4 }, key);
    expect(first.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(first.json);
    expect(first.json.entries).toMatchObject([
      { line: 0, quantity: 4, targetLocation: s.staging.code, qcPending: false },
    ]);
    expect(first.json).toMatchObject({ code, status: 'IN_PROGRESS', line: { line: 0, progress: 4, open: 6 } });
    expect((await getReceipt(operator, code)).json.receipt).toMatchObject({ lines: [{ progress: 4, open: 6 }] });
    expect(await receiptLedger(s.item.id)).toEqual([]);
  });

  it('CONFIRM 10% on a line of 10: 11 needs the rescan, then finish posts one RECEIPT of 11 once', async () => {
    const s = await receiptScene(db, { mode: 'CONFIRM', tolerance: 10 });
    const code = await openedReceipt(operator, s);
    const refused = await progress(operator, code, 0, { quantity: 11 });
    expect(errorOf(refused)).toMatchObject({
      status: 422,
      key: 'overReceiptNeedsConfirmation',
      args: { ordered: 10, received: 0, entry: 11, tolerancePercent: 10, maximum: 11 },
    });
    const confirmed = await progress(operator, code, 0, { quantity: 11, confirmations: { quantity: true } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.entries[0]).toMatchObject({ quantity: 11, overReceipt: 1 });

    const key = newKey();
    const done = await finish(operator, code, key);
    const again = await finish(operator, code, key);
    expect(done.status).toBe(200);
    expect(again.json).toEqual(done.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(done.json).toMatchObject({
      receipt: code,
      source: s.po.code,
      sourceStatus: 'RECEIVED',
      received: [{ line: 0, item: s.item.code, quantity: 11, location: s.staging.code, qcPending: false }],
      openLines: [],
      qcRequests: [],
    });
    expect(await receiptLedger(s.item.id)).toEqual([
      { transaction_type: 'RECEIPT', quantity: 11_000, document_code: code },
    ]);
    await expectStockInvariants(db, [s.item.id], 11_000);

    // Read again, the finished receipt counts its entries once: they are the source's received quantity now.
    const read = await getReceipt(operator, code);
    expect(read.json.receipt).toMatchObject({
      status: 'FINISHED',
      lines: [{ ordered: 10, receivedBefore: 11, progress: 0, open: 0 }],
      entries: [{ quantity: 11 }],
    });

    const other = await finish(operator, code);
    expect(errorOf(other)).toEqual({
      status: 422,
      key: 'receiptAlreadyFinished',
      args: { receipt: code, status: 'FINISHED' },
    });
    const late = await progress(operator, code, 0, { quantity: 1 });
    expect(errorOf(late).key).toBe('receiptAlreadyFinished');

    await t.app.ctx.erpOutbox.dispatchDue();
    const outbox = await db
      .selectFrom('erp_outbox')
      .select(['kind', 'status'])
      .where('document_code', '=', code)
      .execute();
    expect(outbox).toEqual([{ kind: 'GOODS_RECEIPT_POSTED', status: 'DONE' }]);
  });

  it('keeps the tolerance cumulative over two receipts, and lowers the open quantity as a backorder', async () => {
    const s = await receiptScene(db, { mode: 'CONFIRM', tolerance: 10 });
    const first = await openedReceipt(operator, s);
    await progress(operator, first, 0, { quantity: 6 });
    const done = await finish(operator, first);
    expect(done.json).toMatchObject({ sourceStatus: 'PARTLY_RECEIVED', openLines: [{ line: 0, open: 4 }] });

    const second = await openedReceipt(operator, s);
    expect(second).not.toBe(first);
    const receipt = await getReceipt(operator, second);
    expect(receipt.json.receipt.lines[0]).toMatchObject({ ordered: 10, receivedBefore: 6, open: 4 });
    const tooMuch = await progress(operator, second, 0, { quantity: 6, confirmations: { quantity: true } });
    expect(errorOf(tooMuch)).toMatchObject({
      status: 422,
      key: 'overReceiptNotAllowed',
      args: { received: 6, maximum: 5 },
    });
    expect((await progress(operator, second, 0, { quantity: 5, confirmations: { quantity: true } })).status).toBe(200);
    expect((await finish(operator, second)).json.sourceStatus).toBe('RECEIVED');
    await expectStockInvariants(db, [s.item.id], 11_000);

    // The ERP reopens the order (open quantity stays 0): the 11 received still count, over-receipt
    // included, so not even 1 more fits the 11 cap.
    await db.updateTable('document').set({ status: 'OPEN' }).where('id', '=', s.po.id).execute();
    const third = await openedReceipt(operator, s);
    expect((await getReceipt(operator, third)).json.receipt.lines[0]).toMatchObject({ receivedBefore: 11, open: 0 });
    const oneMore = await progress(operator, third, 0, { quantity: 1, confirmations: { quantity: true } });
    expect(errorOf(oneMore)).toMatchObject({ status: 422, key: 'overReceiptNotAllowed', args: { received: 11 } });
  });

  it('never lets concurrent entries on one line pass the cap', async () => {
    const s = await receiptScene(db, { mode: 'CONFIRM', tolerance: 10 });
    const code = await openedReceipt(operator, s);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => progress(operator, code, 0, { quantity: 3, confirmations: { quantity: true } })),
    );
    const saved = answers.filter((a) => a.status === 200).length;
    expect(saved).toBe(3);
    expect(answers.filter((a) => a.status === 422).every((a) => a.json.key === 'overReceiptNotAllowed')).toBe(true);
    const receipt = await getReceipt(operator, code);
    expect(receipt.json.receipt.lines[0].progress).toBe(9);
  });

  it('MANAGER mode: above the tolerance needs a manager, whose approval is recorded', async () => {
    const s = await receiptScene(db, { mode: 'MANAGER', tolerance: 5 });
    const manager = await makeUser(db, { roles: ['goodsReceiptAuthOverReceipt'] });
    const code = await openedReceipt(operator, s);
    const refused = await progress(operator, code, 0, { quantity: 12, confirmations: { quantity: true } });
    expect(errorOf(refused).key).toBe('overReceiptNeedsManager');
    const wrong = await progress(operator, code, 0, {
      quantity: 12,
      managerApproval: { username: manager.username, password: 'wrong password' },
    });
    expect(errorOf(wrong).status).toBe(422);
    // A goods receipt user without the over-receipt authorisation cannot approve it.
    const notAManager = await makeUser(db, { roles: ['goodsReceipt', 'purchasing'] });
    const refusedApproval = await progress(operator, code, 0, {
      quantity: 12,
      managerApproval: { username: notAManager.username, password: notAManager.password },
    });
    expect(errorOf(refusedApproval).key).toBe('insufficientRoles');
    const approved = await progress(operator, code, 0, {
      quantity: 12,
      managerApproval: { username: manager.username, password: manager.password },
    });
    expect(approved.status).toBe(200);
    expect(approved.json.approvedBy).toEqual({ userId: manager.id, username: manager.username });
    expect(approved.json.entries[0]).toMatchObject({ quantity: 12, overReceipt: 2, approvedBy: manager.username });
    const recorded = await db
      .selectFrom('manager_approval')
      .select(['action', 'approver_username'])
      .where('document_code', '=', code)
      .execute();
    expect(recorded).toEqual([{ action: 'goodsReceipt.overReceipt', approver_username: manager.username }]);
  });

  it('asks quantityLooksWrong above ten times the open quantity, and BLOCK refuses any over-receipt', async () => {
    const s = await receiptScene(db, { mode: 'MANAGER', tolerance: 900 });
    const code = await openedReceipt(operator, s);
    expect(errorOf(await progress(operator, code, 0, { quantity: 101 })).key).toBe('quantityLooksWrong');
    const blocked = await receiptScene(db, { mode: 'BLOCK' });
    const blockedCode = await openedReceipt(operator, blocked);
    const refused = await progress(operator, blockedCode, 0, { quantity: 11, confirmations: { quantity: true } });
    expect(errorOf(refused)).toMatchObject({ status: 422, key: 'overReceiptNotAllowed', args: { maximum: 10 } });
  });

  it('undoes an entry, and an unknown entry is 404', async () => {
    const s = await receiptScene(db);
    const code = await openedReceipt(operator, s);
    const saved = await progress(operator, code, 0, { quantity: 3 });
    const id = saved.json.entries[0].id as number;
    const undone = await operator.delete(`${receiptPath}/${code}/line/0/progress/${id}`);
    expect(undone.status).toBe(200);
    expect(undone.json.receipt).toMatchObject({ entries: [], lines: [{ progress: 0, open: 10 }] });
    const again = await operator.delete(`${receiptPath}/${code}/line/0/progress/${id}`);
    expect(errorOf(again)).toEqual({ status: 404, key: 'unknownReceiptEntry', args: { id } });
    expect(errorOf(await finish(operator, code)).key).toBe('nothingReceived');
  });

  it('resync refuses when the source now has less open than the progress; delete frees the source', async () => {
    const s = await receiptScene(db);
    const code = await openedReceipt(operator, s);
    await progress(operator, code, 0, { quantity: 8 });
    expect((await operator.post(`${receiptPath}/${code}/resync`)).status).toBe(200);
    await db.updateTable('document_line').set({ open_quantity: 5000 }).where('document_id', '=', s.po.id).execute();
    const refused = await operator.post(`${receiptPath}/${code}/resync`);
    expect(errorOf(refused)).toEqual({
      status: 422,
      key: 'sourceChangedBelowProgress',
      args: { document: s.po.code, line: 0, open: 5, progress: 8 },
    });
    const deleted = await operator.post(`${receiptPath}/${code}/delete`);
    expect(deleted.json.receipt).toMatchObject({ status: 'DELETED', entries: [] });
    expect(errorOf(await progress(operator, code, 0, { quantity: 1 })).key).toBe('receiptAlreadyFinished');
    const next = await openedReceipt(operator, s);
    expect(next).not.toBe(code);
  });

  it('refuses bad input without saving anything', async () => {
    const s = await receiptScene(db);
    const code = await openedReceipt(operator, s);
    expect(errorOf(await progress(operator, code, 7, { quantity: 1 })).key).toBe('itemNotOnOrder');
    expect(errorOf(await progress(operator, code, 0, { quantity: -1 })).status).toBe(400);
    expect(errorOf(await progress(operator, code, 0, { quantity: 1 }, null)).key).toBe('idempotencyKeyRequired');
    expect(errorOf(await progress(operator, code, 0, { quantity: 1, targetLocation: 'NOPE' })).key).toBe(
      'unknownLocation',
    );
    const elsewhere = await makeBinLocation(db);
    expect(errorOf(await progress(operator, code, 0, { quantity: 1, targetLocation: elsewhere.code })).key).toBe(
      'locationNotInWarehouse',
    );
    const blocked = await makeBinLocation(db, { warehouse: s.warehouse, blocked: 'damaged rack' });
    expect(errorOf(await progress(operator, code, 0, { quantity: 1, targetLocation: blocked.code })).key).toBe(
      'stockMovementsBlocked',
    );
    expect(errorOf(await openReceipt(operator, 'NO-SUCH-PO')).key).toBe('unknownDocument');
    expect(errorOf(await getReceipt(operator, 'GR-NOPE')).status).toBe(404);
    const receipt = await getReceipt(operator, code);
    expect(receipt.json.receipt.entries).toEqual([]);
  });

  it('QC: a blocked item into a NORMAL location is refused; into a QC location it is QC-pending with a QC_REQUEST', async () => {
    const s = await receiptScene(db, { item: { blockForQcType: 'PURCHASE_RECEIPT' } });
    const code = await openedReceipt(operator, s);
    const shelf = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'PICK' });
    const refused = await progress(operator, code, 0, { quantity: 4, targetLocation: shelf.code });
    expect(errorOf(refused)).toEqual({
      status: 422,
      key: 'qcStockNeedsQcLocation',
      args: { item: s.item.code, location: shelf.code },
    });
    const full = await makeBinLocation(db, { warehouse: s.warehouse, locationType: 'BULK' });
    await makeStock(db, { item: s.item, location: full, onHand: 1 });
    expect(errorOf(await progress(operator, code, 0, { quantity: 4, targetLocation: full.code })).key).toBe(
      'qcStockNeedsQcLocation',
    );
    expect((await progress(operator, code, 0, { quantity: 4, targetLocation: s.qc.code })).status).toBe(200);
    const done = await finish(operator, code);
    expect(done.json.received).toMatchObject([{ location: s.qc.code, qcPending: true }]);
    expect(done.json.qcRequests).toHaveLength(1);
    const stock = await db
      .selectFrom('stock')
      .select(['on_hand_qty', 'qc_pending_qty'])
      .where('item_id', '=', s.item.id)
      .where('bin_location_id', '=', s.qc.id)
      .executeTakeFirstOrThrow();
    expect([Number(stock.on_hand_qty), Number(stock.qc_pending_qty)]).toEqual([4000, 4000]);
    const request = await db
      .selectFrom('document as d')
      .innerJoin('document_line as l', 'l.document_id', 'd.id')
      .select(['d.status', 'l.item_id', 'l.quantity', 'l.to_bin_location_id'])
      .where('d.type', '=', 'QC_REQUEST')
      .where('d.code', '=', done.json.qcRequests[0])
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'OPEN', item_id: s.item.id, quantity: 4000, to_bin_location_id: s.qc.id });
    await expectStockInvariants(db, [s.item.id], 5000);
  });

  it('keeps the /goods_receipt counter at the receivable documents due by today', async () => {
    const counter = async () =>
      Number(
        (
          await db
            .selectFrom('notification_counter')
            .select('count')
            .where('path', '=', '/goods_receipt')
            .executeTakeFirst()
        )?.count ?? 0,
      );
    const s = await receiptScene(db);
    await receiptScene(db); // still due after the finish: the counter must have been set again
    const code = await openedReceipt(operator, s);
    await progress(operator, code, 0, { quantity: 10 });
    await finish(operator, code);
    const due = await db
      .selectFrom('document')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', 'in', ['PURCHASE_ORDER', 'PLANNED_GOODS_RECEIPT'])
      .where('status', 'in', ['OPEN', 'PARTLY_RECEIVED'])
      .where('due_date', '<=', new Date().toISOString().slice(0, 10))
      .executeTakeFirstOrThrow();
    expect(await counter()).toBe(Number(due.n));
  });

  it('is forbidden without the goodsReceipt role', async () => {
    const s = await receiptScene(db);
    const code = await openedReceipt(operator, s);
    const other = await makeUser(db, { roles: ['goodsSorting', 'purchasing'] });
    const client = await signIn(t, other.username, other.password);
    const calls = [
      client.get(`${receiptPath}/expected`),
      client.get(`${receiptPath}/find?scan=x`),
      openReceipt(client, s.po.code),
      getReceipt(client, code),
      progress(client, code, 0, { quantity: 1 }),
      client.delete(`${receiptPath}/${code}/line/0/progress/1`),
      client.post(`${receiptPath}/${code}/resync`),
      finish(client, code),
      client.post(`${receiptPath}/${code}/delete`),
      client.post(`${receiptPath}/${code}/labels`, { printer: 1 }),
      client.get(`${receiptPath}/finished_receipts?from=2026-01-01&to=2026-01-02`),
      client.get(`${receiptPath}/plannedGoodsReceipt/X`),
      client.get(`${receiptPath}/batchLots?item=X`),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(403);
    expect((await getReceipt(operator, code)).json.receipt.status).toBe('OPEN');
  });
});
