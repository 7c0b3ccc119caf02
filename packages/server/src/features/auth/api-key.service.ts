import { expandRoles } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { findApiKeyWithUser, touchApiKey } from '../api-keys/api-key-records.service.js';
import { hashToken } from './secrets.js';
import { parseRoles } from './session.service.js';

/** lastUsedAt is written at most this often per key, so an API client's requests are not writes. */
const touchIntervalMs = 60_000;

/** The principal of an API key (bearer token), or null; records lastUsedAt. */
export async function resolveApiKey(ctx: AppContext, key: string): Promise<Principal | null> {
  const row = await findApiKeyWithUser(ctx.db, hashToken(key));
  if (!row || row.active !== 1) return null;
  const now = Date.now();
  if (row.last_used_at === null || now - Date.parse(row.last_used_at) >= touchIntervalMs) {
    await touchApiKey(ctx.db, row.id, new Date(now).toISOString());
  }
  return {
    userId: row.user_id,
    username: row.username,
    expandedRoles: new Set(expandRoles(parseRoles(row.roles))),
    sessionId: null,
    apiKeyId: row.id,
  };
}
