import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertBugReport } from './system.repository.js';
import { pruneBugReports } from './system.service.js';

const submitPath = '/api/v1/system/submitBugReport';

async function reportTexts(t: TestApp): Promise<string[]> {
  const rows = await t.app.ctx.db.selectFrom('bug_report').select('report').orderBy('id').execute();
  return rows.map((row) => row.report);
}

describe('bug reports: size and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      BUG_REPORT_MAX_BYTES: '2048',
      BUG_REPORT_RATE_LIMIT: '3/1h',
      BUG_REPORT_SESSION_RATE_LIMIT: '50/1h',
    });
  });
  afterAll(async () => t.close());

  it('refuses a report over BUG_REPORT_MAX_BYTES with 413 payloadTooLarge and stores nothing', async () => {
    const answer = await t.client().post(submitPath, { report: 'x'.repeat(3000) });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ status: 413, key: 'payloadTooLarge', args: { limit: 2048 } });
    expect(await reportTexts(t)).toEqual([]);
  });

  it('accepts BUG_REPORT_RATE_LIMIT reports per address in the window, then answers 429 and stores nothing', async () => {
    // The refused report above was the first request of this address's window.
    for (const n of [1, 2]) expect((await t.client().post(submitPath, { report: `report ${n}` })).status).toBe(200);
    const refused = await t.client().post(submitPath, { report: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      status: 429,
      key: 'tooManyRequests',
      args: { max: 3, windowSeconds: 3600, retryAfterSeconds: expect.any(Number) },
    });
    expect(refused.json.message).toContain('Too many requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    // A signed-in caller from the same address is counted by the address too.
    const operator = await signIn(t, 'operator');
    expect((await operator.post(submitPath, { report: 'signed in, same address' })).status).toBe(429);
    expect(await reportTexts(t)).toEqual(['report 1', 'report 2']);
    // Other routes are not limited by it.
    expect((await t.client().get('/api/v1/config/version')).status).toBe(200);
  });
});

describe('bug reports: rate per session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BUG_REPORT_RATE_LIMIT: '100/1h', BUG_REPORT_SESSION_RATE_LIMIT: '2/1h' });
  });
  afterAll(async () => t.close());

  it('accepts BUG_REPORT_SESSION_RATE_LIMIT reports per session, then 429; other sessions and anonymous callers go on', async () => {
    const operator = await signIn(t, 'operator');
    for (const n of [1, 2]) expect((await operator.post(submitPath, { report: `operator ${n}` })).status).toBe(200);
    const refused = await operator.post(submitPath, { report: 'operator 3' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ key: 'tooManyRequests', args: { max: 2, windowSeconds: 3600 } });

    const manager = await signIn(t, 'manager');
    expect((await manager.post(submitPath, { report: 'manager 1' })).status).toBe(200);
    expect((await t.client().post(submitPath, { report: 'anonymous 1' })).status).toBe(200);
    expect(await reportTexts(t)).toEqual(['operator 1', 'operator 2', 'manager 1', 'anonymous 1']);
  });
});

describe('bug reports: pruning', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ BUG_REPORT_MAX_ROWS: '4', BUG_REPORT_RETENTION_DAYS: '30' });
  });
  afterAll(async () => t.close());

  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const insert = (report: string, createdAt: string) =>
    insertBugReport(t.app.ctx.db, { userId: null, report, ip: null, userAgent: null, createdAt });

  it('drops reports older than BUG_REPORT_RETENTION_DAYS and keeps at most BUG_REPORT_MAX_ROWS when a report is stored', async () => {
    await insert('40 days old', daysAgo(40));
    await insert('31 days old', daysAgo(31));
    await insert('10 days old', daysAgo(10));
    await insert('5 days old', daysAgo(5));
    await insert('1 day old', daysAgo(1));
    expect((await t.client().post(submitPath, { report: 'new' })).status).toBe(200);
    expect(await reportTexts(t)).toEqual(['10 days old', '5 days old', '1 day old', 'new']);

    expect((await t.client().post(submitPath, { report: 'newer' })).status).toBe(200);
    expect(await reportTexts(t)).toEqual(['5 days old', '1 day old', 'new', 'newer']);
  });

  it('prunes by age without a new report (the hourly run)', async () => {
    // 29.5 days from now, the reports of 5 and 1 days ago are past 30 days; the new ones are not.
    const deleted = await pruneBugReports(t.app.ctx.db, t.config.bugReports, Date.now() + 29.5 * 86_400_000);
    expect(deleted).toBe(2);
    expect(await reportTexts(t)).toEqual(['new', 'newer']);
  });
});
