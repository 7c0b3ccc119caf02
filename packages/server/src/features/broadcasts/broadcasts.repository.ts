import { sql, type Expression, type SqlBool } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export interface NewBroadcast {
  message: string;
  createdBy: number;
  targetUserIds: readonly number[] | null;
  createdAt: string;
}

export async function insertBroadcast(db: DbOrTx, b: NewBroadcast): Promise<number> {
  const row = await db
    .insertInto('broadcast')
    .values({
      message: b.message,
      created_by: b.createdBy,
      // Stored as compact JSON ("[1,2,3]"), which addressedTo() below relies on.
      target_user_ids: b.targetUserIds ? JSON.stringify(b.targetUserIds) : null,
      created_at: b.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Broadcasts to everyone or listing the user. The id list is matched as text
 * (",1,2,3," contains ",2,"), which SQLite and PostgreSQL evaluate alike.
 */
function addressedTo(userId: number): Expression<SqlBool> {
  return sql<SqlBool>`(b.target_user_ids is null or (',' || replace(replace(b.target_user_ids, '[', ''), ']', '') || ',') like ${`%,${userId},%`})`;
}

const broadcastColumns = ['b.id', 'b.message', 'b.created_at', 'u.username as from_username'] as const;

/** The user's unread broadcasts created since `since`, oldest first. */
export function findUnreadFor(db: DbOrTx, userId: number, since: string, limit: number) {
  return db
    .selectFrom('broadcast as b')
    .leftJoin('app_user as u', 'u.id', 'b.created_by')
    .select(broadcastColumns)
    .where(addressedTo(userId))
    .where('b.created_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('broadcast_read as r')
            .select('r.broadcast_id')
            .whereRef('r.broadcast_id', '=', 'b.id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

export function findBroadcastFor(db: DbOrTx, id: number, userId: number) {
  return db
    .selectFrom('broadcast as b')
    .leftJoin('app_user as u', 'u.id', 'b.created_by')
    .select(broadcastColumns)
    .where('b.id', '=', id)
    .where(addressedTo(userId))
    .executeTakeFirst();
}

export async function markRead(db: DbOrTx, broadcastId: number, userId: number, at: string): Promise<void> {
  await db
    .insertInto('broadcast_read')
    .values({ broadcast_id: broadcastId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).doNothing())
    .execute();
}
