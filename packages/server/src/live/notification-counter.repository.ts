import { sql } from 'kysely';
import type { DbOrTx } from '../db/database.js';

/** user_id 0 holds a counter that is the same for every user. */
export const everyoneUserId = 0;

/** The user's own counters and the shared ones. */
export function findCountersFor(db: DbOrTx, userId: number) {
  return db
    .selectFrom('notification_counter')
    .select(['path', 'user_id', 'count'])
    .where('user_id', 'in', [everyoneUserId, userId])
    .execute();
}

export async function upsertCounter(db: DbOrTx, path: string, userId: number, count: number, at: string) {
  await db
    .insertInto('notification_counter')
    .values({ path, user_id: userId, count, updated_at: at })
    .onConflict((oc) => oc.columns(['path', 'user_id']).doUpdateSet({ count, updated_at: at }))
    .execute();
}

/** Adds delta atomically, never going below zero; returns the new count. */
export async function addToCounter(db: DbOrTx, path: string, userId: number, delta: number, at: string) {
  const row = await db
    .insertInto('notification_counter')
    .values({ path, user_id: userId, count: Math.max(0, delta), updated_at: at })
    .onConflict((oc) =>
      oc.columns(['path', 'user_id']).doUpdateSet({
        count: sql<number>`case when notification_counter.count + ${delta} < 0 then 0 else notification_counter.count + ${delta} end`,
        updated_at: at,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
