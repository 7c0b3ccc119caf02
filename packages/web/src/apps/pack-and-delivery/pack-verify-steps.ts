import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { parseAmount } from '../../handheld/engine/units.js';
import type { Step, StepOutcome, WorkflowEnv } from '../../handheld/engine/types.js';
import { packAndDeliveryApi } from './pack-and-delivery-api.js';
import { codeOf, pd, success, withView, type PackFlowDeps } from './pack-flow.js';
import {
  closeRoute,
  openRows,
  packRoute,
  progressOf,
  rowKey,
  rowsOfUnit,
  uncountedRows,
  type ContentRow,
  type PackFlowState,
  type PackUnit,
} from './pack-state.js';
import { identifyUnit, missingPart } from './pack-unit.js';
import { unitPartStep } from './pack-unit-part-step.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

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
export function unitStep(deps: PackFlowDeps): Step<S> {
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
export function verifyUnitPartStep(deps: PackFlowDeps, part: 'batch' | 'serial'): Step<S> {
  return unitPartStep({
    id: part === 'batch' ? 'unitBatch' : 'unitSerial',
    part,
    rows: rowsToVerify,
    back: (state) => (state.view?.verification === 'COUNT' ? 'countItem' : 'unit'),
    wrong: (state, unit, text) =>
      refuse(state, `packAndDelivery:wrong${part === 'batch' ? 'Batch' : 'Serial'}`, { item: unit.item, code: text }),
    known: (state, unit) => unitKnown(deps, state, unit),
  });
}

/** 'countItem' (COUNT): scan the item of a row not counted yet. */
export function countItemStep(deps: PackFlowDeps): Step<S> {
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
export function countQuantityStep(deps: PackFlowDeps): Step<S> {
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
export function differenceStep(deps: PackFlowDeps): Step<S> {
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
