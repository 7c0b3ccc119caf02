import { expandRoles, type MeAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { AppUserRow } from '../../db/schema.js';
import type { Principal } from '../../http/access.js';
import { unauthorized } from '../../http/app-error.js';
import { findUserById, rolesOf, toUser } from '../users/user.repository.js';
import { meCacheOf } from './me-cache.js';

/** The signed-in user as the client keeps it: user, settings, expanded roles and session. */
export function meOf(row: AppUserRow, sessionId: number | null): MeAnswer {
  const user = toUser(row);
  return {
    user,
    settings: user.settings,
    expandedRoles: expandRoles(rolesOf(row)),
    sessionId,
  };
}

/**
 * GET /api/v1/auth/me. Benchmarked against a hello-world: the principal is already resolved
 * (and cached) by the authentication hook, and the answer comes from a small per-user cache
 * (see me-cache.ts), else from one primary-key read.
 */
export async function readMe(ctx: AppContext, principal: Principal): Promise<MeAnswer> {
  const cache = meCacheOf(ctx.sessions);
  const cached = cache.get(principal.userId);
  if (cached) return { ...cached, sessionId: principal.sessionId };
  const row = await findUserById(ctx.db, principal.userId);
  if (!row || row.active !== 1) throw unauthorized();
  const me = meOf(row, principal.sessionId);
  cache.set(principal.userId, { user: me.user, settings: me.settings, expandedRoles: me.expandedRoles });
  return me;
}
