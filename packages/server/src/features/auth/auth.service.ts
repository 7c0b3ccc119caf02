import type { MeAnswer, Role, SigninRequest, VerifyAnswer, VerifyRequest } from '@wms/contract';
import { expandRoles } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { forbidden, unprocessable } from '../../http/app-error.js';
import { rolesOf } from '../users/user-accounts.service.js';
import { checkCredentials } from './credentials.service.js';
import { meOf } from './me.service.js';

/** What the HTTP layer knows about the calling client. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  uniqueSession: string | null;
  /** The session token of the cookie the request carried, if any. */
  previousToken: string | undefined;
}

export interface StartedSession {
  token: string;
  expiresAt: string;
  me: MeAnswer;
}

/** Closes the session of the cookie the request carried (session rotation). */
async function closePrevious(ctx: AppContext, previousToken: string | undefined): Promise<void> {
  if (!previousToken) return;
  const previous = await ctx.sessions.resolve(previousToken);
  if (previous?.sessionId) await ctx.sessions.close(previous.sessionId);
}

/** A new session for the user on this client; the previous session of the client is closed. */
export async function startSession(
  ctx: AppContext,
  userId: number,
  deviceName: string | null,
  client: ClientInfo,
): Promise<{ token: string; sessionId: number; expiresAt: string }> {
  await closePrevious(ctx, client.previousToken);
  return ctx.sessions.create(userId, {
    uniqueSession: client.uniqueSession,
    deviceName: deviceName || null,
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/** POST /api/v1/auth/signin: credentials and IP policy checked, then a fresh session. */
export async function signIn(ctx: AppContext, input: SigninRequest, client: ClientInfo): Promise<StartedSession> {
  const { user } = await checkCredentials(ctx, input, client.ip);
  const session = await startSession(ctx, user.id, input.deviceName ?? null, client);
  return { token: session.token, expiresAt: session.expiresAt, me: meOf(user, session.sessionId) };
}

/** POST /api/v1/auth/logout: closes the session of the cookie, if it is still open. */
export async function signOut(ctx: AppContext, token: string | undefined): Promise<void> {
  await closePrevious(ctx, token);
}

/**
 * POST /api/v1/auth/verify: another user (a manager) confirms with their credentials. Their
 * expanded roles must include every required role. The caller's own session is untouched
 * whatever the outcome; attempts count against the caller's address and the account like sign-ins.
 */
export async function verifyManager(ctx: AppContext, input: VerifyRequest, ip: string): Promise<VerifyAnswer> {
  // A clearance always needs both: no empty password even where allowEmptyPassword is on.
  if (input.username === '' || input.password === '') throw unprocessable('noManagerLoggedIn');
  const { user } = await checkCredentials(ctx, input, ip);
  const held = new Set<Role>(expandRoles(rolesOf(user)));
  const missingRoles = input.requiredRoles.filter((role) => !held.has(role));
  if (missingRoles.length > 0) throw forbidden('insufficientRoles', { missingRoles });
  return { verified: true, userId: user.id, username: user.username };
}

/** POST /api/v1/auth/test_ldap: this product signs users in with its own accounts; there is no LDAP. */
export function testLdap(_principal: Principal): never {
  throw unprocessable('ldapNotConfigured');
}
