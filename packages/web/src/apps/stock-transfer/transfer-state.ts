import {
  fromThousandths,
  type BinLocation,
  type LocationContentRow,
  type StockTransferAnswer,
  type StockTransferLine,
} from '@wms/contract';
import type { ItemIdentification } from '../../handheld/engine/types.js';

/** A line being collected: where from, what, how much (thousandths). */
export interface LineDraft {
  from: BinLocation | null;
  /** The from location's contents (auto-select of batch, lot and serial; single-item locations). */
  fromContents: LocationContentRow[] | null;
  identification: ItemIdentification | null;
  quantity: number;
}

/** The commit of a transfer: the answer once moved, the QC blocks still to set, whether it failed. */
export interface CommitState {
  to: BinLocation | null;
  /** The server's answer once the stock moved (a retry then only sets the QC blocks). */
  moved: StockTransferAnswer | null;
  /** Targets still to block for QC (theFollowingLocationsWillBeBlockedDueToQC, confirmed). */
  blockPending: string[];
  /** The last attempt failed without a known answer: the prompt offers a retry. */
  failed: boolean;
}

export type StockTransferState = LineDraft & CommitState;

/** Steps of the line transfers where the OK button confirms (the quantity, expired stock). */
export const confirmingStep: ReadonlySet<string> = new Set(['quantity', 'itemExpired']);

export const emptyDraft: LineDraft = { from: null, fromContents: null, identification: null, quantity: 0 };
export const emptyCommit: CommitState = { to: null, moved: null, blockPending: [], failed: false };

export function initialTransferState(): StockTransferState {
  return { ...emptyDraft, ...emptyCommit };
}

/**
 * After a transfer: the next one starts from the same from location (contents null: reloaded on
 * entering the from step); the app then moves on to the item step.
 */
export function nextTransferState(state: StockTransferState): StockTransferState {
  return { ...initialTransferState(), from: state.from };
}

/** The contract line of a collected draft; null while it is incomplete. */
export function draftLine(draft: LineDraft): StockTransferLine | null {
  const { from, identification, quantity } = draft;
  if (!from || !identification || quantity <= 0) return null;
  return {
    fromLocation: from.code,
    item: identification.item.code,
    batch: identification.batch,
    lot: identification.lot,
    serial: identification.serial,
    quantity: fromThousandths(quantity),
  };
}

/** A collected line of the multi stock transfer, with what the list shows. */
export interface CollectedLine {
  /** Numbers lines for the list's keys (never reused within a transfer). */
  id: number;
  line: StockTransferLine;
  itemName: string;
  units: string | null;
}

/** The notice arguments of a moved line: successfullyMoved {quantity, item, from, to}. */
export function movedArgs(line: StockTransferAnswer['lines'][number]) {
  return { quantity: line.quantity, item: line.item, from: line.fromLocation, to: line.toLocation };
}
