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
