import { optimisticLockMaxRetries } from '../../platform/http-policy.js';

/** A stale version (HTTP 412 optimisticLockConflict). */
export function isOptimisticLockConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 412;
}

/**
 * saveUserTask: read the record again, apply the edit to what was
 * read, write it; on a stale version (412) do it all again, at most `retries` more times.
 * Any other failure ends at once.
 */
export async function saveWithRetry<TRecord, TAnswer>(
  read: () => Promise<TRecord>,
  apply: (current: TRecord) => TRecord,
  write: (next: TRecord) => Promise<TAnswer>,
  retries = optimisticLockMaxRetries,
): Promise<TAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    const current = await read();
    try {
      return await write(apply(current));
    } catch (error) {
      if (!isOptimisticLockConflict(error) || attempt >= retries) throw error;
    }
  }
}
