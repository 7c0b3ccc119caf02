import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { hashToken, newToken } from './secrets.js';

describe('transfer tokens (session takeover by another device)', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signedIn('admin');
  });
  afterAll(async () => t.close());

  /**
   * Creates a token for the device's listener of a new pairing secret and catches it on its way
   * to that listener (the live side is tested with real sockets in live/device-pairing.test.ts).
   */
  async function createToken(deviceName: string, path = '/picking') {
    const pairing = newToken();
    const send = vi.spyOn(t.app.ctx.live, 'sendToDevice');
    try {
      const url = `/api/v1/auth/transfer_token/create/${encodeURIComponent(deviceName)}`;
      const answer = await admin.post(url, { path, pairing });
      expect(answer.status).toBe(200);
      expect(send).toHaveBeenCalledTimes(1);
      const [name, only, what, payload] = send.mock.calls[0] ?? [];
      expect(name).toBe(deviceName);
      expect(only).toEqual({ pairingHash: hashToken(pairing) });
      expect(what).toBe('TRANSFER_LOGIN');
      const { token } = payload as { token: string; path: string };
      expect(payload).toEqual({ token: expect.any(String), path });
      return { token, pairing, expiresAt: answer.json.expiresAt as string };
    } finally {
      send.mockRestore();
    }
  }

  const sessions = () => t.app.ctx.db.selectFrom('user_session').selectAll().execute();

  it('creates a single-use token valid for 60 s, stored hashed, and sends it to the device', async () => {
    const { token, expiresAt } = await createToken('scanner-7', '/picking/42');
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(Math.abs(Date.parse(expiresAt) - Date.now() - 60_000)).toBeLessThan(5_000);
    const rows = await t.app.ctx.db.selectFrom('transfer_token').selectAll().execute();
    const row = rows.find((r) => r.token_hash === hashToken(token));
    expect(row).toMatchObject({ device_name: 'scanner-7', path: '/picking/42', used_at: null });
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('signs the device in as the token user, rotating its previous session, and only once', async () => {
    const { token, pairing } = await createToken('scanner-8', '/stock_transfer');
    const device = await t.signedIn('operator');
    const operatorSession = (await device.get('/api/v1/auth/me')).json.sessionId;

    const used = await device.post('/api/v1/auth/transfer_token/use', { token, pairing });
    expect(used.status).toBe(200);
    expect(used.json.user.username).toBe('admin');
    expect(used.json.path).toBe('/stock_transfer');
    expect(used.json.expandedRoles).toContain('admin');
    expect(used.headers.getSetCookie()[0]).toMatch(/^wms_session=.+HttpOnly/i);
    const me = await device.get('/api/v1/auth/me');
    expect(me.json.user.username).toBe('admin');
    const rows = await sessions();
    expect(rows.find((s) => s.id === used.json.sessionId)?.device_name).toBe('scanner-8');
    expect(rows.map((s) => s.id)).not.toContain(operatorSession);
    // The admin's own session on the first device is untouched.
    expect((await admin.get('/api/v1/auth/me')).status).toBe(200);

    const reused = await t.client().post('/api/v1/auth/transfer_token/use', { token, pairing });
    expect(reused.status).toBe(401);
    expect(reused.json.key).toBe('transferTokenInvalid');
    expect(reused.headers.getSetCookie()).toEqual([]);
  });

  it('refuses expired and unknown tokens and changes nothing', async () => {
    const { token, pairing } = await createToken('scanner-9');
    await t.app.ctx.db
      .updateTable('transfer_token')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const device = await t.signedIn('operator');
    const cookieBefore = device.cookies.get('wms_session');
    const sessionCount = (await sessions()).length;

    for (const attempt of [token, 'no-such-token']) {
      const answer = await device.post('/api/v1/auth/transfer_token/use', { token: attempt, pairing });
      expect(answer.status).toBe(401);
      expect(answer.json.key).toBe('transferTokenInvalid');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(device.cookies.get('wms_session')).toBe(cookieBefore);
    expect((await device.get('/api/v1/auth/me')).json.user.username).toBe('operator');
    expect((await sessions()).length).toBe(sessionCount);
    const row = await t.app.ctx.db
      .selectFrom('transfer_token')
      .select('used_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('needs the pairing of the device listener to create a token, and nothing is stored without it', async () => {
    const before = await t.app.ctx.db.selectFrom('transfer_token').select('id').execute();
    for (const body of [{ path: '/picking' }, { path: '/picking', pairing: '' }]) {
      const answer = await admin.post('/api/v1/auth/transfer_token/create/scanner-3', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await admin.post('/api/v1/auth/transfer_token/create/scanner-3', { path: '/picking' });
    expect(missing.json.key).toBe('devicePairingRequired');
    expect(await t.app.ctx.db.selectFrom('transfer_token').select('id').execute()).toEqual(before);
  });

  it('refuses a token offered without the pairing it was sent with, and keeps it for its device', async () => {
    const { token, pairing } = await createToken('scanner-4');
    const thief = t.client();
    for (const body of [
      { token, pairing: newToken() },
      { token, pairing: hashToken(pairing) },
    ]) {
      const answer = await thief.post('/api/v1/auth/transfer_token/use', body);
      expect(answer.status).toBe(401);
      expect(answer.json.key).toBe('transferTokenInvalid');
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    const noPairing = await thief.post('/api/v1/auth/transfer_token/use', { token });
    expect(noPairing.status).toBe(400);
    expect((await thief.get('/api/v1/auth/me')).status).toBe(401);
    const device = await t.client().post('/api/v1/auth/transfer_token/use', { token, pairing });
    expect(device.status).toBe(200);
    expect(device.json.user.username).toBe('admin');
  });

  it('refuses a takeover to an unnamed device', async () => {
    for (const path of ['/api/v1/auth/transfer_token/create/%20%20', '/api/v1/auth/transfer_token/create/']) {
      const answer = await admin.post(path, { path: '/picking', pairing: newToken() });
      expect(answer.status, path).toBe(400);
      expect(answer.json.key, path).toBe('canNotTakeOverSessionToUnnamedDevice');
    }
    expect(
      await t.app.ctx.db.selectFrom('transfer_token').select('id').where('device_name', '=', '').execute(),
    ).toEqual([]);
  });

  it('validates the path and the token, and needs a signed-in creator', async () => {
    for (const path of ['https://evil.example/', '//evil.example', 'picking', '']) {
      const answer = await admin.post('/api/v1/auth/transfer_token/create/scanner-1', { path, pairing: newToken() });
      expect(answer.status, path).toBe(400);
      expect(answer.json.args.fields[0].field).toBe('body.path');
    }
    const anonymous = await t.client().post('/api/v1/auth/transfer_token/create/scanner-1', { path: '/picking' });
    expect(anonymous.status).toBe(401);
    const wrongType = await t.client().post('/api/v1/auth/transfer_token/use', { token: 12, pairing: newToken() });
    expect(wrongType.status).toBe(400);
    const malformed = await t.client().post('/api/v1/auth/transfer_token/use', '{"token"');
    expect(malformed.json.key).toBe('malformedJson');
  });
});
