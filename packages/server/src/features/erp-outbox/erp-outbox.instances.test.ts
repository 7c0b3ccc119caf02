import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { outboxRowOf, queueReceipt, recordingSender } from './erp-outbox.test-helper.js';

/**
 * Two server instances on one PostgreSQL database (SQLite is one process's database), each
 * dispatching on its own short interval and on demand: every row is sent exactly once.
 */
describe.runIf(process.env.WMS_TEST_DATABASE === 'postgres')('the ERP outbox with two instances', () => {
  let a: TestApp;
  let b: App;
  const erpOfA = recordingSender(2);
  const erpOfB = recordingSender(2);
  beforeAll(async () => {
    const env = { DEMO_DATA: 'false', ERP_OUTBOX_INTERVAL_MS: '10' };
    a = await buildTestApp(env, { erpSenders: { NONE: erpOfA.sender } });
    b = await buildApp(
      loadConfig({
        ...env,
        DATA_DIR: a.config.dataDir,
        DATABASE_URL: a.config.databaseUrl,
        WMS_RUNTIME_TYPE: 'TEST',
        LOG_LEVEL: 'silent',
      }),
      { erpSenders: { NONE: erpOfB.sender } },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends each row once, whichever instance takes it', async () => {
    const codes: string[] = [];
    for (let n = 0; n < 60; n++) codes.push(await queueReceipt(a.app.ctx.db));
    // Both timers run; both instances also dispatch on demand at the same time.
    await Promise.all([
      a.app.ctx.erpOutbox.dispatchDue(),
      b.ctx.erpOutbox.dispatchDue(),
      a.app.ctx.erpOutbox.dispatchDue(),
      b.ctx.erpOutbox.dispatchDue(),
    ]);
    await vi.waitFor(
      async () => {
        for (const code of codes) expect((await outboxRowOf(a.app.ctx.db, code)).status).toBe('DONE');
      },
      { timeout: 10_000, interval: 50 },
    );
    for (const code of codes) {
      expect(erpOfA.sendsOf(code) + erpOfB.sendsOf(code), code).toBe(1);
      const owner = erpOfA.sendsOf(code) === 1 ? a.app.ctx.erpOutbox.owner : b.ctx.erpOutbox.owner;
      expect((await outboxRowOf(a.app.ctx.db, code)).lease_owner, code).toBe(owner);
    }
    expect(erpOfA.sent.length).toBeGreaterThan(0);
    expect(erpOfB.sent.length).toBeGreaterThan(0);
  });
});
