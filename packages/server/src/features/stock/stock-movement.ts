import type { StockMovementType } from '@wms/contract';
import type { Dialect } from '../../db/database.js';
import type { ItemForRules, LocationForRules } from './stock.repository.js';

/** The movement types are in contract (the web translates them); the server's names stay. */
export { stockMovementTypes, type StockMovementType } from '@wms/contract';

/** The stock row a line changes: one (item, batch, serial, bin location). */
export interface StockKey {
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  binLocationId: number;
}

/**
 * One line of a movement. Every delta is signed integer thousandths (contract quantity.ts).
 * A transfer is a pair of lines (minus at the source, plus at the target); a pick moves
 * releasedDelta/onHandDelta out of the source and pickDelta/onHandDelta into the container.
 */
export interface StockMovementLine extends StockKey {
  /** What is physically there; also the ledger row's quantity. */
  onHandDelta: number;
  /** Allocated to released pick lists or tasks (default 0). */
  releasedDelta?: number;
  /** Picked, waiting in a container or cart (default 0). */
  pickDelta?: number;
  /** QC-pending stock that moves with the line (default 0); the row's QC flag follows it. */
  qcPendingDelta?: number;
}

export interface StockMovement {
  type: StockMovementType;
  /** Made by the client per attempt: a movement whose key is already in the ledger moves nothing again. */
  idempotencyKey?: string | null;
  /** The document the movement belongs to, written to each ledger row. */
  documentRef?: { type: string; code: string } | null;
  /**
   * The caller may move stock from or to locations with stockMovementRestricted (for transfers:
   * the stockTransferAuthMoveRestricted authorization). Default false.
   */
  allowRestricted?: boolean;
  /**
   * The user whose location count locks do not refuse this movement: only the counting save's
   * own COUNT_ADJUSTMENT and TRANSFER name it (features/counting/count-lock.ts). Every other
   * movement from or to a location under an unexpired count lock is 422 locationIsBeingCounted.
   */
  countLockHolder?: number | null;
  /** Who moved it (null: the system). */
  user: { userId: number | null; username: string } | null;
  lines: readonly StockMovementLine[];
  /**
   * Rows of the movement's locations and items that the caller read in this same transaction,
   * so the rules need not read them again. Movements never change these rows; a location
   * blocked by another transaction after they were read orders that block after this movement,
   * as if it had committed first (the block reads no stock).
   */
  readInTransaction?: { locations?: readonly LocationForRules[]; items?: readonly ItemForRules[] };
}

/** What the stock service needs of the app context (AppContext satisfies it). */
export interface StockDeps {
  dialect: Dialect;
}

/** A stock row after the movement (integer thousandths); all zero means the row was deleted. */
export interface StockRowAfter extends StockKey {
  onHandQty: number;
  releasedQty: number;
  pickQty: number;
  qcPendingQty: number;
}

export interface StockMovementResult {
  /** True when the idempotency key was already in the ledger: nothing moved this time. */
  replayed: boolean;
  /** Items and bin locations whose stock the movement touched (for live messages after commit). */
  itemIds: number[];
  binLocationIds: number[];
  /** The changed rows after the movement, in lock order (empty when replayed). */
  rows: StockRowAfter[];
}
