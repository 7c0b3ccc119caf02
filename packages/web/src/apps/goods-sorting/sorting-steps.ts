import { fromThousandths, sameCode, toThousandths } from '@wms/contract';
import { danger, failureNotice } from '../../handheld/engine/outcomes.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { quantityStep } from '../../handheld/engine/steps/quantity.js';
import {
  stay,
  type ItemIdentification,
  type Notice,
  type Step,
  type WorkflowEnv,
} from '../../handheld/engine/types.js';
import { transferIdentificationSteps } from '../../handheld/identification-steps.js';
import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import { moveStep, type MoveDependencies } from './move-step.js';
import { sortingApi } from './sorting-api.js';
import { locationRuleNotice, quantityNotice, sameAsSourceNotice, stagingNotice } from './sorting-checks.js';
import {
  gs,
  initialSortingState,
  proposalOf,
  withoutItem,
  type GoodsSortingState,
  type SortingMode,
} from './sorting-state.js';

export interface SortingDependencies extends MoveDependencies {
  /** The user holds stockTransferAuthMoveRestricted (restricted locations are refused at their scan otherwise). */
  mayMoveRestricted?: () => boolean;
}

type S = GoodsSortingState;

/** Where a confirmed quantity goes: the destination question (by item) or the move (by location). */
const afterQuantity = (mode: SortingMode) => (mode === 'item' ? 'destination' : 'move');

/** The staging rows and contents of the source, each loaded when missing (entering the item question after a move). */
async function withStaging(state: S, env: WorkflowEnv, api: typeof sortingApi): Promise<S> {
  const { source } = state;
  if (!source || (state.staging && state.sourceContents)) return state;
  const [staging, contents] = await Promise.all([
    state.staging ?? api.staging(source.code).then((answer) => answer.lines),
    state.sourceContents ?? env.services.locationContents(source.code),
  ]);
  return { ...state, staging, sourceContents: contents };
}

/** 'source': the staging location or cart; its rows are loaded, and one holding nothing is refused. */
function sourceStep(deps: SortingDependencies, api: typeof sortingApi): Step<S> {
  const mayMoveRestricted = deps.mayMoveRestricted ?? (() => true);
  const step = locationStep<S>({
    id: 'source',
    next: 'item',
    set: (state, location) => ({
      ...initialSortingState(state.mode),
      source: location,
      // By location, a destination scanned already stays (the source changes, not the destination).
      destination: state.mode === 'location' ? state.destination : null,
    }),
    check: (state, location) =>
      locationRuleNotice(location, mayMoveRestricted()) ??
      (state.destination && sameCode(state.destination.code, location.code)
        ? { variant: 'danger', key: 'errors:sameSourceAndTarget', args: { code: location.code } }
        : null),
    prompt: () => gs('prompt.source'),
  });
  return {
    ...step,
    async input(state, text, env) {
      const outcome = await step.input(state, text, env);
      if (outcome.next === stay || !outcome.state.source) return outcome;
      const loaded = await withStaging(outcome.state, env, api);
      if (loaded.staging?.length === 0) {
        return danger(state, {
          variant: 'danger',
          key: 'goodsSorting:stagingEmpty',
          args: { location: loaded.source?.code ?? text },
        });
      }
      const next = loaded.mode === 'location' && !loaded.destination ? 'destination' : 'item';
      return { ...outcome, state: loaded, next };
    },
  };
}

/** 'destination': a location other than the source; the code the server asked to confirm, scanned again, confirms. */
function destinationStep(deps: SortingDependencies): Step<S> {
  const mayMoveRestricted = deps.mayMoveRestricted ?? (() => true);
  const step = locationStep<S>({
    id: 'destination',
    next: 'move',
    set: (state, location) => {
      const again = state.confirming !== null && sameCode(state.confirming, location.code);
      return {
        ...state,
        destination: location,
        confirming: again ? state.confirming : null,
        confirmed: again,
        failed: false,
        moved: null,
      };
    },
    check: (state, location) =>
      sameAsSourceNotice(state, location) ?? locationRuleNotice(location, mayMoveRestricted()),
    prompt: (state) => {
      const proposal = proposalOf(state);
      if (state.confirming)
        return gs('prompt.confirmDestination', { code: state.confirming, proposed: proposal?.location ?? '' });
      if (state.mode === 'location' && !state.identification) return gs('prompt.destinationFirst');
      if (!proposal) return gs('prompt.destination.none');
      return gs(`prompt.destination.${proposal.reason}`, { location: proposal.location });
    },
  });
  return {
    ...step,
    // Confirming means the same code again, perhaps at once: a repeat counts (the short window).
    repeatScans: (state) => state.confirming !== null,
    async input(state, text, env) {
      const outcome = await step.input(state, text, env);
      if (outcome.next === stay || outcome.state.identification) return outcome;
      return { ...outcome, next: 'item' };
    },
  };
}

/**
 * A location scanned at the item question: by item it becomes the staging location to sort
 * (sourceChanged); by location it becomes the destination of the next items (destinationChanged).
 * A code that is neither item nor location keeps the unknown-item warning.
 */
function locationAtItemStep(item: Step<S>, source: Step<S>, destination: Step<S>): Step<S> {
  return {
    ...item,
    async input(state, text, env) {
      const outcome = await item.input(state, text, env);
      const unknownItem = outcome.notices?.some((notice) => notice.key.endsWith('unknownItemForCode')) ?? false;
      if (!unknownItem) return outcome;
      const byLocation = state.mode === 'location';
      const moved = await (byLocation ? destination : source).input(state, text, env);
      if (moved.notices?.some((notice) => notice.key === 'unknownLocation')) return outcome;
      const location = byLocation ? moved.state.destination : moved.state.source;
      if (moved.next === stay || !location) return moved;
      const notice: Notice = {
        variant: 'info',
        key: byLocation ? 'goodsSorting:destinationChanged' : 'goodsSorting:sourceChanged',
        args: { code: location.code },
      };
      return { ...moved, next: 'item', notices: [...(moved.notices ?? []), notice] };
    },
  };
}

/** 'item' with its batch, lot and serial questions; the staging rows are loaded on entering when missing. */
function itemSteps(api: typeof sortingApi): Step<S>[] {
  const itemArgs = (state: S) => ({
    item: state.identification?.item.code ?? '',
    lot: state.identification?.lot ?? '',
  });
  const steps = transferIdentificationSteps<S>({
    id: 'item',
    get: (state) => state.identification,
    set: (state, value: ItemIdentification | null) => ({ ...state, identification: value }),
    source: (state) => (state.source ? { location: state.source, contents: state.sourceContents } : null),
    route: (state) => ({ state: { ...state, suggestion: null, quantity: 0 }, next: 'suggest' }),
    check: (state, value, level) => stagingNotice(state, value, level),
    prompts: {
      item: (state) =>
        state.mode === 'location' && state.destination
          ? gs('prompt.itemTo', { location: state.destination.code })
          : gs('prompt.item', { location: state.source?.code ?? '' }),
      batch: (state) => gs('prompt.batch', itemArgs(state)),
      lot: (state) => gs('prompt.lot', itemArgs(state)),
      serial: (state) => gs('prompt.serial', itemArgs(state)),
    },
  });
  const [item, ...others] = steps;
  const enter = item!.enter?.bind(item);
  return [
    {
      ...item!,
      async enter(state, env) {
        const loaded = await withStaging(state, env, api);
        if (loaded.staging?.length === 0 && loaded.source) {
          // Everything sorted: the next staging location is asked (by location, to the same destination).
          const notice: Notice = {
            variant: 'info',
            key: 'goodsSorting:stagingDone',
            args: { location: loaded.source.code },
          };
          const next = {
            ...initialSortingState(state.mode),
            destination: state.mode === 'location' ? state.destination : null,
          };
          return { state: next, next: 'source', notices: [notice] };
        }
        const outcome = enter ? await enter(loaded, env) : null;
        return outcome ?? (loaded === state ? null : { state: loaded, next: stay });
      },
    },
    ...others,
  ];
}

/** 'suggest': asks the server for the proposal and the quantity to move by default. */
function suggestStep(api: typeof sortingApi): Step<S> {
  return doStep<S>({
    id: 'suggest',
    next: 'quantity',
    prompt: () => gs('prompt.suggesting'),
    async action(state) {
      const { source, identification } = state;
      if (!source || !identification) return { state: withoutItem(state), next: 'item' };
      try {
        const suggestion = await api.suggest({
          location: source.code,
          item: identification.item.code,
          batch: identification.batch,
          serial: identification.serial,
        });
        const available = toThousandths(suggestion.quantity);
        if (available <= 0) {
          const args = { item: identification.item.code, location: source.code };
          const notice: Notice = { variant: 'danger', key: 'goodsSorting:nothingToSort', args };
          return { state: withoutItem(state), next: 'item', notices: [notice], sounds: ['error'] };
        }
        if (identification.serial !== null) {
          return { state: { ...state, suggestion, quantity: 1000 }, next: afterQuantity(state.mode) };
        }
        return { state: { ...state, suggestion, quantity: available }, next: 'quantity' };
      } catch (error) {
        if (!(error instanceof StepFailure) || answerUnknown(error)) throw error;
        return { state: withoutItem(state), next: 'item', notices: [failureNotice(error)], sounds: ['error'] };
      }
    },
  });
}

/** 'quantity': defaults to the proposed quantity (all of it); more than that is refused at once. */
function checkedQuantityStep(mode: SortingMode): Step<S> {
  const step = quantityStep<S>({
    id: 'quantity',
    next: afterQuantity(mode),
    get: (state) => state.quantity,
    set: (state, value) => ({ ...state, quantity: value }),
    item: (state) => state.identification?.item ?? null,
    batch: (state) => state.identification?.batch ?? null,
    prompt: (state) =>
      gs('prompt.quantity', {
        item: state.identification?.item.code ?? '',
        quantity: fromThousandths(state.quantity),
        units: state.identification?.item.units ?? '',
      }),
  });
  return {
    ...step,
    async input(state, text, env) {
      const outcome = await step.input(state, text, env);
      if (outcome.next === stay && outcome.state.quantity <= state.quantity) return outcome;
      const notice = quantityNotice(outcome.state, outcome.state.quantity);
      return notice ? danger(state, notice) : outcome;
    },
  };
}

/**
 * /goods_sorting (mode 'item'): source -> item (batch, lot, serial) -> suggest -> quantity ->
 * destination -> move, then the next item from the same source.
 * /goods_sorting/location (mode 'location'): source -> destination -> item -> suggest ->
 * quantity -> move, then the next item to the same destination; a location scanned at the item
 * question is the new destination.
 */
export function goodsSortingSteps(mode: SortingMode, deps: SortingDependencies): Step<S>[] {
  const api = deps.api ?? sortingApi;
  const source = sourceStep(deps, api);
  const destination = destinationStep(deps);
  const [item, ...identification] = itemSteps(api);
  return [
    source,
    locationAtItemStep(item!, source, destination),
    ...identification,
    suggestStep(api),
    checkedQuantityStep(mode),
    destination,
    moveStep(deps),
  ];
}

/** The start of both flows. */
export const startStep = 'source';
