import type { FastifyRequest } from 'fastify';
import type { Principal } from './access.js';

export const sessionCookieName = 'wms_session';

export interface PrincipalResolver {
  /** A session's principal without I/O when it is cached; undefined when the async path is needed. */
  fromCachedSessionToken(token: string): Principal | undefined;
  fromSessionToken(token: string): Promise<Principal | null>;
  fromApiKey(key: string): Promise<Principal | null>;
}

/** The bearer token of an API client: only from the Authorization header, never from a URL. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Sets request.principal from the request's API key or session cookie. Synchronous (undefined)
 * when the session is cached; a promise when it must be read.
 */
export function authenticate(request: FastifyRequest, resolver: PrincipalResolver): Promise<void> | undefined {
  const bearer = bearerToken(request);
  if (bearer) {
    return resolver.fromApiKey(bearer).then((principal) => {
      request.principal = principal;
    });
  }
  const token = request.cookies[sessionCookieName];
  if (!token) return undefined;
  const cached = resolver.fromCachedSessionToken(token);
  if (cached) {
    request.principal = cached;
    return undefined;
  }
  return resolver.fromSessionToken(token).then((principal) => {
    request.principal = principal;
  });
}
