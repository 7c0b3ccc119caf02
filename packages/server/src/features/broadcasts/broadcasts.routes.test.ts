import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@wms/contract';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';

describe('broadcasts', () => {
  let t: LiveTestApp;
  const clients: TestStompClient[] = [];
  const countBroadcasts = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('broadcast')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listen = async (username: string) => {
    const { cookie } = await t.cookieFor(username);
    const client = await new TestStompClient(t.wsUrl, { version: t.version, cookie }).connect();
    clients.push(client);
    await client.subscribed(topics.broadcasts());
    return client;
  };

  beforeAll(async () => {
    t = await buildLiveTestApp();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => t.close());

  it('requires sign-in for every route and the broadcasting role to create', async () => {
    const anonymous = t.client();
    expect((await anonymous.post('/api/v1/broadcasts', { message: 'hi' })).status).toBe(401);
    expect((await anonymous.get('/api/v1/broadcasts/unread')).status).toBe(401);
    expect((await anonymous.post('/api/v1/broadcasts/1/read')).status).toBe(401);
    const operator = await t.httpClientFor('operator');
    const answer = await operator.post('/api/v1/broadcasts', { message: 'hi' });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ key: 'requestForbidden' });
    expect(await countBroadcasts()).toBe(0);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const manager = await t.httpClientFor('manager');
    for (const body of [
      {},
      { message: '   ' },
      { message: 'x'.repeat(2001) },
      { message: 'hi', userIds: [] },
      { message: 'hi', userIds: ['a'] },
    ]) {
      const answer = await manager.post('/api/v1/broadcasts', body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ key: 'invalidInput' });
    }
    const unknown = await manager.post('/api/v1/broadcasts', {
      message: 'hi',
      userIds: [await t.userId('operator'), 9999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ key: 'unknownUser', args: { userIds: [9999] } });
    expect((await manager.post('/api/v1/broadcasts/abc/read')).status).toBe(400);
    expect(await countBroadcasts()).toBe(0);
  });

  it('delivers a broadcast to everyone live and keeps it unread until each user reads it', async () => {
    const operatorSocket = await listen('operator');
    const adminSocket = await listen('admin');
    const manager = await t.httpClientFor('manager');
    const created = await manager.post('/api/v1/broadcasts', { message: '  Lunch at noon  ' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ message: 'Lunch at noon', from: 'manager', userIds: null });
    const payload = {
      id: created.json.id,
      message: 'Lunch at noon',
      createdAt: created.json.createdAt,
      from: 'manager',
    };
    const managerId = await t.userId('manager');
    for (const socket of [operatorSocket, adminSocket]) {
      expect(await socket.waitForMessages(1)).toEqual([
        { what: 'BROADCAST', who: { userid: managerId, username: 'manager' }, payload },
      ]);
    }

    const operator = await t.httpClientFor('operator');
    expect((await operator.get('/api/v1/broadcasts/unread')).json).toEqual([payload]);
    // A new subscription gets the unread broadcast first (it is state).
    const later = await listen('operator');
    expect(later.messages()).toEqual([{ what: 'BROADCAST', payload }]);

    expect((await operator.post(`/api/v1/broadcasts/${payload.id}/read`)).json).toEqual({ ok: true });
    expect((await operator.post(`/api/v1/broadcasts/${payload.id}/read`)).status).toBe(200);
    expect((await operator.get('/api/v1/broadcasts/unread')).json).toEqual([]);
    const admin = await t.httpClientFor('admin');
    expect((await admin.get('/api/v1/broadcasts/unread')).json).toEqual([payload]);
    expect((await admin.post('/api/v1/broadcasts/99999/read')).status).toBe(404);
    await admin.post(`/api/v1/broadcasts/${payload.id}/read`);
  });

  it('delivers a broadcast to listed users only', async () => {
    const operatorSocket = await listen('operator');
    const adminSocket = await listen('admin');
    const operatorId = await t.userId('operator');
    const admin = await t.httpClientFor('admin');
    const created = await admin.post('/api/v1/broadcasts', { message: 'Only you', userIds: [operatorId, operatorId] });
    expect(created.status).toBe(201);
    expect(created.json.userIds).toEqual([operatorId]);
    expect((await operatorSocket.waitForMessages(1))[0]).toMatchObject({
      what: 'BROADCAST',
      payload: { message: 'Only you' },
    });
    // Something for the admin afterwards shows the targeted one did not reach them.
    await admin.post('/api/v1/broadcasts', { message: 'Everyone' });
    expect((await adminSocket.waitForMessages(1)).map((m) => m.payload)).toEqual([
      expect.objectContaining({ message: 'Everyone' }),
    ]);
    expect((await admin.get('/api/v1/broadcasts/unread')).json.map((b: any) => b.message)).toEqual(['Everyone']);
    expect((await admin.post(`/api/v1/broadcasts/${created.json.id}/read`)).status).toBe(404);
    const operator = await t.httpClientFor('operator');
    expect((await operator.get('/api/v1/broadcasts/unread')).json.map((b: any) => b.message)).toEqual([
      'Only you',
      'Everyone',
    ]);
  });

  it('creates a broadcast once per idempotency key', async () => {
    const manager = await t.httpClientFor('manager');
    const before = await countBroadcasts();
    const headers = { 'Idempotency-Key': 'broadcast-key-1' };
    const first = await manager.post('/api/v1/broadcasts', { message: 'Once' }, headers);
    const second = await manager.post('/api/v1/broadcasts', { message: 'Once' }, headers);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countBroadcasts()).toBe(before + 1);
  });
});
