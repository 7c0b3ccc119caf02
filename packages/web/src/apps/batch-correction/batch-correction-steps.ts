import { batchCorrectionReasons, fromThousandths, samePaddedCode, type BatchCorrectionReason } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { parseDate } from '../../handheld/engine/steps/find-date.js';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { quantityStep } from '../../handheld/engine/steps/quantity.js';
import { finish, stay, type Step, type StepOutcome } from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { batchCorrectionApi, type BatchCorrectionApi } from './batch-correction-api.js';
import {
  batchAtLocation,
  bc,
  correctionRequest,
  initialBatchCorrectionState,
  itemRows,
  recordedBatch,
  summaryArgs,
  type BatchCorrectionState,
} from './batch-correction-state.js';

type S = BatchCorrectionState;
type Outcome = StepOutcome<S>;

export interface BatchCorrectionDeps {
  keeper: IdempotencyKeeper;
  api?: BatchCorrectionApi;
}

/** The reason a scan or a typed number (1-based) or code names; null when none. */
export function reasonOf(text: string): BatchCorrectionReason | null {
  const index = Number(text);
  if (Number.isInteger(index) && index >= 1 && index <= batchCorrectionReasons.length) {
    return batchCorrectionReasons[index - 1] ?? null;
  }
  return batchCorrectionReasons.find((reason) => reason === text.toUpperCase()) ?? null;
}

/** 'item': a batch-managed item that is on the location. */
const itemStep: Step<S> = {
  id: 'item',
  prompt: (state) => bc('prompt.item', { location: state.location?.code ?? '' }),
  async input(state, text, env) {
    if (text === '') return { state, next: stay };
    const found = await env.services.findItem(text);
    if (!found) return refuse(state, 'itemIdentification.unknownItemForCode', { code: text });
    const { item } = found;
    if (item.managedBy !== 'BATCH_NUMBER') return refuse(state, 'batchNotAllowedForItem', { item: item.code });
    if (itemRows(state, item.code).length === 0) {
      return danger(state, {
        variant: 'danger',
        ...bc('itemNotOnLocation', { item: item.code, location: state.location?.code ?? '' }),
      });
    }
    return go({ ...state, item, fromBatch: null, quantity: 0, toBatch: null }, 'fromBatch');
  },
};

/** 'fromBatch': the recorded batch, which must hold stock of the item on the location. */
const fromBatchStep: Step<S> = {
  id: 'fromBatch',
  prompt: (state) => bc('prompt.fromBatch', { item: state.item?.code ?? '', location: state.location?.code ?? '' }),
  async input(state, text, env) {
    if (!state.item) return go(state, 'item');
    if (text === '') return { state, next: stay };
    const [known] = await env.services.findBatches(text, state.item.code);
    if (!known) return refuse(state, 'unknownBatch', { code: text });
    const here = batchAtLocation(state, known.code);
    if (!here || (here.onHandQty !== null && here.onHandQty <= 0)) {
      return danger(state, {
        variant: 'danger',
        ...bc('batchNotOnLocation', { batch: known.code, location: state.location?.code ?? '' }),
      });
    }
    return go(
      { ...state, fromBatch: recordedBatch(here, known.qualityControlApprovedOrNotRequired), quantity: 0 },
      'quantity',
    );
  },
};

/** 'quantity': how much is on the wrong batch; never more than the location holds of it. */
function checkedQuantityStep(): Step<S> {
  const quantity = quantityStep<S>({
    id: 'quantity',
    next: 'toBatch',
    get: (state) => state.quantity,
    set: (state, value) => ({ ...state, quantity: value }),
    item: (state) => state.item,
    prompt: (state) =>
      bc('prompt.quantity', {
        batch: state.fromBatch?.code ?? '',
        quantity: fromThousandths(state.quantity),
        onHand: state.fromBatch?.onHand == null ? '—' : fromThousandths(state.fromBatch.onHand),
        units: state.item?.units ?? '',
      }),
  });
  return {
    ...quantity,
    async input(state, text, env) {
      const outcome = await quantity.input(state, text, env);
      const recorded = state.fromBatch;
      // Blind (the server left the quantity out): the server's own check decides.
      if (!recorded || recorded.onHand === null || outcome.state.quantity <= recorded.onHand) return outcome;
      return danger(state, {
        variant: 'danger',
        ...bc('quantityAboveRecorded', {
          quantity: fromThousandths(outcome.state.quantity),
          onHand: fromThousandths(recorded.onHand),
          batch: recorded.code,
          location: state.location?.code ?? '',
        }),
      });
    },
  };
}

/** After the correct batch: its expiry when it is new and the item needs one, else the reason. */
const afterToBatch = (state: S): string =>
  state.toBatch && !state.toBatch.known && state.item?.receiptScanPreferences.scanExpirationDate
    ? 'toBatchExpiry'
    : 'reason';

/** 'toBatch': the correct batch; a known one of the same QC status, or a new one scanned twice. */
const toBatchStep: Step<S> = {
  id: 'toBatch',
  prompt: (state) => bc('prompt.toBatch', { fromBatch: state.fromBatch?.code ?? '' }),
  // The second scan of a new batch confirms it: a repeat counts (outside the short repeat window).
  repeatScans: (state) => state.toBatch !== null && !state.toBatch.known,
  async input(state, text, env): Promise<Outcome> {
    const { item, fromBatch } = state;
    if (!item || !fromBatch) return go(state, 'fromBatch');
    if (text === '') return { state, next: stay };
    if (samePaddedCode(text, fromBatch.code)) return refuse(state, 'sameBatchInCorrection', { batch: fromBatch.code });
    const [known] = await env.services.findBatches(text, item.code);
    if (known) {
      const here = batchAtLocation(state, known.code);
      const qcPending = !known.qualityControlApprovedOrNotRequired || (here !== null && (here.qcPendingQty ?? 0) > 0);
      if (qcPending !== fromBatch.qcPending) {
        return refuse(state, 'cannotMixQcStatusInCorrection', { fromBatch: fromBatch.code, toBatch: known.code });
      }
      const toBatch = { code: known.code, known: true, confirmed: true, expirationDate: known.expirationDate };
      return go({ ...state, toBatch }, 'reason');
    }
    if (text.length > 100) return refuse(state, 'misc.wrongFormat', { value: text });
    const pending = state.toBatch;
    if (pending && !pending.known && pending.code === text) {
      const next = { ...state, toBatch: { ...pending, confirmed: true } };
      return go(next, afterToBatch(next));
    }
    return {
      state: { ...state, toBatch: { code: text, known: false, confirmed: false, expirationDate: null } },
      next: stay,
      notices: [{ variant: 'warning', ...bc('newBatchScanAgain', { batch: text, item: item.code }) }],
      sounds: ['beep'],
    };
  },
};

/** The date formats an expiry may be typed in (the first is the one the refusal names). */
const expiryFormats = ['YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY', 'DD/MM/YYYY', 'DDMMYYYY'];

/** A typed expiry date as YYYY-MM-DD; null when it is none of the formats. */
export function typedExpiry(text: string, now: Date): string | null {
  for (const format of expiryFormats) {
    const date = parseDate(text, format, now);
    if (date) return date.toISOString().slice(0, 10);
  }
  return null;
}

/** 'toBatchExpiry': the expiry of the new batch, typed. */
const toBatchExpiryStep: Step<S> = {
  id: 'toBatchExpiry',
  prompt: (state) => bc('prompt.toBatchExpiry', { batch: state.toBatch?.code ?? '' }),
  async input(state, text, env) {
    if (!state.toBatch) return go(state, 'toBatch');
    if (text === '') return { state, next: stay };
    const date = typedExpiry(text, env.now());
    if (!date)
      return danger(state, { variant: 'danger', ...bc('notADate', { value: text, format: expiryFormats[0] }) });
    return go({ ...state, toBatch: { ...state.toBatch, expirationDate: date } }, 'reason');
  },
};

/** 'reason': a reason button, or its number or code scanned or typed. */
const reasonStep: Step<S> = {
  id: 'reason',
  prompt: () => bc('prompt.reason'),
  async input(state, text) {
    if (text === '') return { state, next: stay };
    const reason = reasonOf(text);
    if (!reason) return danger(state, { variant: 'danger', ...bc('unknownReason', { value: text }) });
    return go({ ...state, reason }, 'confirm');
  },
};

/** 'confirm': "12 × A → B at L-01-02"; Enter or OK commits: one correction, one success message. */
function confirmStep(deps: BatchCorrectionDeps): Step<S> {
  return {
    id: 'confirm',
    prompt: (state) => bc('prompt.confirm', summaryArgs(state)),
    async input(state, text, env): Promise<Outcome> {
      if (!isConfirmation(text, env.settings)) return refuse(state, 'batchCorrection:confirmFirst', { code: text });
      const request = correctionRequest(state);
      if (!request) return go(state, 'location');
      try {
        const done = await (deps.api ?? batchCorrectionApi).correct(request, deps.keeper);
        return {
          state: { ...state, done },
          next: finish,
          notices: [
            {
              variant: 'success',
              ...bc('corrected', {
                quantity: done.quantity,
                fromBatch: done.fromBatch,
                toBatch: done.toBatch,
                location: done.location,
              }),
            },
          ],
          sounds: ['success'],
        };
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/**
 * /corrections/batch_correction (PROCESSES.md 4.5; decision 0190): location -> item -> recorded
 * batch -> quantity -> correct batch (a new one scanned twice, then its expiry when the item needs
 * one) -> reason -> confirmation -> one BATCH_CORRECTION. Every wrong scan is told at its scan
 * (unknown location, item or batch; the batch not on the location; more than it holds; the same
 * batch; another QC status) and changes nothing.
 */
export function batchCorrectionSteps(deps: BatchCorrectionDeps): Step<S>[] {
  const location = locationStep<S>({
    id: 'location',
    next: 'item',
    loadContents: true,
    set: (_state, found, contents) => ({ ...initialBatchCorrectionState(), location: found, contents }),
    prompt: () => bc('prompt.location'),
  });
  return [
    location,
    itemStep,
    fromBatchStep,
    checkedQuantityStep(),
    toBatchStep,
    toBatchExpiryStep,
    reasonStep,
    confirmStep(deps),
  ];
}
