import { fromThousandths, sameCode, type CartSession } from '@wms/contract';
import { danger, go } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { stay, type Step, type StepOutcome } from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import type { PickingApi } from '../../handheld/picking/picking-api.js';
import { emptyDraft, type PickDraft } from '../../handheld/picking/pick-state.js';
import { pickSteps } from '../../handheld/picking/pick-workflow.js';
import { emptySlot, slotOfList, stopLines, stopOf } from './cart-walk.js';
import { collectApi, type CollectApi } from './collect-api.js';
import { pc } from './collect-state.js';

export interface CollectWorkflowDeps {
  /** The cart session as last loaded. */
  session(): CartSession | null;
  /** A session an answer returned; null: the session ended (finished elsewhere, claim removed). */
  onSession(session: CartSession | null): void;
  /** The pick's device-made Idempotency-Key (saved with the workflow). */
  keeper: IdempotencyKeeper;
  shortKeeper: IdempotencyKeeper;
  /** The walk is empty and the picker confirmed: the screen runs the finish. */
  onFinishAsked(): void;
  /** The calls (tests may replace them). */
  api?: Pick<CollectApi, 'current' | 'slot'>;
  pickApi?: Pick<PickingApi, 'pick' | 'short' | 'skip' | 'zeroCheck'>;
}

type Outcome = StepOutcome<PickDraft>;

/** The draft of a fresh start (no stop chosen yet). */
export const startDraft = (): PickDraft => emptyDraft('');

/**
 * 'line': the stop being picked, or (after a pick, skip or short) the session loaded again and
 * the first stop of the walk; slots without a container are asked first; an empty walk: 'done'.
 */
function walkStep(deps: CollectWorkflowDeps): Step<PickDraft> {
  const api = deps.api ?? collectApi;
  const choose = async (state: PickDraft): Promise<Outcome> => {
    if (state.lineNumber !== null && stopOf(deps.session(), state)) return go(state, 'location');
    const session = await api.current();
    deps.onSession(session);
    if (!session) return { state, next: stay };
    if (emptySlot(session)) return go(startDraft(), 'slotContainer');
    const [stop] = session.walk;
    if (!stop) return go(startDraft(), 'done');
    return go({ ...emptyDraft(stop.pickList), lineNumber: stop.lineNumber }, 'location');
  };
  return {
    id: 'line',
    prompt: () => pc('prompt.loading'),
    enter: choose,
    input: choose,
  };
}

/** 'slotContainer': a container for each slot without one (POST slot; a new code opens one). */
function slotContainerStep(deps: CollectWorkflowDeps): Step<PickDraft> {
  const api = deps.api ?? collectApi;
  return {
    id: 'slotContainer',
    prompt: () => {
      const slot = emptySlot(deps.session());
      return slot ? pc('prompt.slotContainer', { slot: slot.slot, pickList: slot.pickList }) : pc('prompt.loading');
    },
    async input(state, text, env) {
      const slot = emptySlot(deps.session());
      if (!slot) return go(state, 'line');
      if (isConfirmation(text, env.settings)) return { state, next: stay };
      const session = await api.slot(slot.slot, text);
      deps.onSession(session);
      const notices = [
        {
          variant: 'success' as const,
          key: 'pickAndCollect:slotFilled' as const,
          args: { slot: slot.slot, container: text },
        },
      ];
      return go(state, emptySlot(session) ? 'slotContainer' : 'line', { notices, sounds: ['success'] });
    },
  };
}

/**
 * 'container': "4 → slot B". The put is confirmed by a scan of slot B's container; any other
 * code is wrongSlotScanned {expected: B} on the device and nothing is sent.
 */
function putStep(deps: CollectWorkflowDeps): Step<PickDraft> {
  return {
    id: 'container',
    prompt: (state) => {
      const slot = slotOfList(deps.session(), state.code);
      return pc('prompt.put', {
        quantity: fromThousandths(state.quantity),
        slot: slot?.slot ?? '',
        container: slot?.container ?? '',
      });
    },
    input(state, text) {
      const slot = slotOfList(deps.session(), state.code);
      if (!slot?.container) return Promise.resolve(go(state, 'line'));
      if (text === '') return Promise.resolve({ state, next: stay });
      if (!sameCode(text, slot.container)) {
        return Promise.resolve(
          danger(state, { variant: 'danger', key: 'wrongSlotScanned', args: { expected: slot.slot } }),
        );
      }
      return Promise.resolve(go({ ...state, container: slot.container }, 'commit'));
    },
  };
}

/** 'done': the walk is empty; OK asks the screen to finish the cart. */
function doneStep(deps: CollectWorkflowDeps): Step<PickDraft> {
  return {
    id: 'done',
    prompt: () => pc('prompt.done', { cart: deps.session()?.cart ?? '' }),
    async input(state, text, env) {
      if ((deps.session()?.walk.length ?? 0) > 0) return go(state, 'line');
      if (isConfirmation(text, env.settings)) deps.onFinishAsked();
      return { state, next: stay };
    },
  };
}

/** Stock picking's steps this app asks its own way. */
const ownSteps = new Set(['line', 'container', 'done']);

/**
 * The walk of a cart (PROCESSES.md 3.4): slot containers, then per stop of the merged walk
 * stock picking's questions (location, item with batch or serials, quantity capped at the stop,
 * commit with the kept key, zero check, skip, short), the put confirmed by the slot's container.
 */
export function collectSteps(deps: CollectWorkflowDeps): Step<PickDraft>[] {
  const picking = pickSteps({
    pickList: (draft) => stopLines(deps.session(), draft),
    // The walk step loads the session again after every pick, skip or short.
    onList: () => undefined,
    onPick: () => undefined,
    keeper: deps.keeper,
    shortKeeper: deps.shortKeeper,
    onFinishAsked: () => deps.onFinishAsked(),
    ...(deps.pickApi ? { api: deps.pickApi } : {}),
  }).filter((step) => !ownSteps.has(step.id));
  return [walkStep(deps), slotContainerStep(deps), ...picking, putStep(deps), doneStep(deps)];
}
