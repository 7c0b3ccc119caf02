import type { FastifyRequest } from 'fastify';
import type { Access, Role } from '@wms/contract';
import { AppError, forbidden, unauthorized } from './app-error.js';

/** Who is calling: resolved from the session cookie or an API key (bearer token). */
export interface Principal {
  userId: number;
  username: string;
  expandedRoles: ReadonlySet<Role>;
  /** The session row behind a browser caller; null for an API key. */
  sessionId: number | null;
  apiKeyId: number | null;
}

/**
 * What a route requires (the contract's Access). Every route declares one (a route-table test
 * enforces it): public, any signed-in caller, or at least one of the roles (after hierarchy expansion).
 */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const publicAccess = { access: { public: true } } as const;
export const signedIn = { access: { signedIn: true } } as const;
export const anyRole = (...roles: Role[]) => ({ access: { anyRole: roles } }) as const;

export function hasAnyRole(principal: Principal, roles: readonly Role[]): boolean {
  return roles.some((role) => principal.expandedRoles.has(role));
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * Enforces the route's declared access (throws 401, 403, or 500 for a route without a
 * declaration). Called in onRequest right after authentication, before the body is parsed or
 * validated, so a caller without access learns nothing about the route's input rules.
 */
export function checkAccess(request: FastifyRequest): void {
  if (request.is404) return;
  const access = request.routeOptions.config.access;
  if (!access) throw new AppError(500, 'internalServerError', { reason: 'route declares no access' });
  if ('public' in access) return;
  const principal = requirePrincipal(request);
  if ('anyRole' in access && !hasAnyRole(principal, access.anyRole)) throw forbidden();
}
