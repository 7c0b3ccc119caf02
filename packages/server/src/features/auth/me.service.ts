import { expandRoles, type MeAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { AppUserRow } from '../../db/schema.js';
import type { Principal } from '../../http/access.js';
import { unauthorized } from '../../http/app-error.js';
import { findUserById, rolesOf, toUser } from '../users/user-accounts.service.js';
import { meCacheOf } from './me-cache.js';

/** The signed-in user as the client keeps it: user, settings, expanded roles and session. */
export function meOf(row: AppUserRow, sessionId: number | null): MeAnswer {
  const { settings, ...user } = toUser(row);
  return {
    user,
    settings,
    expandedRoles: expandRoles(rolesOf(row)),
    sessionId,
  };
}

/**
 * GET /api/v1/auth/me, as JSON text. Benchmarked against a hello-world: the principal is already
 * resolved (and cached) by the authentication hook, and the answer without its sessionId is kept
 * serialized in a small per-user cache (see me-cache.ts), else built from one primary-key read.
 * The text is exactly meAnswerSchema's shape (tests check it against the schema).
 */
export async function readMeJson(ctx: AppContext, principal: Principal): Promise<string> {
  const cache = meCacheOf(ctx.sessions);
  let head = cache.get(principal.userId);
  if (head === undefined) {
    const row = await findUserById(ctx.db, principal.userId);
    if (!row || row.active !== 1) throw unauthorized();
    const { user, settings, expandedRoles } = meOf(row, null);
    // `{"user":...,"settings":...,"expandedRoles":[...]` without its closing brace
    head = JSON.stringify({ user, settings, expandedRoles }).slice(0, -1);
    cache.set(principal.userId, head);
  }
  return `${head},"sessionId":${principal.sessionId ?? 'null'}}`;
}
