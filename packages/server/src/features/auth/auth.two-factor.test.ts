import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

/** A 6-digit code that is valid at no step near now for the secret. */
function wrongCodeFor(secret: string): string {
  const step = 30_000;
  const near = new Set(
    [-2, -1, 0, 1, 2].map((offset) => authenticator.clone({ epoch: Date.now() + offset * step }).generate(secret)),
  );
  for (let n = 0; ; n++) {
    const candidate = String(n * 111_111 + 7)
      .padStart(6, '0')
      .slice(-6);
    if (!near.has(candidate)) return candidate;
  }
}

describe('two-factor sign-in under the ALLOW_2FA policy', () => {
  let t: TestApp;
  let admin: HttpClient;
  const secret = authenticator.generateSecret();
  const twoFactorIp = '10.20.0.5';

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', SIGNIN_MAX_FAILURES: '50' });
    admin = await t.signedIn('admin');
    const rule = await admin.post('/api/v1/admin/ip_rules', { cidr: '10.20.0.0/16', policy: 'ALLOW_2FA' });
    expect(rule.status).toBe(200);
    await t.app.ctx.db
      .updateTable('app_user')
      .set({ totp_secret: secret, totp_enabled: 1 })
      .where('username_lower', '=', 'manager')
      .execute();
  });
  afterAll(async () => t.close());

  const signin = (body: Record<string, unknown>, ip = twoFactorIp) =>
    t.client().post('/api/v1/auth/signin', body, from(ip));

  it('tells the login form that this address needs a code', async () => {
    const answer = await t.client().get('/api/v1/config/ipRules', from(twoFactorIp));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ip: twoFactorIp, policy: 'ALLOW_2FA', twoFactorRequired: true, blocked: false });
  });

  it('asks for the code when it is missing', async () => {
    const answer = await signin({ username: 'manager', password: 'manager' });
    expect(answer.status).toBe(401);
    expect(answer.json.key).toBe('authenticationCodeRequired');
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a wrong code', async () => {
    const answer = await signin({ username: 'manager', password: 'manager', mfaToken: wrongCodeFor(secret) });
    expect(answer.status).toBe(401);
    expect(answer.json.key).toBe('invalidAuthenticationCode');
    const letters = await signin({ username: 'manager', password: 'manager', mfaToken: 'abcdef' });
    expect(letters.json.key).toBe('invalidAuthenticationCode');
  });

  it('signs in with the code of the stored secret', async () => {
    const client = t.client();
    const code = authenticator.generate(secret);
    const answer = await client.post(
      '/api/v1/auth/signin',
      { username: 'manager', password: 'manager', mfaToken: `${code.slice(0, 3)} ${code.slice(3)}` },
      from(twoFactorIp),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.user).toMatchObject({ username: 'manager', totpEnabled: true });
    expect((await client.get('/api/v1/auth/me')).status).toBe(200);
  });

  it('checks the password before the code, and says so when the user has no 2FA set up', async () => {
    const wrongPassword = await signin({
      username: 'manager',
      password: 'x',
      mfaToken: authenticator.generate(secret),
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.json.key).toBe('invalidLoginDetails');

    const notConfigured = await signin({ username: 'operator', password: 'operator', mfaToken: '123456' });
    expect(notConfigured.status).toBe(401);
    expect(notConfigured.json.key).toBe('twoFactorNotConfigured');

    // A secret without 2FA switched on is not set up either.
    await t.app.ctx.db
      .updateTable('app_user')
      .set({ totp_secret: authenticator.generateSecret(), totp_enabled: 0 })
      .where('username_lower', '=', 'taskmanager')
      .execute();
    const halfSetUp = await signin({ username: 'taskmanager', password: 'taskmanager' });
    expect(halfSetUp.json.key).toBe('twoFactorNotConfigured');
  });

  it('needs no code from an ALLOW address, even for a user with 2FA', async () => {
    const answer = await signin({ username: 'manager', password: 'manager' }, '192.168.7.7');
    expect(answer.status).toBe(200);
  });

  it('applies settings.defaultSessionPolicy to addresses no rule matches', async () => {
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { defaultSessionPolicy: 'ALLOW_2FA' });
    try {
      const policy = await t.client().get('/api/v1/config/ipRules', from('172.16.0.1'));
      expect(policy.json).toMatchObject({ policy: 'ALLOW_2FA', twoFactorRequired: true });
      const answer = await signin({ username: 'manager', password: 'manager' }, '172.16.0.1');
      expect(answer.json.key).toBe('authenticationCodeRequired');
    } finally {
      const current = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(current.version, { defaultSessionPolicy: 'ALLOW' });
    }
  });

  it('accepts a code once: a reused code or one of an older step is refused, also in parallel', async () => {
    const forgetLastStep = () =>
      t.app.ctx.db
        .updateTable('app_user')
        .set({ totp_last_step: null })
        .where('username_lower', '=', 'manager')
        .execute();
    await forgetLastStep();
    // The clock stands still (only Date is faked), so a slow machine never crosses a time step.
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const code = authenticator.clone({ epoch: now }).generate(secret);
    const first = await signin({ username: 'manager', password: 'manager', mfaToken: code });
    expect(first.status).toBe(200);
    const again = await signin({ username: 'manager', password: 'manager', mfaToken: code });
    expect(again.json).toMatchObject({ status: 401, key: 'authenticationCodeAlreadyUsed' });
    expect(again.headers.getSetCookie()).toEqual([]);
    // The previous step's code is still inside the drift window, but older than the one used.
    const older = authenticator.clone({ epoch: now - 30_000 }).generate(secret);
    const answer = await signin({ username: 'manager', password: 'manager', mfaToken: older });
    expect(answer.json.key).toBe('authenticationCodeAlreadyUsed');
    const row = await t.app.ctx.db
      .selectFrom('app_user')
      .select('totp_last_step')
      .where('username_lower', '=', 'manager')
      .executeTakeFirstOrThrow();
    expect(row.totp_last_step).toBe(Math.floor(now / 30_000));

    // Five sign-ins racing with one fresh code: exactly one gets in.
    await forgetLastStep();
    const racing = authenticator.clone({ epoch: now }).generate(secret);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signin({ username: 'manager', password: 'manager', mfaToken: racing })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('counts wrong codes as failed sign-ins of the address', async () => {
    const ip = '10.20.9.9';
    await signin({ username: 'manager', password: 'manager', mfaToken: wrongCodeFor(secret) }, ip);
    await signin({ username: 'manager', password: 'manager', mfaToken: wrongCodeFor(secret) }, ip);
    const tested = await admin.post('/api/v1/auth/test_ip', { ip });
    expect(tested.json.failures).toBe(2);
  });
});
