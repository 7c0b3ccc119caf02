import type { Role } from '@wms/contract';
import { HttpClient } from './http-client.js';

/** The password signedInUserWithRoles gives a user (the policy refuses the bare username). */
export const passwordOf = (username: string) => `${username}-secret`;

/**
 * Makes a user with exactly these roles through the admin users API and signs them in (the
 * password is passwordOf(username)). `admin` is a client signed in as a user manager.
 */
export async function signedInUserWithRoles(admin: HttpClient, username: string, roles: Role[]): Promise<HttpClient> {
  const created = await admin.post('/api/v1/users/new', { username, password: passwordOf(username), roles });
  if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status} ${created.text}`);
  const client = new HttpClient(admin.baseUrl, admin.headers.AppVersion ?? '');
  const signedIn = await client.post('/api/v1/auth/signin', { username, password: passwordOf(username) });
  if (signedIn.status !== 200) throw new Error(`sign-in of ${username} failed: ${signedIn.status} ${signedIn.text}`);
  return client;
}

/** The answer's error part, for compact expectations. */
export const errorOf = (answer: { status: number; json: { key?: unknown; args?: unknown } | undefined }) => ({
  status: answer.status,
  key: answer.json?.key,
  args: answer.json?.args,
});
