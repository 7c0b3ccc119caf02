import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveFailures, topics } from '@wms/contract';
import {
  buildLiveTestApp,
  connectFrame,
  RawStompSocket,
  TestStompClient,
  type LiveTestApp,
} from './live.test-helper.js';

/** Limits of live sockets (issue 14 item 8), over real sockets. */
describe('live socket limits', () => {
  let t: LiveTestApp;
  const clients: TestStompClient[] = [];
  const raws: RawStompSocket[] = [];

  beforeAll(async () => {
    t = await buildLiveTestApp({
      LIVE_MAX_DEVICE_SUBSCRIPTIONS: '2',
      LIVE_MAX_USER_SUBSCRIPTIONS: '5',
      LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS: '3',
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    for (const socket of raws.splice(0)) socket.ws.terminate();
  });
  afterAll(async () => t.close());

  const stomp = async (cookie?: string) => {
    const client = new TestStompClient(t.wsUrl, { version: t.version, cookie });
    clients.push(client);
    return client.connect();
  };
  const raw = async (headers: Record<string, string> = {}) => {
    const socket = RawStompSocket.open(t.wsUrl, headers);
    raws.push(socket);
    await socket.opened;
    return socket;
  };

  it('caps the subscriptions of a socket without a session', async () => {
    const device = await stomp();
    await device.subscribed(topics.deviceListener('d1'));
    await device.subscribed(topics.deviceListener('d2'));
    device.subscribe(topics.deviceListener('d3'));
    const error = await device.waitForError();
    expect(error.headers.message).toBe(
      `${liveFailures.limitExceeded}: at most 2 subscriptions on a socket without a session (LIVE_MAX_DEVICE_SUBSCRIPTIONS)`,
    );
    expect(await device.waitForClose()).toBe(1008);
  });

  it('caps the subscriptions of a signed-in socket, and unsubscribing frees a place', async () => {
    const { cookie } = await t.cookieFor('admin');
    const user = await stomp(cookie);
    const destinations = [
      topics.commands(),
      topics.errors(),
      topics.notifications(),
      topics.items(),
      topics.broadcasts(),
    ];
    for (const destination of destinations) await user.subscribed(destination);
    // Unsubscribing frees a place (a sixth subscription after it is accepted).
    user.client.unsubscribe('sub-0');
    await user.subscribed(topics.binLocations());
    user.subscribe(topics.userErrors());
    const error = await user.waitForError();
    expect(error.headers.message).toBe(
      `${liveFailures.limitExceeded}: at most 5 subscriptions on a signed-in socket (LIVE_MAX_USER_SUBSCRIPTIONS)`,
    );
    expect(await user.waitForClose()).toBe(1008);
  });

  it('caps the sockets without a session per address, not the signed-in ones', async () => {
    const devices = [await raw(), await raw(), await raw()];
    const refused = await raw();
    const error = await refused.waitForFrame('ERROR');
    expect(error).toContain(
      `message:${liveFailures.limitExceeded}\\c at most 3 sockets without a session per address (LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS)`,
    );
    expect(await refused.waitForClose()).toBe(1008);
    // The refused socket never counted; signed-in sockets are not sockets without a session.
    const { cookie } = await t.cookieFor('admin');
    const users = [await stomp(cookie), await stomp(cookie)];
    expect(users.every((u) => u.client.connected)).toBe(true);
    for (const device of devices) device.send(connectFrame());
    for (const device of devices) await device.waitForFrame('CONNECTED');
    // A closed socket frees its place.
    devices[0]?.ws.close();
    await devices[0]?.waitForClose();
    const next = await raw();
    next.send(connectFrame());
    expect(await next.waitForFrame('CONNECTED')).toContain('version:1.2');
  });

  it('refuses a flood of frames waiting to be handled and overlong subscription ids', async () => {
    const { cookie } = await t.cookieFor('admin');
    const flood = await raw({ cookie });
    flood.send(connectFrame() + 'ACK\nid:1\n\n\0'.repeat(150));
    expect(await flood.waitForFrame('ERROR')).toContain(
      `message:${liveFailures.limitExceeded}\\c more than 100 frames waiting to be handled`,
    );
    expect(await flood.waitForClose()).toBe(1008);

    const long = await raw({ cookie });
    long.send(connectFrame());
    await long.waitForFrame('CONNECTED');
    long.send(`SUBSCRIBE\nid:${'x'.repeat(300)}\ndestination:/topic/commands\n\n\0`);
    expect(await long.waitForFrame('ERROR')).toContain('subscription id longer than 256 characters');
    expect(await long.waitForClose()).toBe(1002);
  });
});

/** Behind two trusted proxies the per-address count is by the caller the outer proxy saw. */
describe('live socket limits behind trusted proxies (TRUST_PROXY=2)', () => {
  let t: LiveTestApp;
  const raws: RawStompSocket[] = [];

  beforeAll(async () => {
    t = await buildLiveTestApp({ TRUST_PROXY: '2', LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS: '2' });
  });
  afterAll(async () => {
    for (const socket of raws.splice(0)) socket.ws.terminate();
    await t.close();
  });

  const connected = async (forwardedFor: string) => {
    const socket = RawStompSocket.open(t.wsUrl, { 'x-forwarded-for': forwardedFor });
    raws.push(socket);
    await socket.opened;
    socket.send(connectFrame());
    return socket;
  };

  it('counts a forged first entry as the real caller, and other callers behind the proxy apart', async () => {
    await (await connected('1.1.1.1, 10.0.0.7, 10.0.0.1')).waitForFrame('CONNECTED');
    await (await connected('2.2.2.2, 10.0.0.7, 10.0.0.1')).waitForFrame('CONNECTED');
    // A third socket of 10.0.0.7 with yet another forged entry is still 10.0.0.7's third.
    const refused = await connected('3.3.3.3, 10.0.0.7, 10.0.0.1');
    expect(await refused.waitForFrame('ERROR')).toContain('LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS');
    // Another client behind the same proxy (10.0.0.1) has its own count.
    const other = await connected('10.0.0.8, 10.0.0.1');
    expect(await other.waitForFrame('CONNECTED')).toContain('version:1.2');
  });
});
