import { codeKey, type CreationLock, type PicklistCreationLocking } from '@wms/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { conflict, notFound } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';

/**
 * The pick list creation lock (decision 0183; setting picking.creationLocking): GLOBAL locks one
 * key 'GLOBAL', PER_KEY one key per warehouse (its code), NONE nothing. The lock is a
 * picklist_creation_lock row taken by insert, so of two runs exactly one gets it; the other is
 * 409 picklistCreationLocked {username, since}.
 *
 * Two kinds of rows share the table, told apart by session_id:
 * - a run's lock (session_id null): taken by a create run in its own committed transaction and
 *   deleted when the run ends, also on failure; one left by a crashed process counts as gone
 *   after `runLockLifetimeMs`;
 * - an explicit lock (POST lock; session_id = the holder's session, 0 for an API key): the holder's
 *   runs pass it; it holds until unlock by the holder or an admin, or until the holder's session
 *   no longer exists (such rows are deleted when read).
 */

export const globalLockKey = 'GLOBAL';
const runLockLifetimeMs = 15 * 60_000;

export interface LockTarget {
  locking: PicklistCreationLocking;
  /** null when locking is NONE. */
  key: string | null;
}

/** The lock key of a warehouse under the current setting (404 unknownWarehouse for an unknown code). */
export async function lockTargetOf(ctx: AppContext, warehouseCode: string | undefined): Promise<LockTarget> {
  const locking = (await ctx.settings.settings()).picking.creationLocking;
  if (locking === 'NONE') return { locking, key: null };
  if (locking === 'GLOBAL') return { locking, key: globalLockKey };
  if (warehouseCode === undefined) return { locking, key: null };
  const warehouse = await ctx.db
    .selectFrom('warehouse')
    .select('code')
    .where('code_lower', '=', codeKey(warehouseCode))
    .executeTakeFirst();
  if (!warehouse) throw notFound('unknownWarehouse', { code: warehouseCode });
  return { locking, key: warehouse.code };
}

/** Deletes the key's lock row when its holder's session is gone or a run's lock outlived a crash. */
async function dropStaleLock(db: DbOrTx, key: string): Promise<void> {
  const staleRun = new Date(Date.now() - runLockLifetimeMs).toISOString();
  await db
    .deleteFrom('picklist_creation_lock')
    .where('lock_key', '=', key)
    .where((eb) =>
      eb.or([
        eb.and([eb('session_id', 'is', null), eb('since', '<', staleRun)]),
        eb.and([
          eb('session_id', '>', 0),
          eb.not(
            eb.exists(
              eb
                .selectFrom('user_session as us')
                .select(sql`1`.as('one'))
                .whereRef('us.id', '=', 'picklist_creation_lock.session_id')
                .where('us.expires_at', '>', nowIso()),
            ),
          ),
        ]),
      ]),
    )
    .execute();
}

function readLock(db: DbOrTx, key: string) {
  return db.selectFrom('picklist_creation_lock').selectAll().where('lock_key', '=', key).executeTakeFirst();
}

const stateOf = (
  locking: PicklistCreationLocking,
  row: { username: string; since: string } | undefined,
): CreationLock => ({
  locking,
  locked: row !== undefined,
  username: row?.username ?? null,
  since: row?.since ?? null,
});

const lockedError = (row: { username: string; since: string }) =>
  conflict('picklistCreationLocked', { username: row.username, since: row.since });

/** The lock state of a warehouse (GET lock). */
export async function creationLockState(ctx: AppContext, warehouseCode: string | undefined): Promise<CreationLock> {
  const target = await lockTargetOf(ctx, warehouseCode);
  if (target.key === null) return stateOf(target.locking, undefined);
  await dropStaleLock(ctx.db, target.key);
  return stateOf(target.locking, await readLock(ctx.db, target.key));
}

/** Inserts a lock row; false when the key is held. */
async function insertLock(ctx: AppContext, key: string, caller: Principal, sessionId: number | null): Promise<boolean> {
  const inserted = await ctx.db
    .insertInto('picklist_creation_lock')
    .values({
      lock_key: key,
      user_id: caller.userId,
      username: caller.username,
      session_id: sessionId,
      since: nowIso(),
    })
    .onConflict((oc) => oc.column('lock_key').doNothing())
    .returning('lock_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** POST lock: an explicit lock for the caller; held by another: 409 picklistCreationLocked. */
export async function lockCreation(ctx: AppContext, caller: Principal, warehouseCode: string): Promise<CreationLock> {
  const target = await lockTargetOf(ctx, warehouseCode);
  if (target.key === null) return stateOf(target.locking, undefined);
  await dropStaleLock(ctx.db, target.key);
  if (!(await insertLock(ctx, target.key, caller, caller.sessionId ?? 0))) {
    const row = await readLock(ctx.db, target.key);
    if (row && (row.user_id !== caller.userId || row.session_id === null)) throw lockedError(row);
  }
  return stateOf(target.locking, await readLock(ctx.db, target.key));
}

/**
 * POST unlock: the holder or an admin ends a lock (a run's lock too: an admin clears a stuck
 * one); anyone else: 409 picklistCreationLocked. Unlocking a free key answers its state.
 */
export async function unlockCreation(ctx: AppContext, caller: Principal, warehouseCode: string): Promise<CreationLock> {
  const target = await lockTargetOf(ctx, warehouseCode);
  if (target.key === null) return stateOf(target.locking, undefined);
  await dropStaleLock(ctx.db, target.key);
  const row = await readLock(ctx.db, target.key);
  if (row) {
    if (row.user_id !== caller.userId && !hasAnyRole(caller, ['admin'])) throw lockedError(row);
    await ctx.db
      .deleteFrom('picklist_creation_lock')
      .where('lock_key', '=', target.key)
      .where('since', '=', row.since)
      .execute();
  }
  return stateOf(target.locking, await readLock(ctx.db, target.key));
}

/**
 * Runs `work` under the creation lock of the warehouse: takes a run's lock (committed at once),
 * runs, and deletes it, also when `work` throws. The caller's own explicit lock lets the run pass
 * (and stays); any other holder: 409 picklistCreationLocked {username, since}.
 */
export async function withCreationLock<T>(
  ctx: AppContext,
  caller: Principal,
  warehouseCode: string,
  work: () => Promise<T>,
): Promise<T> {
  const target = await lockTargetOf(ctx, warehouseCode);
  if (target.key === null) return work();
  const key = target.key;
  await dropStaleLock(ctx.db, key);
  if (!(await insertLock(ctx, key, caller, null))) {
    const row = await readLock(ctx.db, key);
    if (!row) throw conflict('picklistCreationLocked', { username: '', since: nowIso() });
    const ownExplicit = row.user_id === caller.userId && row.session_id !== null;
    if (!ownExplicit) throw lockedError(row);
    return work();
  }
  try {
    return await work();
  } finally {
    await ctx.db
      .deleteFrom('picklist_creation_lock')
      .where('lock_key', '=', key)
      .where('session_id', 'is', null)
      .where('user_id', '=', caller.userId)
      .execute();
  }
}
