import type { DbOrTx } from '../../db/database.js';
import { conflict, unprocessable } from '../../http/app-error.js';
import { isoIn, nowIso } from '../../util/time.js';
import * as repository from './count-lock.repository.js';

/**
 * The location count lock (PROCESSES.md 4.1; decision 0189). Starting a location count takes a
 * lock on the location for countLockTtlMs, renewed by the counter's activity (start again, save).
 * While it holds, the stock service refuses every movement from or to the location with 422
 * locationIsBeingCounted {location}, except the counting save's own COUNT_ADJUSTMENT and
 * TRANSFER (they name the holder: StockMovement.countLockHolder). Saving or releasing the count
 * deletes the lock; an expired lock is ignored by everyone and taken over by the next counter.
 */
export const countLockTtlMs = 15 * 60 * 1000;

export interface CountLockHolder {
  userId: number;
  username: string;
}

/**
 * Takes or renews the lock inside the caller's transaction; another counter's unexpired lock
 * is 409 claimedByOtherUser {username}. Answers when it expires.
 */
export async function takeCountLock(
  tx: DbOrTx,
  binLocationId: number,
  holder: CountLockHolder,
  context: { name: string; round: number },
): Promise<string> {
  const expiresAt = isoIn(countLockTtlMs);
  const taken = await repository.upsertLock(tx, {
    binLocationId,
    userId: holder.userId,
    username: holder.username,
    context: context.name,
    round: context.round,
    takenAt: nowIso(),
    expiresAt,
  });
  if (!taken) {
    const lock = await repository.findLock(tx, binLocationId);
    throw conflict('claimedByOtherUser', { username: lock?.username ?? null });
  }
  return expiresAt;
}

/** Gives the caller's lock back (false when the caller held none). */
export function releaseCountLock(tx: DbOrTx, binLocationId: number, userId: number): Promise<boolean> {
  return repository.deleteLock(tx, binLocationId, userId);
}

/**
 * The stock service's check (one read per movement): a location of the movement under an
 * unexpired lock of anyone but `holderUserId` is 422 locationIsBeingCounted {location}.
 */
export async function assertNotBeingCounted(
  db: DbOrTx,
  binLocationIds: readonly number[],
  holderUserId: number | null,
): Promise<void> {
  if (binLocationIds.length === 0) return;
  const locked = await repository.firstLockedLocation(db, binLocationIds, nowIso(), holderUserId);
  if (locked) throw unprocessable('locationIsBeingCounted', { location: locked.code });
}

/** The usernames of other counters' unexpired locks, per location id. */
export async function lockHoldersOf(
  db: DbOrTx,
  binLocationIds: readonly number[],
  userId: number,
): Promise<Map<number, string>> {
  const rows = await repository.locksHeldByOthers(db, binLocationIds, nowIso(), userId);
  return new Map(rows.map((r) => [r.bin_location_id, r.username]));
}

/**
 * A counting list's freeze (PROCESSES.md 4.3; decision 0192): its locations are locked for the
 * list's life by a holder that is not a user, -(the list's document id), named by the list's
 * code, and that never expires; so every movement from or into them is refused with
 * locationIsBeingCounted by the same one read per movement, pickers skip them, and only the
 * list's flush (countLockHolder = freezeHolderOf(list)) moves stock there. A location under a
 * wall-to-wall counter's unexpired lock is not taken: 409 claimedByOtherUser {username}.
 */
export const freezeHolderOf = (documentId: number): number => -documentId;
const frozenUntil = '9999-12-31T23:59:59.999Z';

export async function freezeLocations(
  tx: DbOrTx,
  binLocationIds: readonly number[],
  list: { documentId: number; code: string },
): Promise<void> {
  const chunk = 400;
  for (let start = 0; start < binLocationIds.length; start += chunk) {
    const ids = binLocationIds.slice(start, start + chunk);
    const taken = await repository.upsertLocks(tx, ids, {
      userId: freezeHolderOf(list.documentId),
      username: list.code,
      context: 'COUNTING_LIST',
      round: 0,
      takenAt: nowIso(),
      expiresAt: frozenUntil,
    });
    if (taken.length < ids.length) {
      const got = new Set(taken.map((r) => r.bin_location_id));
      const other = await repository.findLock(tx, ids.find((id) => !got.has(id)) as number);
      throw conflict('claimedByOtherUser', { username: other?.username ?? null });
    }
  }
}

/** Lifts a counting list's freeze. */
export function unfreezeLocations(tx: DbOrTx, documentId: number): Promise<number> {
  return repository.deleteLocksOf(tx, freezeHolderOf(documentId));
}
