import type { RecountFlushAnswer } from '@wms/contract';
import { addLine, countBatchStep, countQuantityStep } from '../../handheld/counting/blind-count.js';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import {
  finish,
  stay,
  type Notice,
  type Step,
  type StepOutcome,
  type WorkflowEnv,
} from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { recountingApi, type RecountingApi } from './recounting-api.js';
import {
  commands,
  documentOf,
  inScope,
  initialRecountingState,
  rc,
  requestLocation,
  saveRequest,
  type RecountingState,
} from './recounting-state.js';

type S = RecountingState;
type Outcome = StepOutcome<S>;

export interface RecountingDeps {
  keeper: IdempotencyKeeper;
  api?: RecountingApi;
}

const isCommand = (text: string) => Object.values(commands).includes(text as never);

/** The one message of a flush: posted (success), first count wrong (info), to review (warning). */
export function flushedNotice(done: RecountFlushAnswer): Notice {
  const variant = done.outcome === 'POSTED' ? 'success' : done.outcome === 'REVIEW' ? 'warning' : 'info';
  return { variant, ...rc(`flushed.${done.outcome}`, { document: done.document, count: done.adjustedLines }) };
}

/** 'request': a request's code (scanned, typed or tapped in the list) is claimed. */
function requestStep(deps: RecountingDeps): Step<S> {
  return {
    id: 'request',
    prompt: () => rc('prompt.request'),
    async input(state, text) {
      if (text === '' || isCommand(text)) return { state, next: stay };
      try {
        const request = await (deps.api ?? recountingApi).claim(text);
        const saved = request.locations.filter((l) => l.saved).map((l) => l.code);
        return go({ ...initialRecountingState(), request, saved }, 'location');
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/** 'location': a location of the request; a location scan never selects the item. */
const locationStep: Step<S> = {
  id: 'location',
  prompt: (state) =>
    rc('prompt.location', {
      document: documentOf(state),
      locations: state.request?.locations.map((l) => l.visualCode).join(', ') ?? '',
    }),
  async input(state, text) {
    if (!state.request) return go(state, 'request');
    if (text === '' || isCommand(text)) return { state, next: stay };
    const location = requestLocation(state, text);
    if (!location) return refuse(state, 'locationNotInRecountRequest', { location: text, document: documentOf(state) });
    return go({ ...state, location: location.code, lines: [], current: null, quantity: 0 }, 'count');
  },
};

/** Saves the location's recount: one message; then the next location, or the flush. */
async function save(deps: RecountingDeps, state: S): Promise<Outcome> {
  try {
    const done = await (deps.api ?? recountingApi).save(saveRequest(state), deps.keeper);
    const saved = [...new Set([...state.saved, done.location])];
    const next = { ...state, saved, lines: [], current: null, quantity: 0, location: null };
    const notices: Notice[] = [{ variant: 'success', ...rc('saved', { location: done.location }) }];
    return go(next, done.locationsLeft.length === 0 ? 'flush' : 'location', { notices, sounds: ['success'] });
  } catch (error) {
    return danger(state, failureNotice(error));
  }
}

/** An item, batch item or serial scanned at the count step: only the request's items. */
async function countScan(state: S, text: string, env: WorkflowEnv): Promise<Outcome> {
  const found = await env.services.findItem(text);
  if (!found) {
    const [serial] = await env.services.findSerials(text);
    if (!serial) return refuse(state, 'itemIdentification.unknownItemForCode', { code: text });
    if (!inScope(state, serial.itemCode)) {
      return refuse(state, 'itemNotInCountRequest', { item: serial.itemCode, location: state.location ?? '' });
    }
    const line = { item: serial.itemCode, units: '', batch: null, serial: serial.code, quantity: 1000 };
    return go({ ...state, lines: addLine(state.lines, line) }, 'count', { sounds: ['serial'] });
  }
  const { item } = found;
  if (!inScope(state, item.code)) {
    return refuse(state, 'itemNotInCountRequest', { item: item.code, location: state.location ?? '' });
  }
  if (item.managedBy === 'SERIAL_NUMBER') return refuse(state, 'serialRequired', { item: item.code });
  if (item.managedBy === 'BATCH_NUMBER') return go({ ...state, current: { item, batch: null }, quantity: 0 }, 'batch');
  return go({ ...state, current: { item, batch: null }, quantity: 0 }, 'quantity');
}

/** 'count': scan the request's items (blind) until "location done". */
function countStep(deps: RecountingDeps): Step<S> {
  return {
    id: 'count',
    prompt: (state) => rc('prompt.count', { location: state.location ?? '', lines: state.lines.length }),
    async input(state, text, env) {
      if (!state.location) return go(state, 'location');
      if (text === commands.save) return save(deps, state);
      if (text === '' || isCommand(text)) return { state, next: stay };
      return countScan(state, text, env);
    },
  };
}

/** 'flush': every location saved; OK (or the flush button) makes the recount final: one message. */
function flushStep(deps: RecountingDeps): Step<S> {
  return {
    id: 'flush',
    prompt: (state) => rc('prompt.flush', { document: documentOf(state) }),
    async input(state, text, env) {
      if (!state.request) return go(state, 'request');
      if (text !== commands.flush && text !== '' && !isConfirmation(text, env.settings)) {
        return refuse(state, 'recounting:confirmFirst', { code: text });
      }
      try {
        const done = await (deps.api ?? recountingApi).flush(documentOf(state), deps.keeper);
        return { state: { ...state, done }, next: finish, notices: [flushedNotice(done)], sounds: ['success'] };
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/**
 * /recounting (PROCESSES.md 4.4; decision 0191): request (claimed) -> location of the request ->
 * its items, batches and serials with quantities, blind -> location done (one save) -> ... ->
 * flush (one message per outcome: posted, first count wrong, to review). A wrong scan (a location
 * or item not in the request, an unknown code) is told at its scan and changes nothing.
 */
export function recountingSteps(deps: RecountingDeps): Step<S>[] {
  return [
    requestStep(deps),
    locationStep,
    countStep(deps),
    // At the batch step the buttons wait for the batch; at the quantity step "location done" saves it too.
    countBatchStep<S>('recounting', async (state, text) => (isCommand(text) ? { state, next: stay } : null)),
    countQuantityStep<S>('recounting', async (state, text) => (text === commands.save ? save(deps, state) : null)),
    flushStep(deps),
  ];
}
