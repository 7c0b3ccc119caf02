import { sameCode, type BoxType, type PackView } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { parseAmount } from '../../handheld/engine/units.js';
import type { Notice, ScaleReading, Step, StepOutcome, WorkflowEnv } from '../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { packApi, type PackApi } from '../../handheld/packing/box-api.js';
import { maxWeightInMg, readingInMg, weightInMgOf } from '../../handheld/packing/pack-weight.js';
import { serverKey } from '../../handheld/picking/pick-refusals.js';
import { packAndDeliveryApi, type PackAndDeliveryApi } from './pack-and-delivery-api.js';
import {
  closeRoute,
  containerOf,
  openRows,
  packRoute,
  progressOf,
  rowKey,
  rowsOfUnit,
  uncountedRows,
  type ContentRow,
  type PackAndDeliveryMode,
  type PackFlowState,
  type PackUnit,
} from './pack-state.js';
import { identifyUnit, missingPart } from './pack-unit.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

/** A prompt or notice key of this app's namespace. */
export function pd(key: string, args?: Record<string, unknown>) {
  return args ? { key: `packAndDelivery:${key}` as const, args } : { key: `packAndDelivery:${key}` as const };
}

const success = (key: string, args: Record<string, unknown>): Notice => ({
  variant: 'success',
  key: `packAndDelivery:${key}`,
  args,
});

/** What the steps ask of the screen. */
export interface PackFlowDeps {
  mode: PackAndDeliveryMode;
  keeper: IdempotencyKeeper;
  boxTypes(): Promise<BoxType[]>;
  /** Reads the scale (connecting on demand); throws a keyed failure when there is none. */
  readScale(): Promise<ScaleReading>;
  /** Prints the closed box's label, or offers its PDF; answers what to tell. */
  printLabel(container: string): Promise<Notice[]>;
  /** A delivery was created: the screen offers its packing slip. */
  onDelivered(code: string): void;
  api?: PackAndDeliveryApi;
  boxApi?: Pick<PackApi, 'closeBox'>;
}

const codeOf = (state: S) => state.view?.pickList.code ?? '';
const withView = (state: S, view: PackView): S => ({ ...state, view });

/** After a fresh view: NONE shows the contents first, the others verify (pack-state packRoute). */
function afterStart(state: S, view: PackView, notices: Notice[] = []): Outcome {
  const fresh = { ...state, view, flushScan: null, counted: [] };
  const routed = view.verification === 'NONE' ? { state: fresh, next: 'contents' } : packRoute(fresh);
  return { ...routed, notices, sounds: ['success'] };
}

/** pack start {scan, confirmFlush}; PARTLY_PICKED asks its confirmation first. */
async function startPacking(deps: PackFlowDeps, state: S, scan: string, confirmFlush: boolean): Promise<Outcome> {
  const api = deps.api ?? packAndDeliveryApi;
  try {
    return afterStart(state, await api.start(scan, confirmFlush));
  } catch (error) {
    if (!confirmFlush && serverKey(error) === 'picklistNotFullyPicked') {
      return go({ ...state, flushScan: scan }, 'confirmFlush', {
        notices: [{ ...failureNotice(error), variant: 'warning' }],
        sounds: ['error'],
      });
    }
    return danger(state, failureNotice(error));
  }
}

/** 'scan': a pick list or one of its containers starts packing. */
function scanStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'scan',
    prompt: () => pd('prompt.scan'),
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) return Promise.resolve(refuse(state, 'packAndDelivery:scanAList'));
      return startPacking(deps, state, text, false);
    },
  };
}

/** 'confirmFlush': the same code again (or OK) flushes the PARTLY_PICKED list and starts; another code starts that one. */
function confirmFlushStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'confirmFlush',
    prompt: (state) => pd('prompt.confirmFlush', { code: state.flushScan ?? '' }),
    repeatScans: true,
    input(state, text, env) {
      const scan = state.flushScan;
      if (scan !== null && (isConfirmation(text, env.settings) || sameCode(text, scan))) {
        return startPacking(deps, state, scan, true);
      }
      return startPacking(deps, { ...state, flushScan: null }, text, false);
    },
  };
}

/** 'contents' (verification NONE): the containers and contents are shown; OK goes on to closing. */
function contentsStep(): Step<S> {
  return {
    id: 'contents',
    prompt: (state) => pd('prompt.contents', { code: codeOf(state) }),
    input(state, text, env) {
      if (!isConfirmation(text, env.settings)) return Promise.resolve(refuse(state, 'packAndDelivery:pressOk'));
      return Promise.resolve(closeRoute(state));
    },
  };
}

/** The rows a unit question matches against: open units (SCAN_ALL) or rows not counted yet (COUNT). */
const rowsToVerify = (state: S): ContentRow[] =>
  state.view?.verification === 'COUNT' ? uncountedRows(state) : openRows(state.view);

/** SCAN_ALL: one unit into its container (the first with that unit still open). */
async function verifyUnit(deps: PackFlowDeps, state: S, unit: PackUnit): Promise<Outcome> {
  const api = deps.api ?? packAndDeliveryApi;
  const row = rowsOfUnit(openRows(state.view), unit)[0];
  if (!row)
    return refuse(state, 'packAndDelivery:unitNotOpen', { item: unit.item, code: unit.serial ?? unit.batch ?? '' });
  try {
    const view = await api.verify(
      codeOf(state),
      { container: row.container, item: unit.item, batch: unit.batch, serial: unit.serial, quantity: 1 },
      deps.keeper,
    );
    const routed = packRoute(withView(state, view));
    const { done, total } = progressOf(view);
    return {
      ...routed,
      notices: [success('unitVerified', { item: unit.item, container: row.container, done, total })],
      sounds: ['success'],
    };
  } catch (error) {
    return danger(state, failureNotice(error));
  }
}

/** A unit known in full: SCAN_ALL verifies it, COUNT asks how many. */
function unitKnown(deps: PackFlowDeps, state: S, unit: PackUnit): Promise<Outcome> {
  const part = missingPart(unit, rowsToVerify(state));
  if (part) return Promise.resolve(go({ ...state, unit }, part === 'batch' ? 'unitBatch' : 'unitSerial'));
  if (state.view?.verification === 'COUNT') return Promise.resolve(go({ ...state, unit }, 'countQuantity'));
  return verifyUnit(deps, state, unit);
}

async function scanUnit(deps: PackFlowDeps, state: S, text: string, env: WorkflowEnv): Promise<Outcome> {
  const scanned = await identifyUnit(text, rowsToVerify(state), env);
  if ('refusal' in scanned) return danger(state, scanned.refusal);
  return unitKnown(deps, state, scanned.unit);
}

/** 'unit' (SCAN_ALL): scan every unit; OK with units missing shows the difference. */
function unitStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'unit',
    prompt: (state) => pd('prompt.unit', { ...progressOf(state.view), code: codeOf(state) }),
    repeatScans: true,
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) {
        const differences = state.view?.differences.length ?? 0;
        return Promise.resolve(differences > 0 ? go(state, 'difference') : packRoute(state));
      }
      return scanUnit(deps, state, text, env);
    },
  };
}

/** 'unitBatch' / 'unitSerial': the batch or serial of the unit, one of the rows still to verify. */
function unitPartStep(deps: PackFlowDeps, part: 'batch' | 'serial'): Step<S> {
  const back = (state: S) => (state.view?.verification === 'COUNT' ? 'countItem' : 'unit');
  return {
    id: part === 'batch' ? 'unitBatch' : 'unitSerial',
    prompt: (state) => pd(part === 'batch' ? 'prompt.batch' : 'prompt.serial', { item: state.unit?.item ?? '' }),
    repeatScans: true,
    input(state, text, env) {
      const unit = state.unit;
      if (!unit) return Promise.resolve(go(state, back(state)));
      if (isConfirmation(text, env.settings))
        return Promise.resolve(refuse(state, `packAndDelivery:${part}Needed`, { item: unit.item }));
      const rows = rowsOfUnit(rowsToVerify(state), unit);
      const row = rows.find((candidate) => {
        const value = part === 'batch' ? candidate.batch : candidate.serial;
        return value !== null && sameCode(value, text);
      });
      if (!row)
        return Promise.resolve(
          refuse(state, `packAndDelivery:wrong${part === 'batch' ? 'Batch' : 'Serial'}`, {
            item: unit.item,
            code: text,
          }),
        );
      return unitKnown(deps, state, {
        ...unit,
        batch: row.batch,
        serial: part === 'serial' ? row.serial : unit.serial,
      });
    },
  };
}

/** 'countItem' (COUNT): scan the item of a row not counted yet. */
function countItemStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'countItem',
    prompt: (state) => {
      const row = uncountedRows(state)[0];
      return pd('prompt.countItem', { item: row?.item ?? '', container: row?.container ?? '' });
    },
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) return Promise.resolve(refuse(state, 'packAndDelivery:scanAnItem'));
      return scanUnit(deps, state, text, env);
    },
  };
}

/** 'countQuantity' (COUNT): how many of the unit the container holds (0 allowed). */
function countQuantityStep(deps: PackFlowDeps): Step<S> {
  const api = deps.api ?? packAndDeliveryApi;
  return {
    id: 'countQuantity',
    prompt: (state) => pd('prompt.countQuantity', { item: state.unit?.item ?? '', batch: state.unit?.batch ?? '-' }),
    async input(state, text) {
      const unit = state.unit;
      const row = unit ? rowsOfUnit(uncountedRows(state), unit)[0] : undefined;
      if (!unit || !row) return go(state, 'countItem');
      const thousandths = parseAmount(text);
      if (thousandths === null || thousandths < 0) return refuse(state, 'notANumber', { value: text });
      try {
        const view = await api.verify(
          codeOf(state),
          {
            container: row.container,
            item: row.item,
            batch: row.batch,
            serial: row.serial,
            quantity: thousandths / 1000,
          },
          deps.keeper,
        );
        const counted = [...state.counted, rowKey(row)];
        return { ...packRoute({ ...state, view, counted }), sounds: ['success'] };
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/**
 * 'difference': a unit is missing (the view's first difference). Scan again (a button, or scan
 * the unit at once with SCAN_ALL), or accept the difference (OK or the button): acceptDifference.
 */
function differenceStep(deps: PackFlowDeps): Step<S> {
  const api = deps.api ?? packAndDeliveryApi;
  return {
    id: 'difference',
    prompt: (state) => {
      const difference = state.view?.differences[0];
      return pd('prompt.difference', {
        item: difference?.item ?? '',
        code: difference?.serial ?? difference?.batch ?? '-',
        missing: difference?.missing ?? 0,
        container: difference?.container ?? '',
      });
    },
    async input(state, text, env) {
      if (!state.view || state.view.differences.length === 0) return packRoute(state);
      if (!isConfirmation(text, env.settings)) {
        if (state.view.verification === 'SCAN_ALL') return scanUnit(deps, state, text, env);
        return refuse(state, 'packAndDelivery:acceptOrScanAgain');
      }
      try {
        const view = await api.acceptDifference(codeOf(state), deps.keeper);
        const routed = closeRoute({ ...state, view, unit: null });
        return { ...routed, notices: [success('differenceAccepted', { code: codeOf(state) })], sounds: ['success'] };
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

const dimensionsPattern = /^(\d{1,6})\s*[x×*]\s*(\d{1,6})\s*[x×*]\s*(\d{1,6})$/i;

/**
 * 'box': the box type of the container being closed (its suggested dimensions), or its
 * dimensions typed as L x W x H in mm; OK keeps the container's own dimensions (if any).
 */
function boxStep(deps: PackFlowDeps): Step<S> {
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
 * 'weight': typed ("1.25" kg, "1250 g") or read from the scale (OK or the button); then the
 * container closes with its weight and dimensions, its label prints, and the next one is asked.
 */
function weightStep(deps: PackFlowDeps): Step<S> {
  const api = deps.api ?? packAndDeliveryApi;
  const boxApi = deps.boxApi ?? packApi;
  const close = async (state: S, container: string, weightInMg: number): Promise<Outcome> => {
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
  };
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
        return close(state, container, weight);
      }
      const weight = weightInMgOf(text, env.settings);
      if (weight === null || weight <= 0) return refuse(state, 'pickAndPack:notAWeight', { code: text });
      return close(state, container, weight);
    },
  };
}

/** 'packFinish': pack finish {version} runs on entering (OK sends again): packed, or what is still missing. */
function finishStep(deps: PackFlowDeps): Step<S> {
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
function packedStep(deps: PackFlowDeps): Step<S> {
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

/** The packing steps (PROCESSES.md 3.7 "Pack"); the ids the screen shows buttons for. */
export function packFlowSteps(deps: PackFlowDeps): Step<S>[] {
  return [
    scanStep(deps),
    confirmFlushStep(deps),
    contentsStep(),
    unitStep(deps),
    unitPartStep(deps, 'batch'),
    unitPartStep(deps, 'serial'),
    countItemStep(deps),
    countQuantityStep(deps),
    differenceStep(deps),
    boxStep(deps),
    weightStep(deps),
    finishStep(deps),
    packedStep(deps),
  ];
}
