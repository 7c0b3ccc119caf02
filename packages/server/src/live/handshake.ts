import type { IncomingMessage } from 'node:http';
import { liveFailures, type LiveFailure } from '@wms/contract';
import type { AppContext } from '../context.js';
import { compareVersions } from '../db/database.js';
import { hashToken } from '../features/auth/secrets.js';
import { findSessionWithUser } from '../features/auth/session-records.service.js';
import { findUserById } from '../features/users/user-accounts.service.js';
import type { Principal } from '../http/access.js';
import { sessionCookieName } from '../http/authenticate.js';
import { callerAddressOf, type ProxyTrust } from '../http/trusted-proxies.js';

/**
 * The Origin of a WebSocket upgrade must be the server's own host (the Host header, or
 * X-Forwarded-Host behind a trusted proxy) or one of the configured allowed origins. A request
 * without Origin is not from a browser (which always sends it) and carries no ambient cookie.
 */
export function isOriginAllowed(request: IncomingMessage, allowedOrigins: readonly string[], trustProxy: boolean) {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  const normalized = originUrl.origin.toLowerCase();
  if (allowedOrigins.some((allowed) => allowed.replace(/\/+$/, '').toLowerCase() === normalized)) return true;
  const forwarded = trustProxy ? request.headers['x-forwarded-host'] : undefined;
  const hosts = [request.headers.host, typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined];
  return hosts.some((host) => host !== undefined && host.toLowerCase() === originUrl.host.toLowerCase());
}

/**
 * The client's address for the per-address socket limit: the same rule as every HTTP route
 * (TRUST_PROXY: none, a number of hops, or proxy addresses), so a forged X-Forwarded-For entry
 * neither escapes the limit nor counts against another address.
 */
export function upgradeAddress(request: IncomingMessage, trust: ProxyTrust): string {
  return callerAddressOf(request.socket.remoteAddress ?? 'unknown', request.headers['x-forwarded-for'], trust);
}

/** The session token from the upgrade request's cookie header. */
export function sessionTokenOf(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== sessionCookieName) continue;
    const value = part.slice(separator + 1).trim();
    return value.length > 0 ? value : undefined;
  }
  return undefined;
}

export type ConnectCheck =
  { ok: true; principal: Principal | null } | { ok: false; failure: LiveFailure; detail: string };

/**
 * Checks a CONNECT: the client's AppVersion, then the session of the upgrade's cookie.
 * No cookie: a device socket (principal null). An unknown or expired session:
 * InvalidTokenAuthenticationException; a session whose user was removed or deactivated:
 * UsernameNotFoundException.
 */
export async function checkConnect(
  ctx: Pick<AppContext, 'db' | 'sessions' | 'config'>,
  sessionToken: string | undefined,
  appVersion: string | undefined,
): Promise<ConnectCheck> {
  const serverVersion = ctx.config.version;
  if (
    appVersion !== undefined &&
    (!/^\d+(\.\d+)*$/.test(appVersion) || compareVersions(appVersion, serverVersion) < 0)
  ) {
    return {
      ok: false,
      failure: liveFailures.oldVersion,
      detail: `client version ${appVersion.slice(0, 40)} is older than server version ${serverVersion}`,
    };
  }
  if (sessionToken === undefined) return { ok: true, principal: null };
  const principal = await ctx.sessions.resolve(sessionToken);
  if (principal) {
    const user = await findUserById(ctx.db, principal.userId);
    if (user?.active === 1) return { ok: true, principal };
    return { ok: false, failure: liveFailures.unknownUser, detail: 'the user of this session no longer exists' };
  }
  const session = await findSessionWithUser(ctx.db, hashToken(sessionToken));
  if (session && session.active !== 1) {
    return { ok: false, failure: liveFailures.unknownUser, detail: 'the user of this session no longer exists' };
  }
  return { ok: false, failure: liveFailures.invalidToken, detail: 'the session is unknown or expired' };
}
