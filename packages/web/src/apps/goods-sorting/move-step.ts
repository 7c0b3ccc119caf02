import {
  fromThousandths,
  sameCode,
  toThousandths,
  type GoodsSortingMoveAnswer,
  type GoodsSortingMoveRequest,
  type ManagerApproval,
} from '@wms/contract';
import { failureNotice, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { doStep, type DoResult } from '../../handheld/engine/steps/do.js';
import { finish, type KeyedError, type Notice, type Step } from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import { sortingApi, type SortingApi } from './sorting-api.js';
import { gs, moveRequestOf, withoutItem, type GoodsSortingState } from './sorting-state.js';

/** What the manager dialog is asked with: the refusal to show (enforcedDefaultLocation, or why the last approval failed). */
export interface ManagerQuestion {
  refusal: KeyedError;
  /** The destination the approval is for. */
  destination: string;
}

export interface MoveDependencies {
  /** The device-made Idempotency-Key, kept until an answer is known. */
  keeper: IdempotencyKeeper;
  /** Asks a manager to approve leaving the enforced default location: the credentials, or null (cancelled). */
  askManager: (question: ManagerQuestion) => Promise<ManagerApproval | null>;
  /** The calls (tests replace them). */
  api?: SortingApi;
}

/** The server's key of a keyed failure, without the errors namespace. */
function serverKey(error: StepFailure): string {
  return error.key.startsWith('errors:') ? error.key.slice('errors:'.length) : error.key;
}

/** Refusals of the approving credentials (POST /auth/verify's keys): the manager is asked again. */
const approvalKeys = new Set([
  'noManagerLoggedIn',
  'invalidLoginDetails',
  'insufficientRoles',
  'authenticationCodeRequired',
  'authenticationCodeAlreadyUsed',
  'invalidAuthenticationCode',
  'twoFactorNotConfigured',
]);
const quantityKeys = new Set(['notEnoughAvailableStock', 'quantityTooSmall', 'wholeUnitsOnly']);
const itemKeys = new Set([
  'notEnoughSerialsAvailable',
  'itemIsNotAllowed',
  'canNotMoveQcAndNonQcInSameTransfer',
  'unknownItemForCode',
  'unknownBatch',
  'unknownSerial',
  'invalidInput',
]);
const locationKeys = new Set(['stockMovementRestricted', 'stockMovementsBlocked', 'unknownLocation']);

/** The question a definite refusal sends the operator back to: the one whose answer was wrong. */
function refusalStep(state: GoodsSortingState, error: StepFailure): 'source' | 'item' | 'quantity' | 'destination' {
  const key = serverKey(error);
  if (quantityKeys.has(key)) return state.identification?.serial != null ? 'item' : 'quantity';
  if (itemKeys.has(key)) return 'item';
  if (locationKeys.has(key)) {
    const code = typeof error.args.code === 'string' ? error.args.code : null;
    return code !== null && state.source && sameCode(code, state.source.code) ? 'source' : 'destination';
  }
  return 'destination';
}

function refused(state: GoodsSortingState, error: StepFailure): DoResult<GoodsSortingState> {
  const step = refusalStep(state, error);
  const retry = { ...state, confirming: null, confirmed: false, failed: false };
  const next =
    step === 'item' || step === 'source'
      ? withoutItem(state)
      : step === 'destination'
        ? { ...retry, destination: null }
        : retry;
  return { state: next, next: step, notices: [failureNotice(error)], sounds: ['error'] };
}

/** One success notice per committed move: the lines (free and QC-pending stock) added up. */
function movedNotice(answer: GoodsSortingMoveAnswer, request: GoodsSortingMoveRequest): Notice {
  const quantity = fromThousandths(answer.lines.reduce((sum, line) => sum + toThousandths(line.quantity), 0));
  const args = { quantity, item: request.item, from: request.from, to: request.to };
  return answer.approvedBy
    ? {
        variant: 'success',
        key: 'goodsSorting:movedWithApproval',
        args: { ...args, manager: answer.approvedBy.username },
      }
    : { variant: 'success', key: 'handheld:successfullyMoved', args };
}

/**
 * The move with the rules of the destination: another destination than the proposed one is
 * confirmed by scanning it again (422 destinationNeedsConfirmation: back to the destination
 * question, the same code confirms); leaving an enforced default location needs a manager (422
 * enforcedDefaultLocation: the manager dialog; refused credentials ask again, cancel goes back to
 * the destination question). A failure without an answer is thrown: the step offers the retry
 * with the same Idempotency-Key.
 */
async function moveOnce(
  state: GoodsSortingState,
  request: GoodsSortingMoveRequest,
  deps: MoveDependencies,
): Promise<DoResult<GoodsSortingState>> {
  const api = deps.api ?? sortingApi;
  let approval: ManagerApproval | undefined;
  let enforced: StepFailure | null = null;
  for (;;) {
    try {
      const answer = await api.move(request, deps.keeper, approval);
      return {
        state: { ...state, moved: answer, failed: false },
        notices: [movedNotice(answer, request)],
        sounds: ['success'],
      };
    } catch (error) {
      if (!(error instanceof StepFailure) || answerUnknown(error)) throw error;
      const key = serverKey(error);
      if (key === 'enforcedDefaultLocation' || (approval && approvalKeys.has(key))) {
        enforced ??= error;
        const asked = await deps.askManager({ refusal: { key: error.key, args: error.args }, destination: request.to });
        if (asked) {
          approval = asked;
          continue;
        }
        return refused(state, enforced);
      }
      if (key === 'destinationNeedsConfirmation') {
        return {
          state: { ...state, confirming: request.to, confirmed: false, failed: false },
          next: 'destination',
          notices: [{ variant: 'warning', key: 'errors:destinationNeedsConfirmation', args: error.args }],
          sounds: ['error'],
        };
      }
      return refused(state, error);
    }
  }
}

/**
 * 'move': commits on entering. After a failure without a known answer, Enter, the OK code or the
 * Retry button tries again (with the same Idempotency-Key); any other scan is refused with
 * retryFirst {code}, so a scan meant for the next item neither retries this move nor is lost
 * without a word.
 */
export function moveStep(deps: MoveDependencies): Step<GoodsSortingState> {
  const step = doStep<GoodsSortingState>({
    id: 'move',
    next: finish,
    prompt: (state) => gs(state.failed ? 'prompt.retry' : 'prompt.moving'),
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      const request = moveRequestOf(state);
      if (!request) return { next: state.identification ? 'destination' : 'item' };
      return moveOnce(state, request, deps);
    },
  });
  return {
    ...step,
    input: (state, text, env) =>
      isConfirmation(text, env.settings)
        ? step.input(state, '', env)
        : Promise.resolve(refuse(state, 'goodsSorting:retryFirst', { code: text })),
  };
}
