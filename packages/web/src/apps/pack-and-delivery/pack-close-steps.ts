import { sameCode, type PackView } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { stay, type Notice, type Step, type StepOutcome } from '../../handheld/engine/types.js';
import { packApi } from '../../handheld/packing/box-api.js';
import { maxWeightInMg, readingInMg, weightInMgOf } from '../../handheld/packing/pack-weight.js';
import { serverKey } from '../../handheld/picking/pick-refusals.js';
import { packAndDeliveryApi } from './pack-and-delivery-api.js';
import { codeOf, pd, success, withView, type PackFlowDeps } from './pack-flow.js';
import { closeRoute, containerOf, packRoute, type PackFlowState } from './pack-state.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

const dimensionsPattern = /^(\d{1,6})\s*[x×*]\s*(\d{1,6})\s*[x×*]\s*(\d{1,6})$/i;

/**
 * 'box': the box type of the container being closed (its suggested dimensions), or its
 * dimensions typed as L x W x H in mm; OK keeps the container's own dimensions (if any).
 */
export function boxStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'box',
    prompt: (state) => pd('prompt.box', { container: state.closing ?? '' }),
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) return go({ ...state, dimensions: null }, 'weight');
      const typed = dimensionsPattern.exec(text);
      if (typed) {
        const [lengthInMm, widthInMm, heightInMm] = typed.slice(1, 4).map(Number) as [number, number, number];
        if (
          lengthInMm > 0 &&
          widthInMm > 0 &&
          heightInMm > 0 &&
          Math.max(lengthInMm, widthInMm, heightInMm) <= 100_000
        ) {
          return go({ ...state, dimensions: { lengthInMm, widthInMm, heightInMm } }, 'weight');
        }
      }
      const type = (await deps.boxTypes()).find((known) => sameCode(known.code, text));
      if (type && type.lengthInMm !== null && type.widthInMm !== null && type.heightInMm !== null) {
        const { lengthInMm, widthInMm, heightInMm } = type;
        return go({ ...state, dimensions: { lengthInMm, widthInMm, heightInMm } }, 'weight');
      }
      if (type) return go({ ...state, dimensions: null }, 'weight');
      return refuse(state, 'packAndDelivery:notDimensions', { code: text });
    },
  };
}

/**
 * Closes the container with its weight and the dimensions chosen (or its own), prints its label,
 * reads the view again and goes on to the next container or the finish.
 */
async function closeContainer(deps: PackFlowDeps, state: S, container: string, weightInMg: number): Promise<Outcome> {
  const api = deps.api ?? packAndDeliveryApi;
  const boxApi = deps.boxApi ?? packApi;
  if (weightInMg > maxWeightInMg) return refuse(state, 'pickAndPack:tooHeavy', { max: maxWeightInMg / 1e6 });
  const own = containerOf(state.view, container);
  const dimensions = state.dimensions ?? {
    ...(own?.lengthInMm ? { lengthInMm: own.lengthInMm } : {}),
    ...(own?.widthInMm ? { widthInMm: own.widthInMm } : {}),
    ...(own?.heightInMm ? { heightInMm: own.heightInMm } : {}),
  };
  const notices: Notice[] = [];
  try {
    await boxApi.closeBox(container, { weightInMg, ...dimensions });
    notices.push(success('containerClosed', { container, weight: weightInMg / 1e6 }));
  } catch (error) {
    if (serverKey(error) !== 'containerClosed') return danger(state, failureNotice(error));
  }
  notices.push(...(await deps.printLabel(container)));
  let view: PackView | null;
  try {
    view = await api.view(codeOf(state));
  } catch (error) {
    notices.push({ ...failureNotice(error), variant: 'warning' });
    // Not read again: the container closed as far as this device knows.
    view = state.view && {
      ...state.view,
      containers: state.view.containers.map((known) =>
        sameCode(known.code, container) ? { ...known, status: 'CLOSED' as const } : known,
      ),
    };
  }
  return { ...closeRoute({ ...state, view }), notices, sounds: ['success'] };
}

/**
 * 'boxMeasure' (the Measure button at 'box', when a cartoncube is saved): the cartoncube gives
 * the container's L x W x H, and its weight when it weighs too: the container then closes at once
 * (the weight step is skipped); without a weight (or one the close refuses) the weight step asks.
 * A failed measurement is told and 'box' asks again; OK there keeps today's behaviour.
 */
export function boxMeasureStep(deps: PackFlowDeps): Step<S> {
  const measure = async (state: S): Promise<Outcome> => {
    const container = state.closing;
    if (!container || !deps.measureCarton) return closeRoute(state);
    let measured;
    try {
      measured = await deps.measureCarton();
    } catch (error) {
      return go(state, 'box', { notices: [failureNotice(error)], sounds: ['error'] });
    }
    const { lengthInMm, widthInMm, heightInMm, weightInMg } = measured;
    const measuredState = { ...state, dimensions: { lengthInMm, widthInMm, heightInMm } };
    const notice = success('measured', { container, length: lengthInMm, width: widthInMm, height: heightInMm });
    if (weightInMg === null || weightInMg > maxWeightInMg) return go(measuredState, 'weight', { notices: [notice] });
    const closed = await closeContainer(deps, measuredState, container, weightInMg);
    const next = closed.next === stay ? 'weight' : closed.next;
    return { ...closed, next, notices: [notice, ...(closed.notices ?? [])] };
  };
  return {
    id: 'boxMeasure',
    prompt: (state) => pd('prompt.boxMeasure', { container: state.closing ?? '' }),
    enter: measure,
    input: measure,
  };
}

/**
 * 'weight': typed ("1.25" kg, "1250 g") or read from the scale (OK or the button); then the
 * container closes with its weight and dimensions, its label prints, and the next one is asked.
 */
export function weightStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'weight',
    prompt: (state) => pd('prompt.weight', { container: state.closing ?? '' }),
    async input(state, text, env) {
      const container = state.closing;
      if (!container) return closeRoute(state);
      if (isConfirmation(text, env.settings)) {
        let reading;
        try {
          reading = await deps.readScale();
        } catch (error) {
          return danger(state, failureNotice(error));
        }
        const weight = readingInMg(reading, env.settings);
        if (weight === null) {
          return refuse(state, 'peripherals.invalidInputReceived', { value: `${reading.weight} ${reading.unit}` });
        }
        return closeContainer(deps, state, container, weight);
      }
      const weight = weightInMgOf(text, env.settings);
      if (weight === null || weight <= 0) return refuse(state, 'pickAndPack:notAWeight', { code: text });
      return closeContainer(deps, state, container, weight);
    },
  };
}

/** 'packFinish': pack finish {version} runs on entering (OK sends again): packed, or what is still missing. */
export function finishStep(deps: PackFlowDeps): Step<S> {
  const api = deps.api ?? packAndDeliveryApi;
  const run = async (state: S): Promise<Outcome> => {
    const view = state.view;
    if (!view) return go(state, 'scan');
    try {
      const packed = await api.finish(view.pickList.code, view.pickList.version);
      return go(withView(state, packed), 'packed', { sounds: ['success'] });
    } catch (error) {
      const key = serverKey(error);
      if (key === 'packingDifference' || key === 'containerNotClosed' || key === 'optimisticLockConflict') {
        try {
          const fresh = withView(state, await api.view(view.pickList.code));
          const routed = key === 'packingDifference' ? go(fresh, 'difference') : packRoute(fresh);
          return { ...routed, notices: [failureNotice(error)], sounds: ['error'] };
        } catch {
          // The view could not be read: the refusal is shown and the finish stays.
        }
      }
      return danger(state, failureNotice(error));
    }
  };
  return {
    id: 'packFinish',
    prompt: (state) => pd('prompt.finish', { code: codeOf(state) }),
    enter: run,
    input: (state, text, env) =>
      isConfirmation(text, env.settings) ? run(state) : Promise.resolve(refuse(state, 'packAndDelivery:pressOk')),
  };
}

/** 'packed': /pack starts over with the next list; /pack_and_delivery asks for the delivery. */
export function packedStep(deps: PackFlowDeps): Step<S> {
  const route = (state: S): Promise<Outcome> => {
    const code = codeOf(state);
    const notices = [success('packed', { code })];
    if (deps.mode === 'pack') return Promise.resolve({ state, next: 'finish', notices });
    const customer = state.view?.pickList.customer;
    const delivery = { pickList: code, customer: customer ? customer.name || customer.code : null };
    return Promise.resolve(go({ ...state, delivery }, 'deliverConfirm', { notices }));
  };
  return { id: 'packed', prompt: (state) => pd('prompt.packed', { code: codeOf(state) }), enter: route, input: route };
}
