import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveFailures, topics } from '@wms/contract';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from './live.test-helper.js';

/**
 * Two server processes' worth of apps sharing one Redis channel. Each has its own database
 * (they cannot share a SQLite file), which is enough: the backplane carries messages, not data.
 */
describe.runIf(process.env.REDIS_URL)('live messaging across instances through Redis', () => {
  let a: LiveTestApp;
  let b: LiveTestApp;
  const clients: TestStompClient[] = [];

  beforeAll(async () => {
    const redisChannelPrefix = `wms-test-${randomBytes(6).toString('hex')}:`;
    const env = { REDIS_URL: process.env.REDIS_URL ?? '' };
    [a, b] = await Promise.all([
      buildLiveTestApp(env, { redisChannelPrefix }),
      buildLiveTestApp(env, { redisChannelPrefix }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([a.close(), b.close()]);
  });

  const connect = async (t: LiveTestApp, username: string) => {
    const { cookie, userId, sessionId } = await t.cookieFor(username);
    const client = await new TestStompClient(t.wsUrl, { version: t.version, cookie }).connect();
    clients.push(client);
    return { client, userId, sessionId };
  };

  it('delivers a message published on one instance to a client of the other', async () => {
    const { client: onB } = await connect(b, 'admin');
    const { client: onA } = await connect(a, 'admin');
    await onB.subscribed(topics.notifications());
    await onA.subscribed(topics.notifications());
    a.app.ctx.live.publish(topics.notifications(), 'INFO', { key: 'fromA', args: {} });
    expect(await onB.waitForMessages(1)).toEqual([{ what: 'INFO', payload: { key: 'fromA', args: {} } }]);
    // The publishing instance delivers its own message once, not again from Redis.
    await onA.waitForMessages(1);
    b.app.ctx.live.publish(topics.notifications(), 'INFO', { key: 'fromB', args: {} });
    await onA.waitForMessages(2);
    expect(onA.messages().map((m) => m.payload)).toEqual([
      { key: 'fromA', args: {} },
      { key: 'fromB', args: {} },
    ]);
  });

  it('delivers user messages and counters across instances', async () => {
    const { client, userId } = await connect(b, 'operator');
    await client.subscribed(topics.userTasks());
    a.app.ctx.live.sendToUsers([userId], topics.userTasks(), 'NEW_USER_TASK', { taskId: 5, title: 'Count A1' });
    a.app.ctx.live.sendToUsers([userId + 1000], topics.userTasks(), 'NEW_USER_TASK', { taskId: 6, title: 'Not yours' });
    // Subscribing also brings the user's USER_TASKS_COUNTER; only the own NEW_USER_TASK arrives.
    await vi.waitFor(() =>
      expect(client.messages().filter((message) => message.what === 'NEW_USER_TASK')).toEqual([
        { what: 'NEW_USER_TASK', payload: { taskId: 5, title: 'Count A1' } },
      ]),
    );
  });

  it('closes a deleted session’s socket on the other instance and drops its cache there', async () => {
    const { client, sessionId } = await connect(b, 'manager');
    a.app.ctx.live.closeSessions([sessionId]);
    expect((await client.waitForError()).headers.message).toContain(liveFailures.invalidToken);
  });

  it('runs invalidations on every instance', async () => {
    const seen: string[] = [];
    b.app.ctx.live.onInvalidate((invalidation) => seen.push(invalidation.kind));
    a.app.ctx.live.invalidate({ kind: 'settings' });
    await vi.waitFor(() => expect(seen).toEqual(['settings']));
  });
});

describe('live backplane start', () => {
  it('fails the start when Redis cannot be reached', async () => {
    const started = Date.now();
    await expect(buildLiveTestApp({ REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(
      /cannot reach Redis for live messaging/,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
