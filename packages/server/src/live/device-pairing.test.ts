import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topics, type AnyLiveMessage } from '@wms/contract';
import { hashToken } from '../features/auth/secrets.js';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from './live.test-helper.js';

type Message<K extends AnyLiveMessage['what']> = Extract<AnyLiveMessage, { what: K }>;

/**
 * Device takeover over real STOMP sockets (issue 14 item 1): the transfer token reaches only the
 * device listener whose pairing secret was scanned, and signs in only with that secret.
 */
describe('device pairing of session transfers', () => {
  let t: LiveTestApp;
  const clients: TestStompClient[] = [];

  beforeAll(async () => {
    t = await buildLiveTestApp();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => t.close());

  const stomp = async (cookie?: string) => {
    const client = new TestStompClient(t.wsUrl, { version: t.version, cookie });
    clients.push(client);
    return client.connect();
  };
  /** A socket listening on the device name, with the pairing secret the server gave it. */
  const listen = async (deviceName: string, cookie?: string) => {
    const client = await stomp(cookie);
    await client.subscribed(topics.deviceListener(deviceName));
    const [first] = await client.waitForMessages(1);
    expect(first?.what).toBe('DEVICE_PAIRING');
    return { client, pairing: (first as Message<'DEVICE_PAIRING'>).payload.pairing };
  };
  const create = async (deviceName: string, body: Record<string, string>) => {
    const admin = await t.httpClientFor('manager');
    return admin.post(`/api/v1/auth/transfer_token/create/${encodeURIComponent(deviceName)}`, body);
  };
  const transferLogins = (client: TestStompClient) =>
    client.messages().filter((m): m is Message<'TRANSFER_LOGIN'> => m.what === 'TRANSFER_LOGIN');
  /** A later message on the device listener that both sockets get proves nothing else is on its way. */
  const flush = async (deviceName: string, ...listeners: TestStompClient[]) => {
    const counts = listeners.map((l) => l.messages().length);
    t.app.ctx.live.publish(topics.deviceListener(deviceName), 'RELOAD', {});
    await Promise.all(listeners.map((l, i) => l.waitForMessages((counts[i] ?? 0) + 1)));
  };

  it('gives every listener its own secret and sends the token only to the one scanned', async () => {
    const device = await listen('scanner-1');
    const second = await listen('scanner-1');
    expect(second.pairing).not.toBe(device.pairing);
    expect(device.pairing.length).toBeGreaterThanOrEqual(43);

    const created = await create('scanner-1', { path: '/picking', pairing: device.pairing });
    expect(created.status).toBe(200);
    const [login] = await device.client.waitForMessages(2);
    await flush('scanner-1', device.client, second.client);
    expect(transferLogins(device.client)).toEqual([
      { what: 'TRANSFER_LOGIN', payload: { token: expect.any(String), path: '/picking' } },
    ]);
    expect(login?.what).toBe('DEVICE_PAIRING');
    // The second socket on the same name got its pairing and the RELOAD, no token.
    expect(second.client.messages().map((m) => m.what)).toEqual(['DEVICE_PAIRING', 'RELOAD']);

    const { token } = transferLogins(device.client)[0]!.payload;
    // Anyone else with the token, even with a secret of their own on the same name, is refused.
    const thief = t.client();
    const stolen = await thief.post('/api/v1/auth/transfer_token/use', { token, pairing: second.pairing });
    expect(stolen.status).toBe(401);
    expect(stolen.json.key).toBe('transferTokenInvalid');
    expect((await thief.get('/api/v1/auth/me')).status).toBe(401);

    const owner = t.client();
    const used = await owner.post('/api/v1/auth/transfer_token/use', { token, pairing: device.pairing });
    expect(used.status).toBe(200);
    expect(used.json.user.username).toBe('manager');
    expect(used.json.path).toBe('/picking');
    expect((await owner.get('/api/v1/auth/me')).json.user.username).toBe('manager');
  });

  it('sends a token for a guessed or stale secret to nobody', async () => {
    const device = await listen('scanner-2');
    const guessed = await create('scanner-2', { path: '/picking', pairing: 'a-guessed-pairing-secret-0000' });
    expect(guessed.status).toBe(200);
    const byHashOfOther = await create('scanner-2', { path: '/picking', listener: hashToken('something-else-123') });
    expect(byHashOfOther.status).toBe(200);
    await flush('scanner-2', device.client);
    expect(transferLogins(device.client)).toEqual([]);
  });

  it('gives a new secret on every subscription, so an old one no longer reaches the device', async () => {
    const first = await listen('scanner-3');
    await first.client.close();
    const again = await listen('scanner-3');
    expect(again.pairing).not.toBe(first.pairing);
    await create('scanner-3', { path: '/picking', pairing: first.pairing });
    await flush('scanner-3', again.client);
    expect(transferLogins(again.client)).toEqual([]);
  });

  it('carries a takeover request to the signed-in device only, and its answer to the asking device', async () => {
    const { cookie } = await t.cookieFor('manager');
    const desk = await listen('desk-9', cookie);
    const eavesdropper = await listen('desk-9');
    const scanner = await listen('scanner-9');

    const asked = await t.client().post('/api/v1/auth/session_takeover/request', {
      fromDeviceName: 'desk-9',
      toDeviceName: 'scanner-9',
      pairing: scanner.pairing,
    });
    expect(asked.status).toBe(200);
    const [, request] = await desk.client.waitForMessages(2);
    expect(request).toEqual({
      what: 'REQUEST_SESSION_TAKEOVER',
      payload: { deviceName: 'scanner-9', uniqueSession: null, listener: hashToken(scanner.pairing) },
    });
    await flush('desk-9', desk.client, eavesdropper.client);
    expect(eavesdropper.client.messages().map((m) => m.what)).toEqual(['DEVICE_PAIRING', 'RELOAD']);

    const listener = (request as Message<'REQUEST_SESSION_TAKEOVER'>).payload.listener ?? '';
    expect((await create('scanner-9', { path: '/dashboard', listener })).status).toBe(200);
    await scanner.client.waitForMessages(2);
    const { token } = transferLogins(scanner.client)[0]!.payload;
    // The reference alone does not sign in: the secret does.
    const byReference = await t.client().post('/api/v1/auth/transfer_token/use', { token, pairing: listener });
    expect(byReference.status).toBe(401);
    const used = await t.client().post('/api/v1/auth/transfer_token/use', { token, pairing: scanner.pairing });
    expect(used.status).toBe(200);
    expect(used.json.user.username).toBe('manager');
  });
});
