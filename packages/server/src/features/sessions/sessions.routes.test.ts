import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe('GET /api/v1/sessions/ and DELETE /api/v1/sessions/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const sessionCount = async () => (await t.app.ctx.db.selectFrom('user_session').select('id').execute()).length;

  it('lists every session to a userManager, marking the current one', async () => {
    const usermanager = await signIn(t, 'usermanager');
    await signIn(t, 'operator');
    const answer = await usermanager.get('/api/v1/sessions/');
    expect(answer.status).toBe(200);
    const usernames = answer.json.map((s: { username: string }) => s.username);
    expect(usernames).toEqual(expect.arrayContaining(['usermanager', 'operator']));
    const current = answer.json.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ username: 'usermanager', userId: await userIdOf(t, 'usermanager') });
    expect(Object.keys(current[0]).sort()).toEqual(
      [
        'id',
        'userId',
        'username',
        'uniqueSession',
        'deviceName',
        'ip',
        'userAgent',
        'createdAt',
        'lastSeenAt',
        'expiresAt',
        'current',
      ].sort(),
    );
    expect(answer.text).not.toMatch(/token/i);
  });

  it('lists only their own sessions to anyone else', async () => {
    const operator = await signIn(t, 'operator');
    const answer = await operator.get('/api/v1/sessions/');
    expect(answer.status).toBe(200);
    expect(answer.json.length).toBeGreaterThanOrEqual(2);
    expect(new Set(answer.json.map((s: { username: string }) => s.username))).toEqual(new Set(['operator']));
  });

  it("closes a session on a userManager's request; its cookie stops working at once", async () => {
    const usermanager = await signIn(t, 'usermanager');
    const translator = await signIn(t, 'translator');
    const own = (await translator.get('/api/v1/sessions/')).json.find((s: { current: boolean }) => s.current);
    const answer = await usermanager.delete(`/api/v1/sessions/${own.id}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true });
    expect((await translator.get('/api/v1/sessions/')).status).toBe(401);
    expect((await usermanager.delete(`/api/v1/sessions/${own.id}`)).status).toBe(404);
  });

  it('lets a user close their own session but not anyone else’s', async () => {
    const admin = await signIn(t, 'admin');
    const adminSession = (await admin.get('/api/v1/sessions/')).json.find((s: { current: boolean }) => s.current);
    const operator = await signIn(t, 'operator');
    const before = await sessionCount();
    const forbidden = await operator.delete(`/api/v1/sessions/${adminSession.id}`);
    expect(forbidden.json).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect(await sessionCount()).toBe(before);
    expect((await admin.get('/api/v1/sessions/')).status).toBe(200);

    const second = await signIn(t, 'operator');
    const secondId = (await second.get('/api/v1/sessions/')).json.find((s: { current: boolean }) => s.current).id;
    expect((await operator.delete(`/api/v1/sessions/${secondId}`)).status).toBe(200);
    expect((await second.get('/api/v1/sessions/')).status).toBe(401);
    expect((await operator.get('/api/v1/sessions/')).status).toBe(200);
  });

  it("keeps an admin's sessions to admins: a userManager who is not an admin can not close them", async () => {
    const admin = await signIn(t, 'admin');
    const adminSession = (await admin.get('/api/v1/sessions/')).json.find((s: { current: boolean }) => s.current);
    const usermanager = await signIn(t, 'usermanager');
    const before = await sessionCount();
    const refused = await usermanager.delete(`/api/v1/sessions/${adminSession.id}`);
    expect(refused.json).toMatchObject({ status: 403, key: 'canNotManageAdminUser' });
    expect(await sessionCount()).toBe(before);
    expect((await admin.get('/api/v1/sessions/')).status).toBe(200);

    // Another admin may close it.
    const otherAdmin = await signIn(t, 'admin');
    expect((await otherAdmin.delete(`/api/v1/sessions/${adminSession.id}`)).status).toBe(200);
    expect((await admin.get('/api/v1/sessions/')).status).toBe(401);
  });

  it('answers 401 without a session and 400 for a bad id', async () => {
    expect((await t.client().get('/api/v1/sessions/')).status).toBe(401);
    expect((await t.client().delete('/api/v1/sessions/1')).status).toBe(401);
    const admin = await signIn(t, 'admin');
    const before = await sessionCount();
    expect((await admin.delete('/api/v1/sessions/abc')).json).toMatchObject({ status: 400, key: 'invalidInput' });
    expect(await sessionCount()).toBe(before);
  });
});
