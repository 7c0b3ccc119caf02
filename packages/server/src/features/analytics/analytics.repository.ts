import type { DbOrTx } from '../../db/database.js';

export async function insertAnalyticsEvent(
  db: DbOrTx,
  event: { userId: number | null; payload: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('analytics_event')
    .values({ user_id: event.userId, payload: event.payload, created_at: event.createdAt })
    .execute();
}
