import type { DbOrTx } from '../../db/database.js';
import type { ApiKeyRow } from '../../db/schema.js';

export function listApiKeysOfUser(db: DbOrTx, userId: number) {
  return db
    .selectFrom('api_key')
    .select(['id', 'label', 'last_used_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function insertApiKey(
  db: DbOrTx,
  key: { userId: number; label: string; keyHash: string; createdAt: string },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_key')
    .values({ user_id: key.userId, label: key.label, key_hash: key.keyHash, created_at: key.createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a key of the user; false when the user has no such key. */
export async function deleteApiKeyOfUser(db: DbOrTx, userId: number, keyId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('api_key')
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The key with its user, by the key's hash; inactive users are filtered by the caller. */
export function findApiKeyWithUser(db: DbOrTx, keyHash: string) {
  return db
    .selectFrom('api_key as k')
    .innerJoin('app_user as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.last_used_at', 'u.username', 'u.roles', 'u.active'])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
}

export async function touchApiKey(db: DbOrTx, id: number, at: string): Promise<void> {
  await db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', id).execute();
}
