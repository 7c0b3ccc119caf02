import { preconditionFailed } from './app-error.js';

/**
 * Optimistic locking: a record carries a version; an update is
 * `... set version = version + 1 where id = ? and version = ?`. No row updated means the
 * caller's copy is stale: HTTP 412 (the client re-reads and retries).
 */
export function expectOneUpdated(result: { numUpdatedRows: bigint }, args: Record<string, unknown> = {}): void {
  if (result.numUpdatedRows === 0n) throw preconditionFailed(args);
}
