import { runCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';

/** Up to this many locations, the movement's lock check runs as a compiled query. */
const maxCompiledProbes = 4;

/** The SQL of the location count lock (table location_count_lock, migration 0033). */

export interface LockInput {
  binLocationId: number;
  userId: number;
  username: string;
  context: string;
  round: number;
  takenAt: string;
  expiresAt: string;
}

/**
 * Takes the lock, or renews the caller's own, in one conditional upsert: a row held by another
 * user that has not expired stays and nothing is returned (never read-then-write).
 */
export async function upsertLock(db: DbOrTx, lock: LockInput): Promise<boolean> {
  // Every start and save takes it: compiled once.
  const { rows } = await runCompiled(
    db,
    'counting.upsertLock',
    (slot) =>
      upsertLocksQuery(db, [slot(0)], {
        userId: slot(1),
        username: slot(2),
        context: slot(3),
        round: slot(4),
        takenAt: slot(5),
        expiresAt: slot(6),
      }),
    [lock.binLocationId, lock.userId, lock.username, lock.context, lock.round, lock.takenAt, lock.expiresAt],
  );
  return rows.length > 0;
}

export function findLock(db: DbOrTx, binLocationId: number) {
  return db
    .selectFrom('location_count_lock')
    .select(['user_id', 'username', 'context', 'round', 'expires_at'])
    .where('bin_location_id', '=', binLocationId)
    .executeTakeFirst();
}

export async function deleteLock(db: DbOrTx, binLocationId: number, userId: number): Promise<boolean> {
  const result = await runCompiled(
    db,
    'counting.deleteLock',
    (slot) =>
      db.deleteFrom('location_count_lock').where('bin_location_id', '=', slot(0)).where('user_id', '=', slot(1)),
    [binLocationId, userId],
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * The first of these locations with an unexpired lock not held by `exceptUserId`, with its code:
 * one indexed read (the primary key) per stock movement.
 */
export async function firstLockedLocation(
  db: DbOrTx,
  ids: readonly number[],
  now: string,
  exceptUserId: number | null,
): Promise<{ code: string; username: string } | undefined> {
  // Every stock movement asks (one or two locations): compiled once per shape, one equality probe
  // of the primary key per location (an `in` list made SQLite build a temporary index each time).
  if (ids.length > 0 && ids.length <= maxCompiledProbes) {
    const others = exceptUserId !== null;
    const rows = await runCompiled(
      db,
      `counting.firstLocked.${ids.length}.${others ? 'others' : 'all'}`,
      (slot) => {
        let query = db
          .selectFrom('location_count_lock as k')
          .innerJoin('bin_location as b', 'b.id', 'k.bin_location_id')
          .select(['b.code', 'k.username'])
          .where((eb) => eb.or(ids.map((_, index) => eb('k.bin_location_id', '=', slot(index + 2)))))
          .where('k.expires_at', '>', slot(0));
        if (others) query = query.where('k.user_id', '<>', slot(1));
        return query.orderBy('b.code').limit(1);
      },
      [now, exceptUserId, ...ids],
    );
    return rows.rows[0];
  }
  let query = db
    .selectFrom('location_count_lock as k')
    .innerJoin('bin_location as b', 'b.id', 'k.bin_location_id')
    .select(['b.code', 'k.username'])
    .where('k.bin_location_id', 'in', ids)
    .where('k.expires_at', '>', now);
  if (exceptUserId !== null) query = query.where('k.user_id', '<>', exceptUserId);
  return query.orderBy('b.code').limit(1).executeTakeFirst();
}

/** The unexpired locks of these locations held by others than the user (the requests list). */
export function locksHeldByOthers(db: DbOrTx, ids: readonly number[], now: string, userId: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('location_count_lock')
    .select(['bin_location_id', 'username'])
    .where('bin_location_id', 'in', ids)
    .where('expires_at', '>', now)
    .where('user_id', '<>', userId)
    .execute();
}

/**
 * Takes or renews the holder's locks of these locations in one conditional upsert (a counting
 * list's freeze, decision 0192, takes them never to expire): a location under another holder's
 * unexpired lock is left as it is. Answers the locations taken.
 */
export async function upsertLocks(db: DbOrTx, ids: readonly number[], lock: Omit<LockInput, 'binLocationId'>) {
  if (ids.length === 0) return [];
  return upsertLocksQuery(db, ids, lock).execute();
}

function upsertLocksQuery(db: DbOrTx, ids: readonly number[], lock: Omit<LockInput, 'binLocationId'>) {
  return db
    .insertInto('location_count_lock')
    .values(
      ids.map((id) => ({
        bin_location_id: id,
        user_id: lock.userId,
        username: lock.username,
        context: lock.context,
        round: lock.round,
        taken_at: lock.takenAt,
        expires_at: lock.expiresAt,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('bin_location_id')
        .doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          username: eb.ref('excluded.username'),
          context: eb.ref('excluded.context'),
          round: eb.ref('excluded.round'),
          taken_at: eb.ref('excluded.taken_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('location_count_lock.user_id', '=', lock.userId),
            eb('location_count_lock.expires_at', '<=', lock.takenAt),
          ]),
        ),
    )
    .returning('bin_location_id');
}

/** Deletes every lock of the holder (a counting list's freeze); answers how many. */
export async function deleteLocksOf(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.deleteFrom('location_count_lock').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
