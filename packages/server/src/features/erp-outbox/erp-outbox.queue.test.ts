import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueCode } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { queueForErp } from './erp-outbox.service.js';
import { outboxRowOf, queueReceipt } from './erp-outbox.test-helper.js';

describe('queueing for the ERP in the posting transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The interval is long: the tests dispatch themselves.
    t = await buildTestApp({ DEMO_DATA: 'false', ERP_OUTBOX_INTERVAL_MS: '3600000' });
  });
  afterAll(async () => t.close());

  const rowsOf = (code: string) =>
    t.app.ctx.db.selectFrom('erp_outbox').selectAll().where('document_code', '=', code).execute();
  const entry = (code: string, payload: Record<string, unknown> = {}) =>
    ({ kind: 'GOODS_RECEIPT_POSTED', documentType: 'GOODS_RECEIPT', documentCode: code, payload }) as const;

  it('writes nothing when the posting rolls back', async () => {
    const code = uniqueCode('F-GR-');
    const posting = t.app.ctx.db.transaction().execute(async (tx) => {
      expect(await queueForErp(tx, entry(code))).toEqual({ queued: true });
      throw new Error('the posting failed');
    });
    await expect(posting).rejects.toThrow('the posting failed');
    expect(await rowsOf(code)).toEqual([]);
  });

  it('writes one row for a posting replayed, in another transaction or the same one, and keeps the first payload', async () => {
    const code = uniqueCode('F-GR-');
    const answers = await t.app.ctx.db
      .transaction()
      .execute(async (tx) => [
        await queueForErp(tx, entry(code, { lines: 1 })),
        await queueForErp(tx, entry(code, { lines: 2 })),
      ]);
    expect(answers).toEqual([{ queued: true }, { queued: false }]);
    const replay = await t.app.ctx.db.transaction().execute((tx) => queueForErp(tx, entry(code, { lines: 3 })));
    expect(replay).toEqual({ queued: false });
    const rows = await rowsOf(code);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'GOODS_RECEIPT_POSTED',
      document_type: 'GOODS_RECEIPT',
      status: 'PENDING',
      attempts: 0,
      lease_owner: null,
      done_at: null,
    });
    expect(JSON.parse(rows[0]!.payload)).toEqual({ lines: 1 });
    // Another kind or document is another message.
    await t.app.ctx.db
      .transaction()
      .execute((tx) => queueForErp(tx, { ...entry(code), documentType: 'PURCHASE_ORDER' }));
    expect(await rowsOf(code)).toHaveLength(2);
  });

  it('marks rows DONE with ERP type NONE, which sends nothing', async () => {
    expect((await t.app.ctx.settings.settings()).erpType).toBe('NONE');
    const codes = [await queueReceipt(t.app.ctx.db), await queueReceipt(t.app.ctx.db)];
    const before = new Date().toISOString();
    const result = await t.app.ctx.erpOutbox.dispatchDue();
    expect(result.done).toBeGreaterThanOrEqual(2);
    expect(result).toMatchObject({ retried: 0, dead: 0 });
    for (const code of codes) {
      const row = await outboxRowOf(t.app.ctx.db, code);
      expect(row).toMatchObject({ status: 'DONE', attempts: 1, last_error: null, lease_until: null });
      expect(row.lease_owner).toBe(t.app.ctx.erpOutbox.owner);
      expect(row.done_at! >= before).toBe(true);
    }
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 0, dead: 0 });
  });
});

describe('the dispatcher the app starts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ DEMO_DATA: 'false', ERP_OUTBOX_INTERVAL_MS: '20' });
  });
  afterAll(async () => t.close());

  it('sends what is queued on its interval, and nothing after it stopped', async () => {
    const code = await queueReceipt(t.app.ctx.db);
    await vi.waitFor(async () => expect((await outboxRowOf(t.app.ctx.db, code)).status).toBe('DONE'), {
      timeout: 5000,
      interval: 20,
    });
    await t.app.ctx.erpOutbox.stop();
    const later = await queueReceipt(t.app.ctx.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await t.app.ctx.erpOutbox.dispatchDue()).toEqual({ done: 0, retried: 0, dead: 0 });
    expect((await outboxRowOf(t.app.ctx.db, later)).status).toBe('PENDING');
  });
});
