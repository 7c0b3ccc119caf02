import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.js';

describe('platform HTTP behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers an unknown API route with a JSON 404 in the error shape', async () => {
    const answer = await t.client().get('/api/v1/does/not/exist');
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ status: 404, key: 'notFound', args: { url: '/api/v1/does/not/exist' } });
    expect(typeof answer.json.message).toBe('string');
  });

  it('seeds the demo users once', async () => {
    const users = await t.app.ctx.db.selectFrom('app_user').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'operator', 'manager', 'taskmanager', 'usermanager', 'translator']),
    );
  });
});
