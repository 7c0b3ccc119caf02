import type { StockTransferAnswer, StockTransferValidation } from '@wms/contract';
import type { CommitState } from './transfer-state.js';

export interface CommitCalls {
  /** validateRequest (the line transfers): which targets QC-pending stock would block. */
  validate?: () => Promise<StockTransferValidation>;
  /** The moving call, with the kept Idempotency-Key. */
  move: () => Promise<StockTransferAnswer>;
  /** Asks the user to confirm theFollowingLocationsWillBeBlockedDueToQC. */
  confirmQc: (locations: string[]) => Promise<boolean>;
  /** POST /api/v1/bin_location/{code}/setBlockStockMovements/true {reason}. */
  block: (code: string) => Promise<unknown>;
}

export type CommitResult<S> =
  | { kind: 'moved'; state: S; answer: StockTransferAnswer }
  /** The user did not confirm the QC blocking: nothing moved. */
  | { kind: 'declined'; state: S }
  /** The stock moved but a QC block failed: a retry blocks the rest, it never moves again. */
  | { kind: 'blockFailed'; state: S; error: unknown };

/**
 * A transfer's commit: validateRequest; when QC-pending stock would block
 * targets, the user confirms; the move (one request, one transaction, an Idempotency-Key kept until
 * an answer is known); then the QC block of each listed target (after the move: a blocked location
 * refuses movements). A state that already holds the answer only sets the blocks still pending.
 * A failed validation or move is thrown (nothing moved, or the answer is unknown and the retry
 * reuses the key).
 */
export async function commitTransfer<S extends CommitState>(state: S, calls: CommitCalls): Promise<CommitResult<S>> {
  let answer = state.moved;
  let pending = state.blockPending;
  if (!answer) {
    pending = calls.validate ? (await calls.validate()).locationsToBlockForQc : [];
    if (pending.length > 0 && !(await calls.confirmQc(pending))) return { kind: 'declined', state };
    answer = await calls.move();
  }
  const moved = { ...state, moved: answer, blockPending: pending };
  for (const code of pending) {
    try {
      await calls.block(code);
    } catch (error) {
      const rest = moved.blockPending.slice(moved.blockPending.indexOf(code));
      return { kind: 'blockFailed', state: { ...moved, blockPending: rest, failed: true }, error };
    }
  }
  return { kind: 'moved', state: { ...moved, blockPending: [], failed: false }, answer };
}
