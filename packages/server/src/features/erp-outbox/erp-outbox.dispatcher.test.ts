import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErpType } from '@wms/contract';
import { makeUser } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { ErpOutboxDispatcher } from './erp-outbox-dispatcher.js';
import { finishAttempt } from './erp-outbox.repository.js';
import { erpSenderRegistry } from './erp-senders.js';
import { outboxRowOf, queueReceipt, recordingSender } from './erp-outbox.test-helper.js';

const retryBaseMs = 1000;
const maxAttempts = 3;

describe('the ERP outbox dispatcher', () => {
  let t: TestApp;
  const erp = recordingSender(1);
  beforeAll(async () => {
    t = await buildTestApp(
      {
        DEMO_DATA: 'false',
        // The interval is long: the tests dispatch themselves.
        ERP_OUTBOX_INTERVAL_MS: '3600000',
        ERP_OUTBOX_RETRY_BASE_MS: String(retryBaseMs),
        ERP_OUTBOX_MAX_ATTEMPTS: String(maxAttempts),
      },
      { erpSenders: { SAP: erp.sender } },
    );
    await setErpType('SAP');
  });
  afterAll(async () => t.close());

  async function setErpType(erpType: ErpType) {
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { erpType });
  }
  const rowOf = (code: string) => outboxRowOf(t.app.ctx.db, code);
  /** Moves a row's next attempt into the past, as if its wait had passed. */
  const makeDue = (code: string) =>
    t.app.ctx.db
      .updateTable('erp_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1).toISOString() })
      .where('document_code', '=', code)
      .execute();
  /** Another instance's dispatcher on the same database, with the same senders. */
  const otherDispatcher = (batchSize?: number, sendTimeoutMs?: number) =>
    new ErpOutboxDispatcher({
      db: t.app.ctx.db,
      dialect: t.app.ctx.dialect,
      erpType: async () => (await t.app.ctx.settings.settings()).erpType,
      senders: erpSenderRegistry({ SAP: erp.sender }),
      intervalMs: 3_600_000,
      retryBaseMs,
      maxAttempts,
      log: t.app.log,
      batchSize,
      sendTimeoutMs,
    });

  it('sends through the configured ERP type with a key the same on every attempt', async () => {
    const code = await queueReceipt(t.app.ctx.db, undefined, { lines: [{ item: 'A', quantity: 2 }] });
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 1, retried: 0, dead: 0 });
    expect(erp.sent.filter((m) => m.documentCode === code)).toEqual([
      {
        id: (await rowOf(code)).id,
        kind: 'GOODS_RECEIPT_POSTED',
        documentType: 'GOODS_RECEIPT',
        documentCode: code,
        payload: { lines: [{ item: 'A', quantity: 2 }] },
        attempt: 1,
        idempotencyKey: `GOODS_RECEIPT_POSTED:GOODS_RECEIPT:${code}`,
      },
    ]);
    expect(await rowOf(code)).toMatchObject({ status: 'DONE', attempts: 1 });
  });

  it('retries a failing send with a growing wait, ends DEAD, and sends it after an admin retry', async () => {
    const code = await queueReceipt(t.app.ctx.db);
    erp.failing.add(code);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const before = Date.now();
      const result = await t.app.ctx.erpOutbox.dispatchDue();
      const after = Date.now();
      const row = await rowOf(code);
      expect(erp.sendsOf(code)).toBe(attempt);
      expect(row).toMatchObject({ attempts: attempt, last_error: `ERP refused ${code}`, lease_until: null });
      if (attempt === maxAttempts) {
        expect(result).toEqual({ done: 0, retried: 0, dead: 1 });
        expect(row.status).toBe('DEAD');
        break;
      }
      expect(result).toEqual({ done: 0, retried: 1, dead: 0 });
      expect(row.status).toBe('PENDING');
      const wait = retryBaseMs * 2 ** (attempt - 1);
      const next = Date.parse(row.next_attempt_at);
      expect(next).toBeGreaterThanOrEqual(before + wait);
      expect(next).toBeLessThanOrEqual(after + wait);
      waits.push(next - before);
      // Not due yet: nothing is sent.
      expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 0, dead: 0 });
      expect(erp.sendsOf(code)).toBe(attempt);
      await makeDue(code);
    }
    // The second wait is the first doubled (base, then twice the base).
    expect(waits[1]! - waits[0]!).toBeGreaterThan(retryBaseMs / 2);
    // DEAD rows are not sent again, however long one waits.
    await makeDue(code);
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 0, dead: 0 });
    expect(erp.sendsOf(code)).toBe(maxAttempts);

    const admin = await makeUser(t.app.ctx.db, { roles: ['admin'] });
    const client = await signIn(t, admin.username, admin.password);
    const { id } = await rowOf(code);
    const retried = await client.post(`/api/v1/admin/erp_outbox/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ id, status: 'PENDING', attempts: 0, lastError: `ERP refused ${code}` });
    erp.failing.delete(code);
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 1, retried: 0, dead: 0 });
    expect(await rowOf(code)).toMatchObject({ status: 'DONE', attempts: 1 });
    expect(erp.sendsOf(code)).toBe(maxAttempts + 1);
  });

  it('takes over a row whose lease has ended, and leaves a row under a running lease alone', async () => {
    const [expired, running] = [await queueReceipt(t.app.ctx.db), await queueReceipt(t.app.ctx.db)];
    const claimedBy = async (code: string, leaseUntil: number) =>
      t.app.ctx.db
        .updateTable('erp_outbox')
        .set({
          status: 'SENDING',
          attempts: 1,
          lease_owner: 'gone:1:dead',
          lease_until: new Date(leaseUntil).toISOString(),
        })
        .where('document_code', '=', code)
        .execute();
    await claimedBy(expired, Date.now() - 1000);
    await claimedBy(running, Date.now() + 60_000);
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 1, retried: 0, dead: 0 });
    expect(erp.sendsOf(expired)).toBe(1);
    expect(erp.sent.find((m) => m.documentCode === expired)?.attempt).toBe(2);
    expect(await rowOf(expired)).toMatchObject({
      status: 'DONE',
      attempts: 2,
      lease_owner: t.app.ctx.erpOutbox.owner,
    });
    expect(erp.sendsOf(running)).toBe(0);
    expect(await rowOf(running)).toMatchObject({ status: 'SENDING', lease_owner: 'gone:1:dead' });
    // An instance whose lease another took over cannot write its late answer over the new owner's.
    const late = await finishAttempt(t.app.ctx.db, (await rowOf(running)).id, 'lost:2:lease', {
      status: 'DONE',
      at: new Date().toISOString(),
    });
    expect(late).toBe(false);
    expect(await rowOf(running)).toMatchObject({ status: 'SENDING', lease_owner: 'gone:1:dead', done_at: null });
    // Out of the way of the later tests (its lease would end within the file's run).
    await t.app.ctx.db.updateTable('erp_outbox').set({ status: 'DEAD' }).where('document_code', '=', running).execute();
  });

  it('makes a row DEAD without sending it when its last allowed attempt ended with its lease', async () => {
    const code = await queueReceipt(t.app.ctx.db);
    await t.app.ctx.db
      .updateTable('erp_outbox')
      .set({
        status: 'SENDING',
        attempts: maxAttempts,
        lease_owner: 'gone:1:dead',
        lease_until: new Date(0).toISOString(),
      })
      .where('document_code', '=', code)
      .execute();
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 0, dead: 1 });
    expect(erp.sendsOf(code)).toBe(0);
    expect(await rowOf(code)).toMatchObject({
      status: 'DEAD',
      last_error: `no answer to attempt ${maxAttempts} before its lease ended`,
    });
  });

  it('fails a send that gets no answer within the send timeout', async () => {
    const code = await queueReceipt(t.app.ctx.db);
    erp.hanging.add(code);
    const impatient = otherDispatcher(undefined, 50);
    expect(await impatient.dispatchDue()).toEqual({ done: 0, retried: 1, dead: 0 });
    expect(await rowOf(code)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      last_error: 'no answer from the ERP within 50 ms',
    });
    await impatient.stop();
  });

  it('never sends a row twice when two dispatchers on one database run at once', async () => {
    const codes: string[] = [];
    for (let n = 0; n < 30; n++) codes.push(await queueReceipt(t.app.ctx.db));
    const other = otherDispatcher();
    const [mine, theirs] = await Promise.all([t.app.ctx.erpOutbox.dispatchDue(), other.dispatchDue()]);
    expect(mine.done + theirs.done).toBe(codes.length);
    expect(mine.done).toBeGreaterThan(0);
    expect(theirs.done).toBeGreaterThan(0);
    for (const code of codes) {
      expect(erp.sendsOf(code), code).toBe(1);
      expect((await rowOf(code)).status).toBe('DONE');
    }
    await other.stop();
  });

  it('sends at most its batch size per batch', async () => {
    const codes: string[] = [];
    for (let n = 0; n < 5; n++) codes.push(await queueReceipt(t.app.ctx.db));
    const small = otherDispatcher(3);
    expect(await small.dispatchDue()).toEqual({ done: 3, retried: 0, dead: 0 });
    expect(codes.map((code) => erp.sendsOf(code))).toEqual([1, 1, 1, 0, 0]);
    expect(await small.dispatchDue()).toEqual({ done: 2, retried: 0, dead: 0 });
    await small.stop();
  });

  it('ends a batch at a failed send: the rest waits for the next batch', async () => {
    const [refused, waiting] = [await queueReceipt(t.app.ctx.db), await queueReceipt(t.app.ctx.db)];
    erp.failing.add(refused);
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 1, dead: 0 });
    expect(erp.sendsOf(waiting)).toBe(0);
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 1, retried: 0, dead: 0 });
    expect(erp.sendsOf(waiting)).toBe(1);
    erp.failing.delete(refused);
    await makeDue(refused);
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 1, retried: 0, dead: 0 });
  });

  it('fails the sends of an ERP type without a connector, so they show up and end DEAD', async () => {
    await setErpType('EXACT_GLOBE');
    try {
      const code = await queueReceipt(t.app.ctx.db);
      expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 1, dead: 0 });
      expect(await rowOf(code)).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        last_error: 'there is no ERP connector for the ERP type EXACT_GLOBE',
      });
      expect(erp.sendsOf(code)).toBe(0);
    } finally {
      await setErpType('SAP');
    }
  });
});
