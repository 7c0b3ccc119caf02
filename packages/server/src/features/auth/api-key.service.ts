import { expandRoles } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { nowIso } from '../../util/time.js';
import { hashToken } from './secrets.js';
import { parseRoles } from './session.service.js';

/** The principal of an API key (bearer token), or null; records lastUsedAt. */
export async function resolveApiKey(ctx: AppContext, key: string): Promise<Principal | null> {
  const row = await ctx.db
    .selectFrom('api_key as k')
    .innerJoin('app_user as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'u.username', 'u.roles', 'u.active'])
    .where('k.key_hash', '=', hashToken(key))
    .executeTakeFirst();
  if (!row || row.active !== 1) return null;
  await ctx.db.updateTable('api_key').set({ last_used_at: nowIso() }).where('id', '=', row.id).execute();
  return {
    userId: row.user_id,
    username: row.username,
    expandedRoles: new Set(expandRoles(parseRoles(row.roles))),
    sessionId: null,
    apiKeyId: row.id,
  };
}
