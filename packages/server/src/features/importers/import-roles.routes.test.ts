import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importerRoles, importKinds, type Role } from '@wms/contract';
import { makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * Every importer refuses a user without its own role, even one who holds every other importer's
 * role (the endpoint lets any importer role in; the kind's role is checked per kind), and nothing
 * is stored for the refused upload.
 */
describe('each importer needs its own role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const userWith = async (roles: Role[]): Promise<HttpClient> => {
    const user = await makeUser(t.app.ctx.db, { roles });
    return signIn(t, user.username, user.password);
  };
  const upload = (client: HttpClient, kind: string) => {
    const form = new FormData();
    form.append('file', new Blob(['code,name\r\nX,Y\r\n']), 'file.csv');
    return fetch(`${t.baseUrl}/api/v1/order/import/${kind}/sessions`, {
      method: 'POST',
      headers: { ...client.headers, cookie: client.cookieHeader },
      body: form,
    });
  };
  const sessionCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('import_session')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each(importKinds)('%s', async (kind) => {
    const others = [...new Set(Object.values(importerRoles))].filter((role) => role !== importerRoles[kind]);
    const outsider = await userWith(others);
    const before = await sessionCount();
    expect((await outsider.get(`/api/v1/order/import/${kind}`)).status).toBe(403);
    expect((await outsider.get(`/api/v1/order/import/${kind}/template.xlsx`)).status).toBe(403);
    expect((await outsider.get(`/api/v1/order/import/${kind}/sessions`)).status).toBe(403);
    expect((await upload(outsider, kind)).status).toBe(403);
    expect(await sessionCount()).toBe(before);

    const insider = await userWith([importerRoles[kind]]);
    const described = await insider.get(`/api/v1/order/import/${kind}`);
    expect(described.status, described.text).toBe(200);
    expect(described.json).toMatchObject({ kind, enabled: true });
  });
});
