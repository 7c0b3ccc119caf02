import {
  fromThousandths,
  gtinCandidates,
  readCompoundBarcode,
  sameCode,
  samePaddedCode,
  toThousandths,
  type GoodsReceipt,
  type ManagerApproval,
  type ReceiptProgressAnswer,
} from '@wms/contract';
import { namesItem } from '../../handheld/engine/item-codes.js';
import { failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { quantityStep } from '../../handheld/engine/steps/quantity.js';
import {
  finish,
  stay,
  type Notice,
  type Step,
  type StepOutcome,
  type WorkflowEnv,
} from '../../handheld/engine/types.js';
import { parseAmount } from '../../handheld/engine/units.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import { receiptApi } from './receipt-api.js';
import { receiptIdentificationSteps } from './receipt-identification-steps.js';
import {
  draftLine,
  emptyDraft,
  gr,
  progressBody,
  type PendingConfirmation,
  type ReceiptDraft,
} from './receipt-state.js';

export interface ReceiptWorkflowDeps {
  /** The receipt as last loaded; null while loading. */
  receipt(): GoodsReceipt | null;
  /** The device-made Idempotency-Key of the entry, kept until an answer is known. */
  keeper: IdempotencyKeeper;
  /** Asks a manager for their credentials (overReceiptNeedsManager, shown as the reason); null: cancelled. */
  askManager(reason: PendingConfirmation | null): Promise<ManagerApproval | null>;
  /** What a saved entry changed (its line, the new entries), to merge into the receipt shown. */
  onProgress(answer: ReceiptProgressAnswer): void;
  /** The calls (tests replace them). */
  api?: Pick<typeof receiptApi, 'progress'>;
}

/** The server key of a keyed failure (errors:<key>), else null. */
export function serverKey(error: unknown): string | null {
  return error instanceof StepFailure && error.key.startsWith('errors:') ? error.key.slice('errors:'.length) : null;
}

const confirmationKinds: Record<string, PendingConfirmation['kind']> = {
  overReceiptNeedsConfirmation: 'quantity',
  quantityLooksWrong: 'quantity',
  batchExistsWithOtherExpiry: 'batchExpiry',
  overReceiptNeedsManager: 'manager',
};

/**
 * Where a refused entry goes back to: the question whose answer the server refused, with that
 * answer cleared (a refused serial leaves the loop's list); any other refusal returns to the
 * target question with everything kept.
 */
export function refusalRoute(state: ReceiptDraft, key: string, args: Record<string, unknown>) {
  const cleared = { ...state, pending: null, failed: false };
  switch (key) {
    case 'itemNotOnOrder':
      return { state: emptyDraft(state.receipt), next: 'item' };
    case 'batchRequired':
    case 'batchAlreadyExpired':
      return { state: { ...cleared, batch: null, expirationDate: null }, next: 'batch' };
    case 'expirationDateRequired':
      return { state: { ...cleared, expirationDate: null }, next: 'expiry' };
    case 'manufacturingDateRequired':
      return { state: { ...cleared, manufacturingDate: null }, next: 'productionDate' };
    case 'manufacturingBatchRequired':
      return { state: { ...cleared, manufacturingBatch: null }, next: 'manufacturingBatch' };
    case 'serialAlreadyExists': {
      const index = state.serials.findIndex(
        (serial) => typeof args.serial === 'string' && sameCode(serial, args.serial),
      );
      const keep = (_: unknown, at: number) => at !== index;
      return {
        state: {
          ...cleared,
          serials: state.serials.filter(keep),
          manufacturingSerials: state.manufacturingSerials.filter(keep),
        },
        next: 'serial',
      };
    }
    case 'serialRequired':
    case 'manufacturingSerialRequired':
      return { state: cleared, next: 'serial' };
    case 'qcStockNeedsQcLocation':
    case 'unknownLocation':
    case 'locationNotInWarehouse':
    case 'noReceiptLocation':
      return { state: { ...cleared, target: null }, next: 'target' };
    default:
      return { state: cleared, next: 'target' };
  }
}

/** The success notice of a saved entry (a serial item's units are one entry each): one per committed change. */
function receivedNotice(state: ReceiptDraft, answer: ReceiptProgressAnswer): Notice {
  const entry = answer.entries[0];
  return {
    variant: 'success',
    key: 'goodsReceipt:received',
    args: {
      quantity: entry
        ? fromThousandths(answer.entries.reduce((sum, row) => sum + toThousandths(row.quantity), 0))
        : fromThousandths(state.quantity),
      units: state.item?.units ?? '',
      item: state.item?.code ?? '',
      location: entry?.targetLocation ?? state.target ?? '',
    },
  };
}

/**
 * 'commit': saves the entry (POST progress) with the kept Idempotency-Key. A refusal that asks
 * for a rescan waits at 'confirm'; overReceiptNeedsManager asks a manager at once and sends
 * again with the approval; a failure without an answer offers a retry with the same key.
 */
function commitStep(deps: ReceiptWorkflowDeps): Step<ReceiptDraft> {
  const api = deps.api ?? receiptApi;
  const send = async (state: ReceiptDraft, approval?: ManagerApproval): Promise<StepOutcome<ReceiptDraft>> => {
    if (state.line === null || !state.item) return go(emptyDraft(state.receipt), 'item');
    try {
      const answer = await api.progress(state.receipt, state.line, progressBody(state), deps.keeper, approval);
      deps.onProgress(answer);
      return {
        state: { ...state, pending: null, failed: false },
        next: finish,
        notices: [receivedNotice(state, answer)],
        sounds: ['success'],
      };
    } catch (error) {
      const key = serverKey(error);
      if (key === null || answerUnknown(error)) {
        return { state: { ...state, failed: true }, next: stay, notices: [failureNotice(error)], sounds: ['error'] };
      }
      const args = error instanceof StepFailure ? error.args : {};
      const kind = confirmationKinds[key];
      if (kind === 'manager' && !approval) {
        const pending: PendingConfirmation = { kind, key, args };
        const asked = { ...state, pending, failed: false };
        const manager = await deps.askManager(pending);
        if (manager) return send(asked, manager);
        return { state: asked, next: 'confirm', notices: [failureNotice(error)], sounds: ['error'] };
      }
      if (kind) {
        const pending: PendingConfirmation = { kind, key, args };
        return {
          state: { ...state, pending, failed: false },
          next: 'confirm',
          notices: [{ ...failureNotice(error), variant: 'warning' }],
          sounds: ['error'],
        };
      }
      // A refusal of the manager's credentials (invalidLoginDetails, insufficientRoles, ...): ask again.
      if (approval)
        return {
          state: { ...state, failed: false },
          next: 'confirm',
          notices: [failureNotice(error)],
          sounds: ['error'],
        };
      const route = refusalRoute(state, key, args);
      return { ...route, notices: [failureNotice(error)], sounds: ['error'] };
    }
  };
  const run = async (state: ReceiptDraft): Promise<StepOutcome<ReceiptDraft>> => {
    if (state.pending?.kind === 'manager') {
      const manager = await deps.askManager(state.pending);
      if (!manager) return go(state, 'confirm');
      return send(state, manager);
    }
    return send(state);
  };
  return {
    id: 'commit',
    prompt: (state) => gr(state.failed ? 'prompt.retry' : 'prompt.saving'),
    enter: (state) => run(state),
    // Only after a failure without an answer: Enter, the OK code or Retry sends again (same key).
    input: (state, text, env) =>
      isConfirmation(text, env.settings)
        ? run(state)
        : Promise.resolve(refuse(state, 'goodsReceipt:retryFirst', { code: text })),
  };
}

/** Whether a scan names the draft's item: its code, a barcode, or a GS1 barcode of it. */
function scansItem(state: ReceiptDraft, text: string, env: WorkflowEnv): boolean {
  const item = state.item;
  if (!item) return false;
  if (namesItem(item, text)) return true;
  const reading = readCompoundBarcode(text, env.now()).readings.find((candidate) => candidate.gs1 !== null);
  const code = reading?.itemCode ?? null;
  return code !== null && [code, ...gtinCandidates(code)].some((candidate) => namesItem(item, candidate));
}

/** Whether a scan is the draft's batch again (typed, or AI 10 of a GS1 barcode). */
function scansBatch(state: ReceiptDraft, text: string, env: WorkflowEnv): boolean {
  if (state.batch === null) return false;
  if (samePaddedCode(state.batch, text)) return true;
  const reading = readCompoundBarcode(text, env.now()).readings.find((candidate) => candidate.gs1 !== null);
  return reading?.batchCode != null && samePaddedCode(state.batch, reading.batchCode);
}

/**
 * 'confirm': the entry waits for what the refusal asked. A quantity (over-receipt within the
 * tolerance, quantityLooksWrong): the item scanned again, the same quantity typed again, Enter or
 * Confirm resends it with confirmations.quantity; another quantity is sent as a new entry. A
 * batch known with another expiry: the batch scanned again (or Confirm) resends with
 * confirmations.batchExpiry. A manager: Confirm asks for the credentials again.
 */
function confirmStep(): Step<ReceiptDraft> {
  return {
    id: 'confirm',
    repeatScans: true,
    prompt: (state) => {
      const args = {
        item: state.item?.code ?? '',
        units: state.item?.units ?? '',
        quantity: fromThousandths(state.quantity),
        batch: state.batch ?? '',
      };
      switch (state.pending?.kind) {
        case 'batchExpiry':
          return gr('prompt.confirmBatch', args);
        case 'manager':
          return gr('prompt.confirmManager', args);
        case 'quantity':
        case undefined:
          return gr('prompt.confirmQuantity', args);
      }
    },
    async input(state, text, env) {
      const pending = state.pending;
      if (!pending) return go(state, 'target');
      const ok = isConfirmation(text, env.settings);
      switch (pending.kind) {
        case 'quantity': {
          const typed = parseAmount(text);
          if (ok || scansItem(state, text, env) || typed === state.quantity) {
            return go({ ...state, pending: null, confirmations: { ...state.confirmations, quantity: true } }, 'commit');
          }
          if (typed !== null && typed > 0 && state.item?.managedBy !== 'SERIAL_NUMBER') {
            return go(
              { ...state, pending: null, quantity: typed, confirmations: { ...state.confirmations, quantity: false } },
              'commit',
            );
          }
          return refuse(state, 'goodsReceipt:confirmQuantityFirst', {
            quantity: fromThousandths(state.quantity),
            item: state.item?.code ?? '',
          });
        }
        case 'batchExpiry':
          if (ok || scansBatch(state, text, env)) {
            return go(
              { ...state, pending: null, confirmations: { ...state.confirmations, batchExpiry: true } },
              'commit',
            );
          }
          return refuse(state, 'goodsReceipt:confirmBatchFirst', { batch: state.batch ?? '' });
        case 'manager':
          if (ok) return go(state, 'commit');
          return refuse(state, 'goodsReceipt:confirmManagerFirst');
      }
    },
  };
}

/**
 * 'target': where the goods are put. Enter (or Default) keeps the receipt's default target (the
 * warehouse's receipt staging location); a scanned location or MOBILE cart replaces it.
 */
function targetStep(deps: ReceiptWorkflowDeps): Step<ReceiptDraft> {
  return {
    id: 'target',
    prompt: () => {
      const location = deps.receipt()?.defaultTargetLocation ?? null;
      return location ? gr('prompt.targetDefault', { location }) : gr('prompt.target');
    },
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) {
        const receipt = deps.receipt();
        if (!receipt?.defaultTargetLocation)
          return refuse(state, 'noReceiptLocation', { warehouse: receipt?.warehouse ?? '' });
        return go({ ...state, target: null }, 'commit');
      }
      const location = await env.services.findLocation(text);
      if (!location) return refuse(state, 'unknownLocation', { code: text });
      return go({ ...state, target: location.code }, 'commit');
    },
  };
}

/**
 * The receipt screen's questions: item (GS1 fills batch and dates) -> batch -> expiry ->
 * production date -> supplier batch (each only when the item asks) -> the serial loop, or the
 * quantity -> target -> commit (-> confirm when the server asks for a rescan or a manager).
 */
export function receiptSteps(deps: ReceiptWorkflowDeps): Step<ReceiptDraft>[] {
  const quantity = quantityStep<ReceiptDraft>({
    id: 'quantity',
    next: 'target',
    get: (state) => state.quantity,
    set: (state, value) => ({ ...state, quantity: value, confirmations: { ...state.confirmations, quantity: false } }),
    item: (state) => state.item,
    batch: (state) => state.batch,
    prompt: (state) =>
      gr('prompt.quantity', {
        item: state.item?.code ?? '',
        quantity: fromThousandths(state.quantity),
        units: state.item?.units ?? '',
        open: draftLine(deps.receipt(), state)?.open ?? 0,
      }),
  });
  return [...receiptIdentificationSteps(deps), quantity, targetStep(deps), commitStep(deps), confirmStep()];
}

/** Steps where the OK button confirms (the quantity, the serial loop's Done, a rescan asked). */
export const confirmingSteps: ReadonlySet<string> = new Set(['quantity', 'confirm']);
