import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('POST /api/v1/users/{id}/2fa/{setup|view|reset|enable}', () => {
  let t: TestApp;
  let usermanager: HttpClient;
  let operator: HttpClient;
  let operatorId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    [usermanager, operator] = await Promise.all([signIn(t, 'usermanager'), signIn(t, 'operator')]);
    operatorId = await userIdOf(t, 'operator');
  });
  afterAll(async () => t.close());

  const totpOf = async (id: number) =>
    t.app.ctx.db
      .selectFrom('app_user')
      .select(['totp_secret', 'totp_enabled', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** A valid code that is not the current one (outside the accepted window). */
  const wrongCodeFor = (secret: string) => {
    const current = authenticator.generate(secret);
    return current === '000000' ? '111111' : '000000';
  };

  it('answers 404 twoFactorNotConfigured to view and enable before any setup', async () => {
    expect((await usermanager.post(`/api/v1/users/${operatorId}/2fa/view`)).json).toMatchObject({
      status: 404,
      key: 'twoFactorNotConfigured',
    });
    expect((await usermanager.post(`/api/v1/users/${operatorId}/2fa/enable`, { code: '123456' })).status).toBe(404);
  });

  it('sets up a secret with its QR code, not yet enabled; enable with a valid code switches it on', async () => {
    const setup = await usermanager.post(`/api/v1/users/${operatorId}/2fa/setup`);
    expect(setup.status).toBe(200);
    const { otpauthUrl, qrCodeDataUrl, secret, enabled } = setup.json;
    expect(enabled).toBe(false);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/WMS:operator\?secret=[A-Z2-7]+/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(qrCodeDataUrl.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await totpOf(operatorId)).toMatchObject({ totp_secret: secret, totp_enabled: 0 });

    const wrong = await usermanager.post(`/api/v1/users/${operatorId}/2fa/enable`, { code: wrongCodeFor(secret) });
    expect(wrong.json).toMatchObject({ status: 400, key: 'invalidAuthenticationCode' });
    expect((await totpOf(operatorId)).totp_enabled).toBe(0);

    const malformed = await usermanager.post(`/api/v1/users/${operatorId}/2fa/enable`, { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.json.args.fields[0].field).toBe('body.code');

    const enable = await usermanager.post(`/api/v1/users/${operatorId}/2fa/enable`, {
      code: authenticator.generate(secret),
    });
    expect(enable.status).toBe(200);
    expect(enable.json).toMatchObject({ id: operatorId, totpEnabled: true });
    expect(await totpOf(operatorId)).toMatchObject({ totp_secret: secret, totp_enabled: 1 });
  });

  it('views the QR code of the stored secret', async () => {
    const { totp_secret: secret } = await totpOf(operatorId);
    const view = await usermanager.post(`/api/v1/users/${operatorId}/2fa/view`);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ secret, enabled: true });
    expect(view.json.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('resets: removes the secret and switches 2FA off', async () => {
    const before = await totpOf(operatorId);
    const reset = await usermanager.post(`/api/v1/users/${operatorId}/2fa/reset`);
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ totpEnabled: false, version: before.version + 1 });
    expect(await totpOf(operatorId)).toMatchObject({ totp_secret: null, totp_enabled: 0 });
    expect((await usermanager.post(`/api/v1/users/${operatorId}/2fa/view`)).status).toBe(404);
  });

  it('refuses an operator (403), a caller without a session (401), and an admin account to a non-admin', async () => {
    for (const action of ['setup', 'view', 'reset']) {
      expect((await operator.post(`/api/v1/users/${operatorId}/2fa/${action}`)).status).toBe(403);
      expect((await t.client().post(`/api/v1/users/${operatorId}/2fa/${action}`)).status).toBe(401);
    }
    expect((await operator.post(`/api/v1/users/${operatorId}/2fa/enable`, { code: '123456' })).status).toBe(403);
    const adminId = await userIdOf(t, 'admin');
    const answer = await usermanager.post(`/api/v1/users/${adminId}/2fa/setup`);
    expect(answer.json).toMatchObject({ status: 403, key: 'canNotManageAdminUser' });
    expect(await totpOf(adminId)).toMatchObject({ totp_secret: null, totp_enabled: 0 });
  });

  it('answers 404 for an unknown user or action', async () => {
    expect((await usermanager.post('/api/v1/users/999999/2fa/setup')).json.key).toBe('unknownUser');
    expect((await usermanager.post(`/api/v1/users/${operatorId}/2fa/explode`)).status).toBe(404);
  });
});
