import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe('bug reports', () => {
  let t: TestApp;
  const countReports = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('bug_report')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('stores a report from a caller who is not signed in', async () => {
    const answer = await t.client().post(
      '/api/v1/system/submitBugReport',
      { report: 'The page crashed' },
      {
        'user-agent': 'TestBrowser/1.0',
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ id: expect.any(Number) });
    const row = await t.app.ctx.db
      .selectFrom('bug_report')
      .selectAll()
      .where('id', '=', answer.json.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ report: 'The page crashed', user_id: null, user_agent: 'TestBrowser/1.0' });
    expect(row.ip).toEqual(expect.any(String));
  });

  it('records the signed-in user', async () => {
    const operator = await signIn(t, 'operator');
    const answer = await operator.post('/api/v1/system/submitBugReport', { report: 'Scanner froze' });
    expect(answer.status).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('bug_report')
      .select('user_id')
      .where('id', '=', answer.json.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(await userIdOf(t, 'operator'));
  });

  it('stores a retried report once (Idempotency-Key)', async () => {
    const client = t.client();
    const headers = { 'Idempotency-Key': 'bug-report-retry-0001' };
    const before = await countReports();
    const first = await client.post('/api/v1/system/submitBugReport', { report: 'Sent twice' }, headers);
    const second = await client.post('/api/v1/system/submitBugReport', { report: 'Sent twice' }, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(await countReports()).toBe(before + 1);

    // The same key with another body is a client bug: 422, nothing stored.
    const conflicting = await client.post('/api/v1/system/submitBugReport', { report: 'Something else' }, headers);
    expect(conflicting.status).toBe(422);
    expect(conflicting.json).toMatchObject({ key: 'idempotencyKeyConflict', args: { key: 'bug-report-retry-0001' } });
    expect(await countReports()).toBe(before + 1);

    // Different keys are different reports.
    const other = await client.post(
      '/api/v1/system/submitBugReport',
      { report: 'Sent twice' },
      {
        'Idempotency-Key': 'bug-report-retry-0002',
      },
    );
    expect(other.json.id).not.toBe(first.json.id);
    expect(await countReports()).toBe(before + 2);

    const badKey = await client.post('/api/v1/system/submitBugReport', { report: 'x' }, { 'Idempotency-Key': 'short' });
    expect(badKey.status).toBe(400);
    expect(badKey.json.args.fields[0].field).toBe('headers.idempotency-key');
    expect(await countReports()).toBe(before + 2);
  });

  it('refuses an empty or mistyped report, storing nothing', async () => {
    const before = await countReports();
    for (const body of [{}, { report: '' }, { report: 42 }]) {
      const answer = await t.client().post('/api/v1/system/submitBugReport', body);
      expect(answer.status).toBe(400);
      expect(answer.json.key).toBe('invalidInput');
      expect(answer.json.args.fields.map((f: { field: string }) => f.field)).toContain('body.report');
    }
    expect(await countReports()).toBe(before);
  });

  it('lists reports for admins only', async () => {
    await t.client().post('/api/v1/system/submitBugReport', { report: 'Listed report' });
    const admin = await signIn(t, 'admin');
    const list = await admin.get('/api/v1/system/bugReports');
    expect(list.status).toBe(200);
    expect(list.json.reports[0]).toMatchObject({ report: 'Listed report', userId: null, username: null });
    expect(list.json.reports.some((r: { username: string | null }) => r.username === 'operator')).toBe(true);

    expect((await t.client().get('/api/v1/system/bugReports')).status).toBe(401);
    const operator = await signIn(t, 'operator');
    const forbidden = await operator.get('/api/v1/system/bugReports');
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.key).toBe('requestForbidden');
  });
});
