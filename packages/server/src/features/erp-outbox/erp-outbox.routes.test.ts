import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { makeUser } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import { outboxRowOf, queueReceipt } from './erp-outbox.test-helper.js';

describe('the ERP outbox under /api/v1/admin/erp_outbox', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  const codes: Record<'pending' | 'dead' | 'done', string> = { pending: '', dead: '', done: '' };
  beforeAll(async () => {
    // The interval is long: nothing is sent behind the tests' backs.
    t = await buildTestApp({ DEMO_DATA: 'false', ERP_OUTBOX_INTERVAL_MS: '3600000' });
    const [adminUser, operatorUser] = await Promise.all([
      makeUser(t.app.ctx.db, { roles: ['admin'] }),
      makeUser(t.app.ctx.db, { roles: ['information', 'stockTransfer', 'goodsReceipt', 'picking'] }),
    ]);
    [admin, operator] = await Promise.all([
      signIn(t, adminUser.username, adminUser.password),
      signIn(t, operatorUser.username, operatorUser.password),
    ]);
    codes.dead = await queueReceipt(t.app.ctx.db, undefined, { lines: 2 });
    codes.done = await queueReceipt(t.app.ctx.db);
    codes.pending = await queueReceipt(t.app.ctx.db);
    const setStatus = (code: string, values: { status: string; attempts: number; last_error?: string }) =>
      t.app.ctx.db.updateTable('erp_outbox').set(values).where('document_code', '=', code).execute();
    await setStatus(codes.dead, { status: 'DEAD', attempts: 10, last_error: 'ERP down' });
    await setStatus(codes.done, { status: 'DONE', attempts: 1 });
  });
  afterAll(async () => t.close());

  const idOf = async (code: string) => (await outboxRowOf(t.app.ctx.db, code)).id;

  it('lists what is not done, newest first, with the counts per status', async () => {
    const answer = await admin.get('/api/v1/admin/erp_outbox');
    expect(answer.status).toBe(200);
    expect(answer.json.rows.map((row: { documentCode: string }) => row.documentCode)).toEqual([
      codes.pending,
      codes.dead,
    ]);
    expect(answer.json.rows[1]).toEqual({
      id: await idOf(codes.dead),
      kind: 'GOODS_RECEIPT_POSTED',
      documentType: 'GOODS_RECEIPT',
      documentCode: codes.dead,
      payload: { lines: 2 },
      status: 'DEAD',
      attempts: 10,
      nextAttemptAt: expect.any(String),
      leaseOwner: null,
      leaseUntil: null,
      lastError: 'ERP down',
      createdAt: expect.any(String),
      doneAt: null,
    });
    expect(answer.json.counts).toEqual({ PENDING: 1, SENDING: 0, DONE: 1, DEAD: 1 });
  });

  it('lists one status and at most the limit', async () => {
    const dead = await admin.get('/api/v1/admin/erp_outbox?status=DEAD');
    expect(dead.json.rows.map((row: { documentCode: string }) => row.documentCode)).toEqual([codes.dead]);
    const done = await admin.get('/api/v1/admin/erp_outbox?status=DONE');
    expect(done.json.rows.map((row: { documentCode: string }) => row.documentCode)).toEqual([codes.done]);
    const one = await admin.get('/api/v1/admin/erp_outbox?limit=1');
    expect(one.json.rows.map((row: { documentCode: string }) => row.documentCode)).toEqual([codes.pending]);
    for (const query of ['status=LOST', 'limit=0', 'limit=1001'])
      expect((await admin.get(`/api/v1/admin/erp_outbox?${query}`)).status, query).toBe(400);
  });

  it('retries a DEAD row (PENDING, due now, attempts from 0) and refuses any other', async () => {
    const id = await idOf(codes.dead);
    const before = new Date().toISOString();
    const retried = await admin.post(`/api/v1/admin/erp_outbox/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ id, status: 'PENDING', attempts: 0, lastError: 'ERP down' });
    expect(retried.json.nextAttemptAt >= before && retried.json.nextAttemptAt <= new Date().toISOString()).toBe(true);
    expect(await outboxRowOf(t.app.ctx.db, codes.dead)).toMatchObject({ status: 'PENDING', attempts: 0 });

    expect(errorOf(await admin.post(`/api/v1/admin/erp_outbox/${id}/retry`))).toEqual({
      status: 422,
      key: 'outboxEntryNotDead',
      args: { id, status: 'PENDING' },
    });
    const doneId = await idOf(codes.done);
    expect(errorOf(await admin.post(`/api/v1/admin/erp_outbox/${doneId}/retry`))).toEqual({
      status: 422,
      key: 'outboxEntryNotDead',
      args: { id: doneId, status: 'DONE' },
    });
    expect(errorOf(await admin.post('/api/v1/admin/erp_outbox/999999/retry'))).toEqual({
      status: 404,
      key: 'unknownOutboxEntry',
      args: { id: 999999 },
    });
  });

  it('answers 403 to a user who is not an admin and 401 to no one signed in, changing nothing', async () => {
    const id = await idOf(codes.pending);
    await t.app.ctx.db.updateTable('erp_outbox').set({ status: 'DEAD' }).where('id', '=', id).execute();
    for (const client of [operator, t.client()]) {
      const expected = client === operator ? 403 : 401;
      expect((await client.get('/api/v1/admin/erp_outbox')).status).toBe(expected);
      expect((await client.post(`/api/v1/admin/erp_outbox/${id}/retry`)).status).toBe(expected);
    }
    expect((await outboxRowOf(t.app.ctx.db, codes.pending)).status).toBe('DEAD');
  });
});
