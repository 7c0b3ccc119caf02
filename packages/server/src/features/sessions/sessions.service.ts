import type { Session } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { forbidden, notFound } from '../../http/app-error.js';
import { findSessionById, listSessions as listSessionRows } from '../auth/session-records.service.js';
import { findUserById, rolesOf } from '../users/user-accounts.service.js';
import { assertCanActOn } from '../users/user-rules.js';

/**
 * Signed-in sessions. A userManager sees every
 * session and closes every one except an admin's (only an admin closes those: 403
 * canNotManageAdminUser); anyone else sees and closes only their own. Closing goes through the session service, so the
 * session's cookie stops working at once and its live sockets are closed on every instance.
 */
export async function listSessions(ctx: AppContext, caller: Principal): Promise<Session[]> {
  const rows = await listSessionRows(ctx.db, isManager(caller) ? undefined : caller.userId);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    username: row.username,
    uniqueSession: row.unique_session,
    deviceName: row.device_name,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    current: row.id === caller.sessionId,
  }));
}

export async function closeSession(ctx: AppContext, caller: Principal, id: number): Promise<void> {
  const session = await findSessionById(ctx.db, id);
  if (!session) throw notFound('notFound', { sessionId: id });
  if (session.user_id !== caller.userId) {
    if (!isManager(caller)) throw forbidden();
    const owner = await findUserById(ctx.db, session.user_id);
    assertCanActOn(caller, session.user_id, owner ? rolesOf(owner) : []);
  }
  await ctx.sessions.close(id);
}

function isManager(caller: Principal): boolean {
  return caller.expandedRoles.has('userManager');
}
