import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/** A sign-in attempt counter: per address (failed_signin) or per account (failed_signin_account). */
export type AttemptCounter =
  { table: 'failed_signin'; key: 'ip' } | { table: 'failed_signin_account'; key: 'username_lower' };
export const addressCounter: AttemptCounter = { table: 'failed_signin', key: 'ip' };
export const accountCounter: AttemptCounter = { table: 'failed_signin_account', key: 'username_lower' };

export interface CounterState {
  failures: number;
  blocked_until: string | null;
}

export function findFailedSignin(db: DbOrTx, ip: string) {
  return db.selectFrom('failed_signin').selectAll().where('ip', '=', ip).executeTakeFirst();
}

/**
 * Counts one attempt in one atomic statement (safe with concurrent requests on every instance),
 * before the password is checked. A running block is kept (it outlives the window); after a
 * block, or once the window that started before `windowStartedBefore` is over, the count starts
 * over at 1. Answers the count with this attempt.
 */
export async function addAttempt(
  db: DbOrTx,
  counter: AttemptCounter,
  key: string,
  now: string,
  windowStartedBefore: string,
): Promise<CounterState> {
  const table = sql.table(counter.table);
  const blockRunning = sql`(${table}.blocked_until is not null and ${table}.blocked_until > ${now})`;
  const restart = sql`(not ${blockRunning} and (${table}.window_started_at <= ${windowStartedBefore}
    or ${table}.blocked_until is not null))`;
  const result = await sql<CounterState>`insert into ${table}
      (${sql.ref(counter.key)}, failures, window_started_at, blocked_until)
    values (${key}, 1, ${now}, null)
    on conflict (${sql.ref(counter.key)}) do update set
      failures = case when ${restart} then 1 else ${table}.failures + 1 end,
      window_started_at = case when ${restart} then ${now} else ${table}.window_started_at end,
      blocked_until = case when ${restart} then null else ${table}.blocked_until end
    returning failures, blocked_until`.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error(`no row counted in ${counter.table}`);
  return { failures: Number(row.failures), blocked_until: row.blocked_until };
}

/** Takes back `count` counted attempts (never below 0). */
export async function removeAttempts(db: DbOrTx, counter: AttemptCounter, key: string, count: number): Promise<void> {
  await sql`update ${sql.table(counter.table)}
    set failures = case when failures > ${count} then failures - ${count} else 0 end
    where ${sql.ref(counter.key)} = ${key}`.execute(db);
}

/** Blocks the key until `until` when its count has reached `limit` and it is not blocked yet. */
export async function blockAtLimit(
  db: DbOrTx,
  counter: AttemptCounter,
  key: string,
  limit: number,
  now: string,
  until: string,
): Promise<void> {
  await sql`update ${sql.table(counter.table)} set blocked_until = ${until}
    where ${sql.ref(counter.key)} = ${key} and failures >= ${limit}
      and (blocked_until is null or blocked_until <= ${now})`.execute(db);
}

export async function deleteCounter(db: DbOrTx, counter: AttemptCounter, key: string): Promise<boolean> {
  const result = await sql`delete from ${sql.table(counter.table)}
    where ${sql.ref(counter.key)} = ${key}`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}

export async function deleteFailedSignin(db: DbOrTx, ip: string): Promise<boolean> {
  return deleteCounter(db, addressCounter, ip);
}

export function listBlockedIps(db: DbOrTx, now: string) {
  return db
    .selectFrom('failed_signin')
    .select(['ip', 'failures', 'blocked_until'])
    .where('blocked_until', '>', now)
    .orderBy('blocked_until', 'desc')
    .execute();
}

/** Drops rows (addresses and accounts) whose window and block are both over. */
export async function deleteStaleFailedSignins(db: DbOrTx, windowStartedBefore: string, now: string): Promise<void> {
  for (const table of ['failed_signin', 'failed_signin_account'] as const) {
    await db
      .deleteFrom(table)
      .where('window_started_at', '<=', windowStartedBefore)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
      .execute();
  }
}
