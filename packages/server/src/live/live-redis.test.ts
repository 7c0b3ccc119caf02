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

  it('sends a transfer token made on one instance only to the paired listener on the other', async () => {
    const listen = async (t: LiveTestApp) => {
      const client = await new TestStompClient(t.wsUrl, { version: t.version }).connect();
      clients.push(client);
      await client.subscribed(topics.deviceListener('scanner-r'));
      const [pairing] = await client.waitForMessages(1);
      return { client, pairing: pairing?.what === 'DEVICE_PAIRING' ? pairing.payload.pairing : '' };
    };
    const device = await listen(b);
    const others = [await listen(b), await listen(a)];
    const manager = await a.httpClientFor('manager');
    const created = await manager.post('/api/v1/auth/transfer_token/create/scanner-r', {
      path: '/picking',
      pairing: device.pairing,
    });
    expect(created.status).toBe(200);
    const [, login] = await device.client.waitForMessages(2);
    if (login?.what !== 'TRANSFER_LOGIN') throw new Error(`expected TRANSFER_LOGIN, got ${login?.what}`);
    // A message every listener gets proves nothing else was on its way to the others.
    a.app.ctx.live.publish(topics.deviceListener('scanner-r'), 'RELOAD', {});
    for (const other of others) {
      await other.client.waitForMessages(2);
      expect(other.client.messages().map((m) => m.what)).toEqual(['DEVICE_PAIRING', 'RELOAD']);
    }
    // The token lives in the database of the instance that made it (one shared database in production).
    const stolen = await a.client().post('/api/v1/auth/transfer_token/use', {
      token: login.payload.token,
      pairing: others[0]?.pairing,
    });
    expect(stolen.status).toBe(401);
    const used = await a.client().post('/api/v1/auth/transfer_token/use', {
      token: login.payload.token,
      pairing: device.pairing,
    });
    expect(used.status).toBe(200);
    expect(used.json.user.username).toBe('manager');
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
