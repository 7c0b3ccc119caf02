import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export function findFailedSignin(db: DbOrTx, ip: string) {
  return db.selectFrom('failed_signin').selectAll().where('ip', '=', ip).executeTakeFirst();
}

/**
 * Counts one failure in one atomic statement (safe with concurrent requests on every instance):
 * a window older than `windowStartedBefore` starts over at 1 and forgets an ended block.
 */
export function addFailedSignin(db: DbOrTx, ip: string, now: string, windowStartedBefore: string) {
  const windowOver = sql<boolean>`failed_signin.window_started_at <= ${windowStartedBefore}`;
  return db
    .insertInto('failed_signin')
    .values({ ip, failures: 1, window_started_at: now, blocked_until: null })
    .onConflict((oc) =>
      oc.column('ip').doUpdateSet({
        failures: sql<number>`case when ${windowOver} then 1 else failed_signin.failures + 1 end`,
        window_started_at: sql<string>`case when ${windowOver} then ${now} else failed_signin.window_started_at end`,
        blocked_until: sql<string | null>`case when ${windowOver} then null else failed_signin.blocked_until end`,
      }),
    )
    .returning(['failures', 'blocked_until'])
    .executeTakeFirstOrThrow();
}

export async function setBlockedUntil(db: DbOrTx, ip: string, until: string): Promise<void> {
  await db.updateTable('failed_signin').set({ blocked_until: until }).where('ip', '=', ip).execute();
}

export async function deleteFailedSignin(db: DbOrTx, ip: string): Promise<boolean> {
  const result = await db.deleteFrom('failed_signin').where('ip', '=', ip).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function listBlockedIps(db: DbOrTx, now: string) {
  return db
    .selectFrom('failed_signin')
    .select(['ip', 'failures', 'blocked_until'])
    .where('blocked_until', '>', now)
    .orderBy('blocked_until', 'desc')
    .execute();
}

/** Drops rows whose window and block are both over. */
export async function deleteStaleFailedSignins(db: DbOrTx, windowStartedBefore: string, now: string): Promise<void> {
  await db
    .deleteFrom('failed_signin')
    .where('window_started_at', '<=', windowStartedBefore)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
    .execute();
}
