import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { forbidden } from '../../http/app-error.js';
import { checkCurrentPassword } from '../auth/credentials.service.js';
import { hashPassword } from '../auth/secrets.js';
import { listSessions } from '../auth/session-records.service.js';
import { clearAccountAttempts } from '../ip-rules/signin-attempts.service.js';
import * as repository from './user.repository.js';
import { findUserRowOrThrow } from './users.service.js';
import { assertCanManageOther, assertPasswordAllowed, isSelf, isUserManager } from './user-rules.js';

export interface PasswordChange {
  password: string;
  /** Required when the caller changes their own password. */
  currentPassword?: string | undefined;
}

/**
 * Sets a user's password. Only a userManager sets someone else's (an admin's only when an
 * admin), without the old one; a user sets their own when the system setting
 * allowUsersToChangePassword is on (a userManager always may), and only with the current
 * password (checked like a sign-in: counted against the address and the account). Afterwards
 * every other session of the user is closed, so whoever knew the old password is signed out at
 * once: all of them when someone else's password is changed, all but the caller's own when the
 * caller changes their own. A manager's reset also lifts the account's sign-in block. API keys
 * stay valid.
 */
export async function changePassword(
  ctx: AppContext,
  caller: Principal,
  id: number,
  change: PasswordChange,
  ip: string,
): Promise<void> {
  const row = await findUserRowOrThrow(ctx.db, id);
  const system = await ctx.settings.settings();
  const self = isSelf(caller, id);
  if (!self) assertCanManageOther(caller, repository.rolesOf(row));
  else if (!isUserManager(caller) && !system.allowUsersToChangePassword) throw forbidden('changingPasswordNotAllowed');
  assertPasswordAllowed(change.password, row.username, {
    minLength: ctx.config.passwordMinLength,
    allowEmptyPassword: system.allowEmptyPassword,
  });
  if (self) await checkCurrentPassword(ctx, row, change.currentPassword, ip);

  await repository.updatePasswordHash(ctx.db, id, await hashPassword(change.password));

  if (self && caller.sessionId !== null) {
    const others = (await listSessions(ctx.db, id)).filter((session) => session.id !== caller.sessionId);
    for (const session of others) await ctx.sessions.close(session.id);
  } else {
    await ctx.sessions.closeAllOfUser(id);
  }
  if (!self) await clearAccountAttempts(ctx, row.username);
}
