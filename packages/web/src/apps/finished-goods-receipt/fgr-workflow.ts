import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { failureNotice } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { finish, stay, type Notice, type Step } from '../../handheld/engine/types.js';
import { finishedGoodsApi } from './fgr-api.js';
import { questionSteps, routeRefusal } from './fgr-steps.js';
import { fg, nextQuestion, receiveRequestOf, type FinishedGoodsState } from './fgr-state.js';

type S = FinishedGoodsState;

export interface FinishedGoodsDependencies {
  /** The device-made Idempotency-Key, kept until an answer is known. */
  keeper: IdempotencyKeeper;
  /** The device's item label printer (a server printer id), or null: no label. */
  printer: () => number | null;
  /** The calls (tests replace them). */
  api?: typeof finishedGoodsApi;
}

const serverKey = (key: string) => (key.startsWith('errors:') ? key.slice('errors:'.length) : key);

/** The notices of a committed receipt: the success once, and what became of the label. */
function receivedNotices(answer: NonNullable<S['received']>, units: string): Notice[] {
  const notices: Notice[] = [
    {
      variant: 'success',
      key: 'finishedGoodsReceipt:received',
      args: {
        quantity: answer.quantity,
        units,
        item: answer.item,
        location: answer.targetLocation,
        order: answer.order,
      },
    },
  ];
  if (answer.qcPending) {
    notices.push({
      variant: 'info',
      key: 'finishedGoodsReceipt:qcPending',
      args: { requests: answer.qcRequests.join(', ') },
    });
  }
  if (answer.label.printed > 0) {
    notices.push({
      variant: 'info',
      key: 'finishedGoodsReceipt:labelPrinted',
      args: { printer: answer.label.printer },
    });
  } else if (answer.label.skipped === 'failed' && answer.label.error) {
    notices.push({
      variant: 'warning',
      key: 'finishedGoodsReceipt:labelFailed',
      args: { reason: answer.label.error.key },
    });
  }
  return notices;
}

/**
 * 'receive': sends the receipt with the keeper's Idempotency-Key. Success: one success notice,
 * and the workflow finishes (the next order is asked). A definite refusal goes back to the
 * question whose answer was wrong; a failure without a known answer stays and offers the retry
 * (the same key, so the stock moves once).
 */
function receiveStep(deps: FinishedGoodsDependencies): Step<S> {
  const api = deps.api ?? finishedGoodsApi;
  return doStep<S>({
    id: 'receive',
    next: finish,
    prompt: (state) => fg(state.failed ? 'prompt.retry' : 'prompt.receiving'),
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      const request = receiveRequestOf(state, deps.printer());
      if (!request || !state.order) return { next: nextQuestion(state) };
      try {
        const answer = await api.receive(state.order.order, request, deps.keeper);
        return {
          state: { ...state, failed: false, received: answer },
          notices: receivedNotices(answer, state.order.item.units ?? ''),
          sounds: ['success'],
        };
      } catch (error) {
        if (!(error instanceof StepFailure) || answerUnknown(error)) throw error;
        const route = routeRefusal({ ...state, failed: false }, serverKey(error.key), error.args);
        return { ...route, notices: [failureNotice(error)], sounds: ['error'] };
      }
    },
  });
}

/**
 * The receive step takes input only after a failure without a known answer: then Enter, the OK
 * code or Retry tries again; any other scan is refused (it must neither retry nor be lost).
 */
function retryOnly(step: Step<S>): Step<S> {
  return {
    ...step,
    input: (state, text, env) =>
      isConfirmation(text, env.settings)
        ? step.input(state, '', env)
        : Promise.resolve({
            state,
            next: stay,
            notices: [{ variant: 'danger', key: 'finishedGoodsReceipt:retryFirst', args: { code: text } }],
            sounds: ['error'],
          }),
  };
}

/**
 * /finished_goods_receipt: order (or pallet label) -> batch -> expiry -> production date (new
 * batches, as the item's receipt preferences ask) -> serials or quantity -> target -> receive,
 * then the next order.
 */
export function finishedGoodsSteps(deps: FinishedGoodsDependencies): Step<S>[] {
  return [...questionSteps(deps.api), retryOnly(receiveStep(deps))];
}
