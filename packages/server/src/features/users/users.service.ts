import { userSettingsSchema, type CreateUserRequest, type UpdateUserRequest, type User } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { AppUserUpdate } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Principal } from '../../http/access.js';
import { conflict, forbidden, notFound, preconditionFailed } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import { nowIso } from '../../util/time.js';
import { hashPassword } from '../auth/secrets.js';
import * as repository from './user.repository.js';
import {
  assertCanGrant,
  assertCanManageOther,
  assertCanView,
  assertPasswordAllowed,
  assertRoleChangeAllowed,
  isSelf,
  isUserManager,
  sameRoles,
} from './user-rules.js';

/**
 * After any change to a user: drop the cached principals and /auth/me answers here at once,
 * and on every other instance through the backplane, so the change takes effect immediately.
 */
export function userChanged(ctx: AppContext, id: number): void {
  ctx.sessions.forgetUser(id);
  ctx.live.invalidate({ kind: 'user', userId: id });
}

export async function findUserRowOrThrow(db: DbOrTx, id: number) {
  const row = await repository.findUserById(db, id);
  if (!row) throw notFound('unknownUser', { id });
  return row;
}

export async function listUsers(ctx: AppContext): Promise<User[]> {
  return (await repository.listUsers(ctx.db)).map(repository.toUser);
}

/** A userManager reads any user; anyone else only themself. */
export async function getUser(ctx: AppContext, caller: Principal, id: number): Promise<User> {
  assertCanView(caller, id);
  return repository.toUser(await findUserRowOrThrow(ctx.db, id));
}

export async function listSimpleUsers(ctx: AppContext) {
  return (await repository.listActiveUserNames(ctx.db)).map((row) => ({ userid: row.id, username: row.username }));
}

export function listErpUsers(ctx: AppContext) {
  return repository.listErpUsers(ctx.db);
}

/**
 * Creates a user (the route allows userManagers only). Usernames are unique without regard to
 * case (409 usernameTaken, also when a concurrent create wins the race). A retry with the same
 * Idempotency-Key answers the first result and creates nothing. The idempotency record keeps a
 * hash of the request without the password, so no fast hash of a password is ever stored.
 */
export async function createUser(
  ctx: AppContext,
  caller: Principal,
  request: CreateUserRequest,
  idempotencyKey: string | undefined,
): Promise<IdempotentResult<User>> {
  const system = await ctx.settings.settings();
  assertPasswordAllowed(request.password, request.username, {
    minLength: ctx.config.passwordMinLength,
    allowEmptyPassword: system.allowEmptyPassword,
  });
  assertCanGrant(caller, request.roles);
  const passwordHash = await hashPassword(request.password);
  const settings = userSettingsSchema.parse(request.settings ?? {});
  return runIdempotent(
    ctx.db,
    {
      scope: 'users.create',
      key: idempotencyKey,
      userId: caller.userId,
      request: { ...request, password: undefined },
      status: 201,
    },
    async (tx) => {
      if (await repository.findUserByUsername(tx, request.username)) {
        throw conflict('usernameTaken', { username: request.username });
      }
      const at = nowIso();
      try {
        const row = await repository.insertUser(tx, {
          username: request.username,
          username_lower: request.username.toLowerCase(),
          password_hash: passwordHash,
          email_address: request.emailAddress ?? null,
          external_id: request.externalId ?? null,
          roles: JSON.stringify([...new Set(request.roles)]),
          settings: JSON.stringify(settings),
          totp_secret: null,
          totp_enabled: 0,
          active: 1,
          version: 1,
          created_at: at,
          updated_at: at,
        });
        return repository.toUser(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('usernameTaken', { username: request.username });
        throw error;
      }
    },
  );
}

/**
 * Updates roles, external id (the chosen ERP user) and settings of a user, with optimistic
 * locking on the user's version. A userManager changes anyone (an admin's account only when
 * an admin); a user changes only their own settings, except allowMultipleTabsActiveOnSameDevice.
 * Nobody raises their own roles; nobody grants roles they do not hold. A role change takes
 * effect on the user's next request (cached sessions are dropped on every instance).
 */
export async function updateUser(
  ctx: AppContext,
  caller: Principal,
  id: number,
  request: UpdateUserRequest,
): Promise<User> {
  const row = await findUserRowOrThrow(ctx.db, id);
  const manager = isUserManager(caller);
  if (!isSelf(caller, id)) assertCanManageOther(caller, repository.rolesOf(row));
  if (row.version !== request.version) throw preconditionFailed({ currentVersion: row.version });

  const changes: AppUserUpdate = {};
  const currentRoles = repository.rolesOf(row);
  if (request.newRoles !== undefined && !sameRoles(currentRoles, request.newRoles)) {
    assertRoleChangeAllowed(caller, id, currentRoles, request.newRoles);
    changes.roles = JSON.stringify([...new Set(request.newRoles)]);
  }
  if (request.newExternalId !== undefined && request.newExternalId !== row.external_id) {
    if (!manager) throw forbidden('requestForbidden', { field: 'newExternalId' });
    changes.external_id = request.newExternalId;
  }
  if (request.newSettings !== undefined) {
    const current = repository.settingsOf(row);
    const multipleTabs = request.newSettings.allowMultipleTabsActiveOnSameDevice;
    if (!manager && multipleTabs !== undefined && multipleTabs !== current.allowMultipleTabsActiveOnSameDevice) {
      throw forbidden('requestForbidden', { field: 'newSettings.allowMultipleTabsActiveOnSameDevice' });
    }
    changes.settings = JSON.stringify(userSettingsSchema.parse({ ...current, ...request.newSettings }));
  }

  const result = await repository.updateUserVersioned(ctx.db, id, request.version, changes, nowIso());
  expectOneUpdated(result, { currentVersion: row.version });
  userChanged(ctx, id);
  return repository.toUser(await findUserRowOrThrow(ctx.db, id));
}
