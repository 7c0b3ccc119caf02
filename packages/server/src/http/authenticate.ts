import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from './access.js';

export const sessionCookieName = 'wms_session';

export interface PrincipalResolver {
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

/** Resolves the caller of every API and live request from its API key or session cookie. */
export function registerAuthentication(app: FastifyInstance, resolver: PrincipalResolver) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    if (bearer) {
      request.principal = await resolver.fromApiKey(bearer);
      return;
    }
    const token = request.cookies[sessionCookieName];
    if (token) request.principal = await resolver.fromSessionToken(token);
  });
}
