import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { counterDestination, liveFailures, topics } from '@wms/contract';
import {
  buildLiveTestApp,
  connectFrame,
  RawStompSocket,
  TestStompClient,
  type LiveTestApp,
  type StompTestOptions,
} from './live.test-helper.js';

const heartbeatMs = 200;

describe('live messaging over STOMP', () => {
  let t: LiveTestApp;
  const clients: TestStompClient[] = [];
  const raws: RawStompSocket[] = [];

  const stomp = (options: StompTestOptions = {}) => {
    const client = new TestStompClient(t.wsUrl, { version: t.version, ...options });
    clients.push(client);
    return client;
  };
  const raw = (headers: Record<string, string> = {}) => {
    const socket = RawStompSocket.open(t.wsUrl, headers);
    raws.push(socket);
    return socket;
  };
  const signedIn = async (username: string, options: StompTestOptions = {}) => {
    const { cookie } = await t.cookieFor(username);
    return stomp({ cookie, ...options }).connect();
  };

  beforeAll(async () => {
    t = await buildLiveTestApp({ ALLOWED_ORIGINS: 'https://scanner.example.com' }, { heartbeatMs });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    for (const socket of raws.splice(0)) socket.ws.terminate();
  });
  afterAll(async () => t.close());

  it('connects with a session cookie and delivers /user/queue messages only to their own user', async () => {
    const admin = await signedIn('admin');
    const operator = await signedIn('operator');
    await admin.subscribed(topics.userErrors());
    await operator.subscribed(topics.userErrors());
    const adminId = await t.userId('admin');
    const operatorId = await t.userId('operator');

    t.app.ctx.live.sendToUsers([adminId], topics.userErrors(), 'ERROR', { key: 'forAdmin', args: {} });
    t.app.ctx.live.sendToUsers([operatorId], topics.userErrors(), 'WARNING', { key: 'forOperator', args: { n: 1 } });

    expect(await admin.waitForMessages(1)).toEqual([{ what: 'ERROR', payload: { key: 'forAdmin', args: {} } }]);
    expect(await operator.waitForMessages(1)).toEqual([
      { what: 'WARNING', payload: { key: 'forOperator', args: { n: 1 } } },
    ]);
    // A later message proves nothing else was on its way.
    t.app.ctx.live.sendToUsers([adminId], topics.userErrors(), 'INFO', { key: 'second', args: {} });
    await admin.waitForMessages(2);
    expect(operator.messages()).toHaveLength(1);
  });

  it('broadcasts /topic messages to every subscriber, with who', async () => {
    const admin = await signedIn('admin');
    const manager = await signedIn('manager');
    await admin.subscribed(topics.notifications());
    await manager.subscribed(topics.notifications());
    t.app.ctx.live.publish(
      topics.notifications(),
      'SUCCESS',
      { key: 'saved', args: {} },
      { userid: 1, username: 'admin' },
    );
    for (const client of [admin, manager]) {
      expect(await client.waitForMessages(1)).toEqual([
        { what: 'SUCCESS', who: { userid: 1, username: 'admin' }, payload: { key: 'saved', args: {} } },
      ]);
    }
  });

  it('lets a device socket without sign-in listen on its device listener only', async () => {
    const device = await stomp().connect();
    await device.subscribed(topics.deviceListener('scanner-7'));
    t.app.ctx.live.publish(topics.deviceListener('scanner-7'), 'TRANSFER_LOGIN', { token: 'abc', path: '/dashboard' });
    t.app.ctx.live.publish(topics.deviceListener('scanner-8'), 'RELOAD', {});
    expect(await device.waitForMessages(2)).toEqual([
      { what: 'DEVICE_PAIRING', payload: { pairing: expect.any(String) } },
      { what: 'TRANSFER_LOGIN', payload: { token: 'abc', path: '/dashboard' } },
    ]);

    const other = await stomp().connect();
    other.subscribe(topics.userErrors());
    expect((await other.waitForError()).headers.message).toContain(liveFailures.accessDenied);

    const third = await stomp().connect();
    third.subscribe(topics.broadcasts());
    expect((await third.waitForError()).headers.message).toContain(liveFailures.accessDenied);
  });

  it('sends notification counters on subscribe and each change to the users concerned', async () => {
    const adminId = await t.userId('admin');
    // Set at start from the demo locations waiting for counting.
    const { waiting } = await t.app.ctx.db
      .selectFrom('bin_location')
      .select((eb) => eb.fn.countAll<number>().as('waiting'))
      .where('requires_counting', '<>', 'NO')
      .executeTakeFirstOrThrow();
    const toCount = Number(waiting);
    expect(toCount).toBeGreaterThan(0);
    await t.app.ctx.live.setCounter('/alerting', null, 3);
    // The process counters follow the demo documents; pinned here so the expected state is known.
    const inboundZero = {
      '/goods_receipt': 0,
      '/goods_sorting': 0,
      '/goods_returns': 0,
      '/stock_picking': 0,
      '/pick_and_collect': 0,
      '/pack': 0,
      '/pack_and_delivery': 0,
      '/delivery': 0,
      '/delivery_dispatch': 0,
      '/address_validation': 0,
      '/recounting': 0,
      '/wall_to_wall_batch': 0,
    };
    for (const path of [
      '/goods_receipt',
      '/goods_sorting',
      '/goods_returns',
      '/stock_picking',
      '/pick_and_collect',
      '/pack',
      '/pack_and_delivery',
      '/delivery',
      '/delivery_dispatch',
      '/address_validation',
      '/recounting',
      '/wall_to_wall_batch',
    ] as const) {
      await t.app.ctx.live.setCounter(path, null, 0);
    }
    await t.app.ctx.live.addToCounter('/my_user_tasks', adminId, 2);

    const admin = await signedIn('admin');
    const operator = await signedIn('operator');
    admin.subscribe(counterDestination);
    operator.subscribe(counterDestination);
    expect(await admin.waitForMessages(1)).toEqual([
      {
        what: 'NOTIFICATION_COUNTERS',
        payload: { counters: { '/wall_to_wall': toCount, '/alerting': 3, '/my_user_tasks': 2, ...inboundZero } },
      },
    ]);
    expect(await operator.waitForMessages(1)).toEqual([
      {
        what: 'NOTIFICATION_COUNTERS',
        payload: { counters: { '/wall_to_wall': toCount, '/alerting': 3, '/my_user_tasks': 0, ...inboundZero } },
      },
    ]);

    await t.app.ctx.live.addToCounter('/my_user_tasks', adminId, -5);
    await t.app.ctx.live.addToCounter('/wall_to_wall', null, 4);
    expect((await admin.waitForMessages(3)).slice(1)).toEqual([
      { what: 'NOTIFICATION_COUNTERS', payload: { counters: { '/my_user_tasks': 0 } } },
      { what: 'NOTIFICATION_COUNTERS', payload: { counters: { '/wall_to_wall': toCount + 4 } } },
    ]);
    expect((await operator.waitForMessages(2)).slice(1)).toEqual([
      { what: 'NOTIFICATION_COUNTERS', payload: { counters: { '/wall_to_wall': toCount + 4 } } },
    ]);
    const rows = await t.app.ctx.db.selectFrom('notification_counter').selectAll().orderBy('path').execute();
    expect(rows.map((r) => [r.path, r.user_id, r.count])).toEqual([
      ['/address_validation', 0, 0],
      ['/alerting', 0, 3],
      ['/delivery', 0, 0],
      ['/delivery_dispatch', 0, 0],
      ['/goods_receipt', 0, 0],
      ['/goods_returns', 0, 0],
      ['/goods_sorting', 0, 0],
      ['/my_user_tasks', adminId, 0],
      ['/pack', 0, 0],
      ['/pack_and_delivery', 0, 0],
      ['/pick_and_collect', 0, 0],
      ['/recounting', 0, 0],
      ['/stock_picking', 0, 0],
      ['/wall_to_wall', 0, toCount + 4],
      ['/wall_to_wall_batch', 0, 0],
    ]);
  });

  it('refuses an invalid payload as a programming error', () => {
    expect(() =>
      t.app.ctx.live.publish(topics.commands(), 'NOTIFICATION_COUNTERS', { counters: { '/alerting': -1 } }),
    ).toThrow();
    expect(() => t.app.ctx.live.publish(topics.commands(), 'ALERT', {} as never)).toThrow();
  });

  it('negotiates heart-beats, sends EOLs and keeps a heart-beating client', async () => {
    const socket = raw();
    await socket.opened;
    socket.send(connectFrame({ 'heart-beat': `${heartbeatMs},${heartbeatMs}` }));
    const connected = await socket.waitForFrame('CONNECTED');
    expect(connected).toContain(`heart-beat:${heartbeatMs},${heartbeatMs}`);
    expect(connected).toContain('version:1.2');
    const beating = setInterval(() => socket.send('\n'), heartbeatMs / 2);
    await new Promise((resolve) => setTimeout(resolve, heartbeatMs * 5));
    clearInterval(beating);
    expect(socket.closeCode).toBeUndefined();
    expect(socket.frames.filter((f) => f === '\n').length).toBeGreaterThanOrEqual(3);

    const client = await signedIn('admin', { heartbeatMs });
    await new Promise((resolve) => setTimeout(resolve, heartbeatMs * 5));
    expect(client.client.connected).toBe(true);
  });

  it('drops a peer that stops sending heart-beats', async () => {
    const socket = raw();
    await socket.opened;
    socket.send(connectFrame({ 'heart-beat': `${heartbeatMs},0` }));
    await socket.waitForFrame('CONNECTED');
    const start = Date.now();
    await socket.waitForClose(heartbeatMs * 10);
    const silentFor = Date.now() - start;
    expect(silentFor).toBeGreaterThanOrEqual(heartbeatMs); // measured from CONNECTED, which arrives after the server starts counting
    expect(silentFor).toBeLessThan(heartbeatMs * 10);
  });

  it('reconnects after the server closes the socket', async () => {
    const { cookie } = await t.cookieFor('admin');
    const client = stomp({ cookie, reconnectDelayMs: 50 });
    client.client.onConnect = () => {
      client.connects++;
      client.subscribe(topics.commands());
    };
    client.client.activate();
    await vi.waitFor(() => expect(client.connects).toBe(1));
    // A frame the server cannot parse makes it answer ERROR and close the socket.
    client.client.webSocket?.send('NOT A FRAME\n\n\0');
    await client.waitForClose();
    await vi.waitFor(() => expect(client.connects).toBe(2), { timeout: 3000 });
    await vi.waitFor(async () => {
      t.app.ctx.live.publish(topics.commands(), 'RELOAD', {});
      await client.waitForMessages(1, undefined, 100);
    });
    expect(client.errors[0]?.headers.message).toContain('malformed frame');
  });

  it('reports an unknown session as InvalidTokenAuthenticationException', async () => {
    await expect(stomp({ cookie: 'wms_session=not-a-session' }).connect()).rejects.toThrow(liveFailures.invalidToken);
  });

  it('reports an older AppVersion as OldVersionException', async () => {
    const { cookie } = await t.cookieFor('admin');
    await expect(stomp({ cookie, appVersion: '0.0.1' }).connect()).rejects.toThrow(liveFailures.oldVersion);
    await expect(stomp({ appVersion: 'garbage' }).connect()).rejects.toThrow(liveFailures.oldVersion);
  });

  it('reports a deactivated user as UsernameNotFoundException', async () => {
    const { cookie, userId } = await t.cookieFor('translator');
    await t.app.ctx.db.updateTable('app_user').set({ active: 0 }).where('id', '=', userId).execute();
    try {
      await expect(stomp({ cookie }).connect()).rejects.toThrow(liveFailures.unknownUser);
    } finally {
      await t.app.ctx.db.updateTable('app_user').set({ active: 1 }).where('id', '=', userId).execute();
    }
  });

  it('refuses a foreign Origin with 403 at the upgrade and accepts its own host and allowed origins', async () => {
    const foreign = raw({ origin: 'https://evil.example.com' });
    await expect(foreign.opened).rejects.toThrow('403');
    const allowed = raw({ origin: 'https://scanner.example.com' });
    await allowed.opened;
    const own = raw();
    await own.opened;
    const wrongPath = RawStompSocket.open(t.wsUrl.replace('/ws', '/other'));
    raws.push(wrongPath);
    await expect(wrongPath.opened).rejects.toThrow('404');
  });

  it('answers a malformed frame with ERROR, closes that socket and keeps serving', async () => {
    const socket = raw();
    await socket.opened;
    socket.send('CONNECT\naccept-version:1.2\nno colon here\n\n\0');
    expect(await socket.waitForFrame('ERROR')).toContain('message:malformed frame');
    expect(await socket.waitForClose()).toBe(1002);

    const late = raw();
    await late.opened;
    late.send(connectFrame());
    late.send('SUBSCRIBE\nid:1\ndestination:/device_listener/a\nreceipt:r-1\n\n\0');
    await late.waitForFrame('RECEIPT');
    late.send('SUBSCRIBE\nid:2\ndestination:/device_listener/b\n\n\0SEND\ndestination:/app/x\nreceipt:r-2\n\nhi\0');
    const error = await late.waitForFrame('ERROR');
    expect(error).toContain(`message:${liveFailures.accessDenied}\\c may not send to /app/x`);
    expect(error).toContain('receipt-id:r-2');
    expect(await late.waitForClose()).toBe(1008);

    expect((await signedIn('admin')).client.connected).toBe(true);
  });

  it('requires CONNECT first and STOMP 1.2', async () => {
    const early = raw();
    await early.opened;
    early.send('SUBSCRIBE\nid:1\ndestination:/device_listener/x\n\n\0');
    expect(await early.waitForFrame('ERROR')).toContain('expected CONNECT');
    const old = raw();
    await old.opened;
    old.send(connectFrame({ 'accept-version': '1.0,1.1' }));
    expect(await old.waitForFrame('ERROR')).toContain('Supported protocol versions are 1.2');
  });

  it('answers a second subscription to the same destination with ERROR and closes', async () => {
    const client = await signedIn('admin');
    await client.subscribed(topics.broadcasts());
    client.subscribe(topics.broadcasts());
    expect((await client.waitForError()).headers.message).toBe(`already subscribed to ${topics.broadcasts()}`);
    expect(await client.waitForClose()).toBe(1002);
  });

  it('confirms DISCONNECT with a RECEIPT', async () => {
    const socket = raw();
    await socket.opened;
    socket.send(connectFrame());
    await socket.waitForFrame('CONNECTED');
    socket.send('DISCONNECT\nreceipt:bye\n\n\0');
    expect(await socket.waitForFrame('RECEIPT')).toContain('receipt-id:bye');
    expect(await socket.waitForClose()).toBe(1000);
  });

  it('closes the socket of a deleted session', async () => {
    const { cookie, sessionId } = await t.cookieFor('manager');
    const client = await stomp({ cookie }).connect();
    const bystander = await signedIn('manager');
    await t.app.ctx.sessions.close(sessionId);
    expect((await client.waitForError()).headers.message).toContain(liveFailures.invalidToken);
    expect(await client.waitForClose()).toBe(1008);
    expect(bystander.client.connected).toBe(true);
  });
});

describe('live server shutdown', () => {
  it('sends SERVER_RESTARTING to every client and closes their sockets on app.close()', async () => {
    const t = await buildLiveTestApp();
    try {
      const { cookie } = await t.cookieFor('admin');
      const admin = await new TestStompClient(t.wsUrl, { version: t.version, cookie }).connect();
      await admin.subscribed(topics.userCommands());
      await admin.subscribed(topics.commands());
      const device = await new TestStompClient(t.wsUrl, { version: t.version }).connect();
      await device.subscribed(topics.deviceListener('d1'));
      await t.close();
      expect(admin.messages()).toEqual([
        expect.objectContaining({ what: 'NOTIFICATION_COUNTERS' }),
        { what: 'SERVER_RESTARTING', payload: {} },
      ]);
      expect(admin.messages(topics.commands())).toHaveLength(1);
      expect(device.messages()).toEqual([
        { what: 'DEVICE_PAIRING', payload: { pairing: expect.any(String) } },
        { what: 'SERVER_RESTARTING', payload: {} },
      ]);
      expect(await admin.waitForClose()).toBe(1012);
      expect(await device.waitForClose()).toBe(1012);
      await Promise.all([admin.close(), device.close()]);
    } finally {
      await t.close();
    }
  });
});
