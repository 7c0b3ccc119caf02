import { cartSlotNames, sameCode, type CartSession } from '@wms/contract';
import { go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { finish, stay, type Step } from '../../handheld/engine/types.js';
import { pickingApi } from '../../handheld/picking/picking-api.js';
import { collectApi } from './collect-api.js';
import { pc } from './collect-state.js';

/** What the start collects: the cart, then the lists (none: the server's next N). */
export interface StartDraft {
  cart: string | null;
  lists: string[];
}

export const emptyStart = (): StartDraft => ({ cart: null, lists: [] });

export interface StartWorkflowDeps {
  /** The session started: the screen opens the walk. */
  onStarted(session: CartSession): void;
  api?: Pick<typeof collectApi, 'start'>;
  detail?: typeof pickingApi.detail;
}

/** Lists a cart can take: open, nothing closed. */
const collectable = new Set(['RELEASED', 'PARTLY_PICKED']);

/** 'lists': scan list codes (each checked), or OK: the scanned ones, none scanned: the next N. */
function listsStep(deps: StartWorkflowDeps): Step<StartDraft> {
  const detail = deps.detail ?? pickingApi.detail;
  return {
    id: 'lists',
    prompt: (state) =>
      state.lists.length === 0
        ? pc('prompt.lists', { cart: state.cart ?? '' })
        : pc('prompt.listsScanned', {
            cart: state.cart ?? '',
            lists: state.lists.join(', '),
          }),
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) return go(state, 'start');
      if (state.lists.some((code) => sameCode(code, text))) return refuse(state, 'alreadyScanned', { code: text });
      if (state.lists.length >= cartSlotNames.length) {
        return refuse(state, 'pickAndCollect:tooManyLists', { max: cartSlotNames.length });
      }
      const list = await detail(text);
      if (!collectable.has(list.status)) return refuse(state, 'picklistNotInStatus', { status: list.status });
      return { state: { ...state, lists: [...state.lists, list.code] }, next: stay, sounds: ['success'] };
    },
  };
}

/**
 * The start of /pick_and_collect (PROCESSES.md 3.4): scan the cart (a MOBILE location), then
 * "Next" (the next N lists, N from the server's clusterSize) or scan list codes and OK: POST start.
 */
export function startSteps(deps: StartWorkflowDeps): Step<StartDraft>[] {
  const api = deps.api ?? collectApi;
  return [
    locationStep<StartDraft>({
      id: 'cart',
      next: 'lists',
      set: (state, location) => ({ ...state, cart: location.code }),
      check: (_state, location) =>
        location.locationType === 'MOBILE'
          ? null
          : { variant: 'danger', key: 'locationIsNotMobile', args: { code: location.code } },
      prompt: () => pc('prompt.cart'),
    }),
    listsStep(deps),
    doStep<StartDraft>({
      id: 'start',
      next: finish,
      onError: 'lists',
      prompt: () => pc('prompt.starting'),
      async action(state) {
        if (!state.cart) return { next: 'cart' };
        const session = await api.start(
          state.lists.length > 0 ? { cart: state.cart, pickLists: state.lists } : { cart: state.cart },
        );
        deps.onStarted(session);
        return undefined;
      },
    }),
  ];
}
