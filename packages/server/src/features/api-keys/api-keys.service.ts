import type { ApiKey, CreatedApiKey } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { badRequest, forbidden, notFound } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { hashToken, newToken } from '../auth/secrets.js';
import { rolesOf } from '../users/user-accounts.service.js';
import { assertCanActOn } from '../users/user-rules.js';
import { findUserRowOrThrow } from '../users/users.service.js';
import * as repository from './api-keys.repository.js';

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const apiKeyPrefix = 'wms_';

/**
 * API keys of a user: for API clients, sent as
 * `Authorization: Bearer <key>` (never accepted in a URL). A key is 256 random bits, stored as a
 * SHA-256 hash and shown only in the answer of its creation. It acts as its user with the user's
 * current roles; deleting it stops it at once. Only the user themself or an admin creates a
 * user's keys (a key acts with its user's roles, so a userManager creating one for someone else
 * would hold roles they were never granted); the user or a userManager (an admin's keys: an
 * admin) lists and deletes them.
 */
export async function listApiKeys(ctx: AppContext, caller: Principal, userId: number): Promise<ApiKey[]> {
  await assertCanManageKeysOf(ctx, caller, userId);
  return (await repository.listApiKeysOfUser(ctx.db, userId)).map((row) => ({
    id: row.id,
    label: row.label,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
  }));
}

export async function createApiKey(
  ctx: AppContext,
  caller: Principal,
  userId: number,
  rawLabel: string,
): Promise<CreatedApiKey> {
  await assertCanManageKeysOf(ctx, caller, userId);
  if (caller.userId !== userId && !caller.expandedRoles.has('admin')) throw forbidden('canNotCreateApiKeyForOtherUser');
  const label = rawLabel.trim();
  if (label === '') {
    throw badRequest('apiKeyLabelRequired', { fields: [{ field: 'body.label', message: 'required' }] });
  }
  const key = newToken(apiKeyPrefix);
  const row = await repository.insertApiKey(ctx.db, { userId, label, keyHash: hashToken(key), createdAt: nowIso() });
  return { id: row.id, label: row.label, lastUsedAt: row.last_used_at, createdAt: row.created_at, key };
}

export async function deleteApiKey(ctx: AppContext, caller: Principal, userId: number, keyId: number): Promise<void> {
  await assertCanManageKeysOf(ctx, caller, userId);
  if (!(await repository.deleteApiKeyOfUser(ctx.db, userId, keyId))) throw notFound('notFound', { keyId });
}

async function assertCanManageKeysOf(ctx: AppContext, caller: Principal, userId: number): Promise<void> {
  const user = await findUserRowOrThrow(ctx.db, userId);
  assertCanActOn(caller, userId, rolesOf(user));
}
