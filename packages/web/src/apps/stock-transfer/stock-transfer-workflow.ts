import { doStep } from '../../handheld/engine/steps/do.js';
import { failureNotice, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { finish, stay, type Notice, type Step } from '../../handheld/engine/types.js';
import { commitTransfer } from './commit-transfer.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { lineSteps, st, targetStep } from './line-steps.js';
import { refusalRoute, type RefusalStep } from './refusal-route.js';
import { transferApi } from './transfer-api.js';
import {
  draftLine,
  emptyCommit,
  initialTransferState,
  movedArgs,
  type CommitState,
  type StockTransferState,
} from './transfer-state.js';

export interface TransferDependencies {
  /** The device-made Idempotency-Key, kept until an answer is known. */
  keeper: IdempotencyKeeper;
  /** Asks the user to confirm theFollowingLocationsWillBeBlockedDueToQC. */
  confirmQc: (locations: string[]) => Promise<boolean>;
  /** The reason stored with a QC block (translated). */
  qcReason: () => string;
  /** The calls (tests replace them). */
  api?: typeof transferApi;
  /** The user holds stockTransferAuthMoveRestricted (restricted locations are refused at their scan otherwise). */
  mayMoveRestricted?: () => boolean;
}

/** The prompt of a commit step: working, or the retry after a failure without a known answer. */
export function commitPrompt(state: CommitState) {
  if (state.failed) return st(state.moved ? 'prompt.retryBlock' : 'prompt.retry');
  return st('prompt.transferring');
}

const successSounds = ['success' as const];

/**
 * A commit step takes input only after a failure without a known answer. Then Enter, the OK
 * code or the Retry button tries again; any other scan is refused with retryFirst {code} (a scan
 * made for the next transfer must neither retry this one nor be lost without a word).
 */
export function retryOnEnter<S>(step: Step<S>): Step<S> {
  return {
    ...step,
    input: (state, text, env) =>
      isConfirmation(text, env.settings)
        ? step.input(state, '', env)
        : Promise.resolve(refuse(state, 'stockTransfer:retryFirst', { code: text })),
  };
}

/** The restricted-location permission of the dependencies, as the line and target steps take it. */
export function restricted(deps: { mayMoveRestricted?: () => boolean }) {
  return deps.mayMoveRestricted ? { mayMoveRestricted: deps.mayMoveRestricted } : {};
}

/** The state to go back with after a refusal: the answers from that step on are asked again. */
export function stateForRoute(state: StockTransferState, route: RefusalStep): StockTransferState {
  switch (route) {
    case 'from':
      return initialTransferState();
    case 'item':
      return { ...state, ...emptyCommit, identification: null, quantity: 0 };
    case 'quantity':
    case 'to':
      return { ...state, ...emptyCommit };
  }
}

/**
 * /item/stock_transfer (issue 5 point 5): from location -> item (compound barcodes) ->
 * batch, or lot and serial -> quantity -> to location -> transfer. The transfer validates,
 * asks to confirm the QC blocking when validateRequest lists targets, moves the line with an
 * Idempotency-Key, then blocks the listed targets. It finishes with successfullyMoved {quantity,
 * item, from, to}; the app then starts the next transfer from the same from location.
 * A refused transfer goes back to the step whose answer was wrong.
 */
export function stockTransferSteps(deps: TransferDependencies): Step<StockTransferState>[] {
  const api = deps.api ?? transferApi;
  const transfer = doStep<StockTransferState>({
    id: 'transfer',
    next: finish,
    prompt: commitPrompt,
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      const line = draftLine(state);
      if (!line || !state.to) return { next: line ? 'to' : 'item' };
      const request = { lines: [line], toLocation: state.to.code };
      try {
        const result = await commitTransfer(state, {
          validate: () => api.validate(request),
          move: () => api.moveLines(request, deps.keeper),
          confirmQc: deps.confirmQc,
          block: (code) => api.blockForQc(code, deps.qcReason()),
        });
        if (result.kind === 'declined') return { state: { ...state, ...emptyCommit }, next: 'to' };
        if (result.kind === 'blockFailed')
          return { state: result.state, next: stay, notices: [failureNotice(result.error)], sounds: ['error'] };
        const notices: Notice[] = result.answer.lines.map((moved) => ({
          variant: 'success',
          key: 'handheld:successfullyMoved',
          args: movedArgs(moved),
        }));
        return { state: result.state, notices, sounds: successSounds };
      } catch (error) {
        const route = refusalRoute(error, {
          fromCode: state.from?.code ?? null,
          serial: state.identification?.serial != null,
        });
        if (!route) throw error;
        return { state: stateForRoute(state, route), next: route, notices: [failureNotice(error)], sounds: ['error'] };
      }
    },
  });
  return [
    ...lineSteps<StockTransferState>({ afterQuantity: 'to', ...restricted(deps) }),
    targetStep<StockTransferState>({
      next: 'transfer',
      sources: (state) => (state.from ? [state.from.code] : []),
      ...restricted(deps),
    }),
    retryOnEnter(transfer),
  ];
}
