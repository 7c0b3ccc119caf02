import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.js';
import { sessionCookieName } from '../../http/authenticate.js';

/** The session cookie: httpOnly, SameSite=Lax, path /, Secure per COOKIE_SECURE, lives as long as the session. */
export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: string): void {
  const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
  void reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
    maxAge,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(sessionCookieName, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
  });
}
