import {
  fromThousandths,
  sameCode,
  samePaddedCode,
  toThousandths,
  type BatchCorrectionAnswer,
  type BatchCorrectionReason,
  type BatchCorrectionRequest,
  type BinLocation,
  type ItemFindAnswer,
  type LocationContentBatch,
  type LocationContentRow,
} from '@wms/contract';

/**
 * The recorded (wrong) batch: its code, QC status and what it holds at the location (thousandths;
 * null when the server leaves quantities out: blind counting in batching mode, decision 0189).
 */
export interface RecordedBatch {
  code: string;
  qcPending: boolean;
  onHand: number | null;
}

/** The correct batch: known, or new (confirmed by a second scan, with its expiry when the item needs one). */
export interface CorrectBatch {
  code: string;
  known: boolean;
  /** A new batch's code scanned once: a second scan of it confirms creating it. */
  confirmed: boolean;
  expirationDate: string | null;
}

/** The workflow state of /corrections/batch_correction (JSON-safe: saved and resumed per user). */
export interface BatchCorrectionState {
  location: BinLocation | null;
  contents: LocationContentRow[] | null;
  item: ItemFindAnswer['item'] | null;
  fromBatch: RecordedBatch | null;
  /** Thousandths. */
  quantity: number;
  toBatch: CorrectBatch | null;
  reason: BatchCorrectionReason | null;
  done: BatchCorrectionAnswer | null;
}

export const initialBatchCorrectionState = (): BatchCorrectionState => ({
  location: null,
  contents: null,
  item: null,
  fromBatch: null,
  quantity: 0,
  toBatch: null,
  reason: null,
  done: null,
});

/** A prompt or notice key of this app's namespace. */
export function bc(key: string, args?: Record<string, unknown>) {
  return args ? { key: `batchCorrection:${key}` as const, args } : { key: `batchCorrection:${key}` as const };
}

/** The item's rows in the location's contents. */
export function itemRows(state: BatchCorrectionState, itemCode: string): LocationContentRow[] {
  return (state.contents ?? []).filter((row) => sameCode(row.item.code, itemCode));
}

/** The item's batch at the location (from the loaded contents), if it is there. */
export function batchAtLocation(state: BatchCorrectionState, code: string): LocationContentBatch | null {
  if (!state.item) return null;
  return (
    itemRows(state, state.item.code)
      .flatMap((row) => row.batches)
      .find((batch) => batch.code !== null && samePaddedCode(batch.code, code)) ?? null
  );
}

/** The recorded batch as the contents show it. */
export function recordedBatch(batch: LocationContentBatch, qcApproved: boolean): RecordedBatch {
  return {
    code: batch.code ?? '',
    qcPending: !qcApproved || toThousandths(batch.qcPendingQty ?? 0) > 0,
    onHand: batch.onHandQty === null ? null : toThousandths(batch.onHandQty),
  };
}

/** The confirmation's arguments: "12 × A → B at L-01-02". */
export function summaryArgs(state: BatchCorrectionState) {
  return {
    quantity: fromThousandths(state.quantity),
    units: state.item?.units ?? '',
    item: state.item?.code ?? '',
    fromBatch: state.fromBatch?.code ?? '',
    toBatch: state.toBatch?.code ?? '',
    location: state.location?.code ?? '',
  };
}

/** The request of a complete state; null while something is missing. */
export function correctionRequest(state: BatchCorrectionState): Omit<BatchCorrectionRequest, 'idempotencyKey'> | null {
  const { location, item, fromBatch, toBatch, reason, quantity } = state;
  if (!location || !item || !fromBatch || !toBatch || !reason || quantity <= 0) return null;
  return {
    location: location.code,
    item: item.code,
    fromBatch: fromBatch.code,
    toBatch: toBatch.code,
    toBatchExpiry: toBatch.known ? null : toBatch.expirationDate,
    quantity: fromThousandths(quantity),
    reason,
  };
}
