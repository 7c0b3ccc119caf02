import type { DbOrTx } from '../../db/database.js';

export interface NewTransferToken {
  tokenHash: string;
  userId: number;
  deviceName: string;
  /** Hash of the pairing secret of the one device listener the token is for. */
  pairingHash: string;
  path: string;
  createdAt: string;
  expiresAt: string;
}

export async function insertTransferToken(db: DbOrTx, t: NewTransferToken): Promise<void> {
  await db
    .insertInto('transfer_token')
    .values({
      token_hash: t.tokenHash,
      user_id: t.userId,
      device_name: t.deviceName,
      pairing_hash: t.pairingHash,
      path: t.path,
      created_at: t.createdAt,
      expires_at: t.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Marks an unused, unexpired token of this pairing used in one statement, so two concurrent
 * uses cannot both succeed; answers the token's row when this call used it, else undefined.
 * A token offered with another pairing is not touched.
 */
export async function claimTransferToken(db: DbOrTx, tokenHash: string, pairingHash: string, now: string) {
  const result = await db
    .updateTable('transfer_token')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('pairing_hash', '=', pairingHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return undefined;
  return db
    .selectFrom('transfer_token')
    .select(['user_id', 'device_name', 'path'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Forgets tokens that expired before `before`. */
export async function deleteExpiredTransferTokens(db: DbOrTx, before: string): Promise<void> {
  await db.deleteFrom('transfer_token').where('expires_at', '<', before).execute();
}
