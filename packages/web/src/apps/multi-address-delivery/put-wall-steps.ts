import type { PutWallPutAnswer, PutWallTarget, PutWallView } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { stay, type Notice, type Step, type StepOutcome, type WorkflowEnv } from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { putWallApi, type PutWallApi } from './multi-address-delivery-api.js';

/**
 * The put wall's workflow state (JSON-safe: saved and resumed per app and user). The wall is kept
 * as the server last answered it; reopening reloads it (GET multi_address_delivery/{code}).
 */
export interface PutWallState {
  wall: PutWallView | null;
  /** The unit scan being put (sent as the unit's item: the server reads codes, barcodes, GS1). */
  unit: string | null;
  /** Where the unit goes, as located. */
  target: PutWallTarget | null;
}

export const initialPutWallState = (): PutWallState => ({ wall: null, unit: null, target: null });

type S = PutWallState;
type Outcome = StepOutcome<S>;

/** A prompt or notice key of this app's namespace. */
export function mad(key: string, args?: Record<string, unknown>) {
  return args ? { key: `multiAddressDelivery:${key}` as const, args } : { key: `multiAddressDelivery:${key}` as const };
}

export interface PutWallDeps {
  keeper: IdempotencyKeeper;
  api?: PutWallApi;
}

const codeOf = (state: S) => state.wall?.pickList.code ?? '';

/** After a wall arrived: every slot delivered rests at 'done', else a unit is asked. */
const afterWall = (wall: PutWallView): string => (wall.done ? 'done' : 'unit');

/**
 * The one success message of a put (one per committed change): the unit in its slot, or the
 * address complete with its delivery, or that and the list closed.
 */
export function putNotice(answer: PutWallPutAnswer, container: string): Notice {
  const { target, view, delivery } = answer;
  if (delivery !== null && view.done) {
    return { variant: 'success', ...mad('done', { name: target.name, delivery, picklist: view.pickList.code }) };
  }
  if (delivery !== null) return { variant: 'success', ...mad('delivered', { name: target.name, delivery }) };
  return {
    variant: 'success',
    ...mad('put', {
      item: target.item,
      slot: target.slot,
      container: target.container ?? container,
      put: target.put,
      due: target.due,
    }),
  };
}

/** POST start {scan}: the picked cart, a container or the code of a multi-address list opens its wall. */
async function startWall(deps: PutWallDeps, state: S, text: string, env: WorkflowEnv): Promise<Outcome> {
  if (isConfirmation(text, env.settings)) return refuse(state, 'multiAddressDelivery:scanACart');
  try {
    const wall = await (deps.api ?? putWallApi).start(text);
    return go({ ...initialPutWallState(), wall }, afterWall(wall), { sounds: ['success'] });
  } catch (error) {
    return danger(state, failureNotice(error));
  }
}

/** 'start': the picked cart or a container (or the list's code). */
function startStep(deps: PutWallDeps): Step<S> {
  return {
    id: 'start',
    prompt: () => mad('prompt.start'),
    input: (state, text, env) => startWall(deps, state, text, env),
  };
}

/** 'unit': a unit scan is located (nothing changes): "Store 12, slot C, 3 of 5". */
function unitStep(deps: PutWallDeps): Step<S> {
  return {
    id: 'unit',
    prompt: () => mad('prompt.unit'),
    async input(state, text, env): Promise<Outcome> {
      if (state.wall === null) return go(initialPutWallState(), 'start');
      if (isConfirmation(text, env.settings)) return refuse(state, 'multiAddressDelivery:scanAUnit');
      try {
        const target = await (deps.api ?? putWallApi).locate(codeOf(state), { item: text });
        return go({ ...state, unit: text, target }, 'container', { sounds: ['beep'] });
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/**
 * 'container': the slot's container (a slot without one takes the scanned code) puts the unit
 * (ONE TRANSFER with the keeper's key). wrongSlotScanned and any other refusal: the danger
 * notice, nothing moved, the question stays.
 */
function containerStep(deps: PutWallDeps): Step<S> {
  return {
    id: 'container',
    prompt: (state) => {
      const target = state.target;
      if (target === null) return mad('prompt.unit');
      return target.container === null
        ? mad('prompt.newContainer', { slot: target.slot })
        : mad('prompt.container', { slot: target.slot, container: target.container });
    },
    async input(state, text, env): Promise<Outcome> {
      const { wall, unit } = state;
      if (wall === null || unit === null) return go({ ...state, unit: null, target: null }, wall ? 'unit' : 'start');
      if (isConfirmation(text, env.settings)) return { state, next: stay };
      try {
        const answer = await (deps.api ?? putWallApi).put(wall.pickList.code, { item: unit }, text, deps.keeper);
        return go({ wall: answer.view, unit: null, target: null }, afterWall(answer.view), {
          notices: [putNotice(answer, text)],
          sounds: ['success'],
        });
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/** 'done': every address of the list is delivered; a scan opens the next wall, OK starts over. */
function doneStep(deps: PutWallDeps): Step<S> {
  return {
    id: 'done',
    prompt: (state) => mad('prompt.done', { picklist: codeOf(state) }),
    input(state, text, env): Promise<Outcome> {
      if (isConfirmation(text, env.settings)) return Promise.resolve({ state, next: 'finish' });
      return startWall(deps, state, text, env);
    },
  };
}

/** The put wall's steps (PROCESSES.md 3.10; decision 0188). */
export function putWallSteps(deps: PutWallDeps): Step<S>[] {
  return [startStep(deps), unitStep(deps), containerStep(deps), doneStep(deps)];
}
