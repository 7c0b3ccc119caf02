import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { touchIntervalFor } from './session.service.js';

/**
 * SESSION_IDLE_MINUTES counts from a session's last request: a session in use never idles out,
 * whatever its requests' rhythm against the throttled last_seen_at writes and the 5 s cache, and
 * the periodic sweep never deletes it. Only the clock (Date) is faked; the server is real.
 */
describe('SESSION_IDLE_MINUTES counts from the last request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SESSION_IDLE_MINUTES: '1' });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const idleMs = 60_000;
  const slackMs = touchIntervalFor(idleMs);

  async function useFor(everyMs: number, totalMs: number, start: number) {
    const client = await t.signedIn('operator');
    for (let at = everyMs; at <= totalMs; at += everyMs) {
      vi.setSystemTime(start + at);
      const answer = await client.get('/api/v1/auth/me');
      expect(answer.status, `request ${at / 1000} s after sign-in`).toBe(200);
      await t.app.ctx.sessions.sweep();
    }
    return client;
  }

  for (const everyMs of [2_000, 5_000, 15_000, 45_000]) {
    it(`keeps a session used every ${everyMs / 1000} s alive for 3 minutes, then ends it once idle`, async () => {
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      const client = await useFor(everyMs, 180_000, start);
      const lastRequest = start + Math.floor(180_000 / everyMs) * everyMs;

      // Still within the idle time of the last request (and after a sweep): signed in.
      vi.setSystemTime(lastRequest + idleMs - 1_000);
      await t.app.ctx.sessions.sweep();
      expect((await client.get('/api/v1/auth/me')).status).toBe(200);

      // Idle for longer than SESSION_IDLE_MINUTES (plus the write slack): signed out.
      const lastSeen = lastRequest + idleMs - 1_000;
      vi.setSystemTime(lastSeen + idleMs + slackMs);
      expect((await client.get('/api/v1/auth/me')).status).toBe(401);
    });
  }

  it('lets the sweep end an idle session', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const client = await t.signedIn('manager');
    vi.setSystemTime(start + idleMs + slackMs + 1_000);
    await t.app.ctx.sessions.sweep();
    const rows = await t.app.ctx.db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select('s.id')
      .where('u.username', '=', 'manager')
      .execute();
    expect(rows).toEqual([]);
    expect((await client.get('/api/v1/auth/me')).status).toBe(401);
  });
});
