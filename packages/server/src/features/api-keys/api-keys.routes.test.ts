import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/secrets.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('API keys under /api/v1/users/{id}/apikeys/', () => {
  let t: TestApp;
  let operator: HttpClient;
  let usermanager: HttpClient;
  let operatorId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, usermanager] = await Promise.all([signIn(t, 'operator'), signIn(t, 'usermanager')]);
    operatorId = await userIdOf(t, 'operator');
  });
  afterAll(async () => t.close());

  const keyRows = () => t.app.ctx.db.selectFrom('api_key').selectAll().execute();
  /** An API client: no cookie, only the key in the Authorization header. */
  const bearer = (key: string) => {
    const client = t.client();
    client.headers.authorization = `Bearer ${key}`;
    return client;
  };

  it('creates a key shown once, stored hashed, that works as a bearer token and records lastUsedAt', async () => {
    const created = await operator.post(`/api/v1/users/${operatorId}/apikeys/`, { label: '  Scanner script  ' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ label: 'Scanner script', lastUsedAt: null });
    const { key, id } = created.json;
    expect(key).toMatch(/^wms_[A-Za-z0-9_-]{43}$/);
    const [row] = (await keyRows()).filter((r) => r.id === id);
    expect(row?.key_hash).toBe(hashToken(key));
    expect(JSON.stringify(await keyRows())).not.toContain(key);

    const me = await bearer(key).get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.json.user.username).toBe('operator');
    expect((await bearer(key).get('/api/v1/admin/simple_users')).status).toBe(200);
    // The key acts with its user's roles only.
    expect((await bearer(key).get('/api/v1/admin/users')).status).toBe(403);

    const list = await operator.get(`/api/v1/users/${operatorId}/apikeys/`);
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toEqual({
      id,
      label: 'Scanner script',
      lastUsedAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(list.text).not.toContain(key);
  });

  it('never accepts a key in the URL', async () => {
    const { key } = (await operator.post(`/api/v1/users/${operatorId}/apikeys/`, { label: 'url test' })).json;
    for (const query of ['apiKey', 'api_key', 'access_token', 'token', 'key']) {
      const answer = await t.client().get(`/api/v1/auth/me?${query}=${encodeURIComponent(key)}`);
      expect(answer.status).toBe(401);
    }
    expect(
      (await t.client().get('/api/v1/admin/simple_users', { authorization: `Bearer wms_${'x'.repeat(43)}` })).status,
    ).toBe(401);
  });

  it('deletes a key, which stops working at once', async () => {
    const { key, id } = (await operator.post(`/api/v1/users/${operatorId}/apikeys/`, { label: 'short-lived' })).json;
    expect((await bearer(key).get('/api/v1/admin/simple_users')).status).toBe(200);
    const deleted = await operator.delete(`/api/v1/users/${operatorId}/apikeys/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    expect((await bearer(key).get('/api/v1/admin/simple_users')).status).toBe(401);
    expect((await operator.delete(`/api/v1/users/${operatorId}/apikeys/${id}`)).status).toBe(404);
  });

  it('requires a label (400 apiKeyLabelRequired with the field) and creates nothing without one', async () => {
    const before = (await keyRows()).length;
    for (const body of [{ label: '   ' }, { label: '' }, {}]) {
      const answer = await operator.post(`/api/v1/users/${operatorId}/apikeys/`, body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ key: 'apiKeyLabelRequired', args: { fields: [{ field: 'body.label' }] } });
    }
    const wrongType = await operator.post(`/api/v1/users/${operatorId}/apikeys/`, { label: 7 });
    expect(wrongType.json).toMatchObject({ status: 400, key: 'invalidInput' });
    expect((await keyRows()).length).toBe(before);
  });

  it("lets only the user or an admin create a user's keys: a userManager would gain the user's roles", async () => {
    const managerId = await userIdOf(t, 'manager');
    const before = (await keyRows()).length;
    const byManager = await usermanager.post(`/api/v1/users/${managerId}/apikeys/`, { label: 'act as manager' });
    expect(byManager.json).toMatchObject({ status: 403, key: 'canNotCreateApiKeyForOtherUser' });
    expect((await keyRows()).length).toBe(before);

    const managerUser = await signIn(t, 'manager');
    const own = await managerUser.post(`/api/v1/users/${managerId}/apikeys/`, { label: 'own script' });
    expect(own.status).toBe(201);
    const admin = await signIn(t, 'admin');
    const byAdmin = await admin.post(`/api/v1/users/${managerId}/apikeys/`, { label: 'by admin' });
    expect(byAdmin.status).toBe(201);
    // The userManager still lists and revokes them.
    expect((await usermanager.get(`/api/v1/users/${managerId}/apikeys/`)).json).toHaveLength(2);
    expect((await usermanager.delete(`/api/v1/users/${managerId}/apikeys/${own.json.id}`)).status).toBe(200);
    expect((await bearer(own.json.key).get('/api/v1/auth/me')).status).toBe(401);
    expect((await usermanager.get(`/api/v1/users/${managerId}/apikeys/`)).json).toHaveLength(1);
  });

  it("lets a userManager list and delete another user's keys, but not an operator", async () => {
    const translatorId = await userIdOf(t, 'translator');
    const translator = await signIn(t, 'translator');
    const created = await translator.post(`/api/v1/users/${translatorId}/apikeys/`, { label: 'for translator' });
    expect(created.status).toBe(201);
    expect((await usermanager.get(`/api/v1/users/${translatorId}/apikeys/`)).json).toHaveLength(1);

    const before = (await keyRows()).length;
    expect((await operator.get(`/api/v1/users/${translatorId}/apikeys/`)).status).toBe(403);
    expect((await operator.post(`/api/v1/users/${translatorId}/apikeys/`, { label: 'mine now' })).status).toBe(403);
    expect((await operator.delete(`/api/v1/users/${translatorId}/apikeys/${created.json.id}`)).status).toBe(403);
    // A key of another user can not be deleted through your own path.
    expect((await operator.delete(`/api/v1/users/${operatorId}/apikeys/${created.json.id}`)).status).toBe(404);
    expect((await keyRows()).length).toBe(before);

    const adminId = await userIdOf(t, 'admin');
    const forAdmin = await usermanager.post(`/api/v1/users/${adminId}/apikeys/`, { label: 'take over' });
    expect(forAdmin.json).toMatchObject({ status: 403, key: 'canNotManageAdminUser' });
    expect((await keyRows()).length).toBe(before);
  });

  it('answers 401 without a session and 404 for an unknown user', async () => {
    const anonymous = t.client();
    expect((await anonymous.get(`/api/v1/users/${operatorId}/apikeys/`)).status).toBe(401);
    expect((await anonymous.post(`/api/v1/users/${operatorId}/apikeys/`, { label: 'x' })).status).toBe(401);
    expect((await anonymous.delete(`/api/v1/users/${operatorId}/apikeys/1`)).status).toBe(401);
    expect((await usermanager.get('/api/v1/users/999999/apikeys/')).json.key).toBe('unknownUser');
  });
});
