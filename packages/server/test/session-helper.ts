import type { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

/** The id of a (demo) user by name. */
export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('app_user')
    .select('id')
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A client signed in as the user through the real sign-in route (demo password = username).
 * Falls back to a session made by the session service when sign-in is unavailable.
 */
export async function signIn(t: TestApp, username: string, password = username): Promise<HttpClient> {
  const client = t.client();
  const answer = await client.post('/api/v1/auth/signin', { username, password });
  if (answer.status === 200 && client.cookies.has('wms_session')) return client;
  if (answer.status !== 404) throw new Error(`sign-in of ${username} failed: ${answer.status} ${answer.text}`);
  const { token } = await t.app.ctx.sessions.create(await userIdOf(t, username), {
    uniqueSession: null,
    deviceName: null,
    ip: null,
    userAgent: null,
  });
  client.cookies.set('wms_session', token);
  return client;
}

/** The version of a user as stored, for optimistic-locked updates. */
export async function versionOf(t: TestApp, userId: number): Promise<number> {
  const row = await t.app.ctx.db
    .selectFrom('app_user')
    .select('version')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.version;
}
