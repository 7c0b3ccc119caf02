import { fromThousandths, sameCode } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { parseAmount } from '../../handheld/engine/units.js';
import type { Step, StepOutcome } from '../../handheld/engine/types.js';
import { packAndDeliveryApi } from './pack-and-delivery-api.js';
import { codeOf, pd, success, withView, type PackFlowDeps } from './pack-flow.js';
import {
  containerOf,
  contentRows,
  packRoute,
  rowsOfUnit,
  type ContentRow,
  type PackFlowState,
  type PackUnit,
} from './pack-state.js';
import { unitPartStep } from './pack-unit-part-step.js';
import { identifyUnit, missingPart } from './pack-unit.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

/** The steps of a repack; the screen offers Cancel there as "back to packing" (repackEnd). */
export const repackStepIds = new Set([
  'repackFrom',
  'repackUnit',
  'repackBatch',
  'repackSerial',
  'repackQuantity',
  'repackTo',
]);

/** The rows of the container the units leave. */
const fromRows = (state: S): ContentRow[] =>
  contentRows(state.view).filter((row) => state.repackFrom !== null && sameCode(row.container, state.repackFrom));

/**
 * After a repack (or its cancel): back to packing with the repack forgotten. Verification NONE
 * shows the contents again (OK goes on to closing); the others go where packing stands.
 */
export function afterRepack(state: S): { state: S; next: string } {
  const cleared = { ...state, unit: null, repackFrom: null, repackQuantity: null };
  if (!cleared.view) return { state: cleared, next: 'scan' };
  return cleared.view.verification === 'NONE' ? { state: cleared, next: 'contents' } : packRoute(cleared);
}

const notInContainer = (state: S, unit: PackUnit, code: string) =>
  refuse(state, 'packAndDelivery:unitNotInContainer', { item: unit.item, code, container: state.repackFrom ?? '' });

/** A unit known: its batch or serial if the container's rows need one, then how many (a serial: one). */
function unitChosen(state: S, unit: PackUnit): Promise<Outcome> {
  const rows = fromRows(state);
  const part = missingPart(unit, rows);
  if (part) return Promise.resolve(go({ ...state, unit }, part === 'batch' ? 'repackBatch' : 'repackSerial'));
  if (unit.serial !== null) return Promise.resolve(go({ ...state, unit, repackQuantity: 1 }, 'repackTo'));
  return Promise.resolve(go({ ...state, unit, repackQuantity: null }, 'repackQuantity'));
}

/** 'repackFrom': a container of the list that holds something. */
function fromStep(): Step<S> {
  return {
    id: 'repackFrom',
    prompt: (state) => pd('prompt.repackFrom', { code: codeOf(state) }),
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) return Promise.resolve(refuse(state, 'packAndDelivery:scanAContainer'));
      const container = containerOf(state.view, text);
      if (!container)
        return Promise.resolve(
          refuse(state, 'packAndDelivery:notAContainerOfList', { code: text, pickList: codeOf(state) }),
        );
      if (container.contents.length === 0)
        return Promise.resolve(refuse(state, 'packAndDelivery:containerHoldsNothing', { container: container.code }));
      return Promise.resolve(
        go({ ...state, repackFrom: container.code, unit: null, repackQuantity: null }, 'repackUnit'),
      );
    },
  };
}

/** 'repackUnit': a unit of that container (serial, batch, item barcode or GS1: pack-unit identifyUnit). */
function unitStep(): Step<S> {
  return {
    id: 'repackUnit',
    prompt: (state) => pd('prompt.repackUnit', { container: state.repackFrom ?? '' }),
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) return refuse(state, 'packAndDelivery:scanAUnit');
      const scanned = await identifyUnit(text, contentRows(state.view), env);
      if ('refusal' in scanned) return danger(state, scanned.refusal);
      const { unit } = scanned;
      if (rowsOfUnit(fromRows(state), unit).length === 0)
        return notInContainer(state, unit, unit.serial ?? unit.batch ?? '');
      return unitChosen(state, unit);
    },
  };
}

const partStep = (part: 'batch' | 'serial') =>
  unitPartStep({
    id: part === 'batch' ? 'repackBatch' : 'repackSerial',
    part,
    rows: fromRows,
    back: () => 'repackUnit',
    wrong: (state, unit, text) => notInContainer(state, unit, text),
    known: unitChosen,
  });

/** 'repackQuantity' (not a serial): how many move, more than nothing and at most what the container holds. */
function quantityStep(): Step<S> {
  return {
    id: 'repackQuantity',
    prompt: (state) => {
      const row = state.unit ? rowsOfUnit(fromRows(state), state.unit)[0] : undefined;
      return pd('prompt.repackQuantity', {
        item: state.unit?.item ?? '',
        code: state.unit?.batch ?? '',
        container: state.repackFrom ?? '',
        held: row?.quantity ?? 0,
      });
    },
    input(state, text) {
      const unit = state.unit;
      const row = unit ? rowsOfUnit(fromRows(state), unit)[0] : undefined;
      if (!unit || !row) return Promise.resolve(go(state, 'repackUnit'));
      const thousandths = parseAmount(text);
      if (thousandths === null || thousandths <= 0)
        return Promise.resolve(refuse(state, 'notANumber', { value: text }));
      if (thousandths > Math.round(row.quantity * 1000)) {
        return Promise.resolve(
          refuse(state, 'packAndDelivery:moreThanHeld', {
            quantity: fromThousandths(thousandths),
            held: row.quantity,
            item: unit.item,
            container: row.container,
          }),
        );
      }
      return Promise.resolve(go({ ...state, repackQuantity: fromThousandths(thousandths) }, 'repackTo'));
    },
  };
}

/**
 * 'repackTo': an OPEN container of the list or a new code (the server opens it for the list);
 * one call, one TRANSFER, one success message. The server's refusals (a container of another
 * list: containerBelongsToOtherPicklist, qtyTooLarge, ...) are told at this scan; nothing moved.
 */
function targetStep(deps: PackFlowDeps): Step<S> {
  const api = deps.api ?? packAndDeliveryApi;
  return {
    id: 'repackTo',
    prompt: (state) =>
      pd('prompt.repackTo', {
        quantity: state.repackQuantity ?? 0,
        item: state.unit?.item ?? '',
        from: state.repackFrom ?? '',
      }),
    async input(state, text, env) {
      const { unit, repackFrom: from } = state;
      const quantity = state.repackQuantity ?? null;
      if (!unit || from === null || quantity === null) return go(state, 'repackFrom');
      if (isConfirmation(text, env.settings)) return refuse(state, 'packAndDelivery:scanAContainer');
      if (sameCode(text, from)) return refuse(state, 'packAndDelivery:sameContainer', { container: from });
      const existing = containerOf(state.view, text);
      if (existing && existing.status !== 'OPEN') return refuse(state, 'containerClosed', { container: existing.code });
      const to = existing?.code ?? text;
      try {
        const view = await api.repack(
          codeOf(state),
          { from, to, item: unit.item, batch: unit.batch, serial: unit.serial, quantity },
          deps.keeper,
        );
        const routed = afterRepack(withView(state, view));
        return {
          ...routed,
          notices: [success('repacked', { quantity, item: unit.item, from, to })],
          sounds: ['success'],
        };
      } catch (error) {
        return danger(state, failureNotice(error));
      }
    },
  };
}

/** 'repackEnd': passes through back to packing (the screen's Cancel during a repack). */
function endStep(): Step<S> {
  return {
    id: 'repackEnd',
    prompt: (state) => pd('prompt.repackFrom', { code: codeOf(state) }),
    enter: (state) => Promise.resolve(afterRepack(state)),
    input: (state) => Promise.resolve(afterRepack(state)),
  };
}

/** Repack (PROCESSES.md 3.7 step 3): units of one content row from one container of the list to another. */
export function repackSteps(deps: PackFlowDeps): Step<S>[] {
  return [fromStep(), unitStep(), partStep('batch'), partStep('serial'), quantityStep(), targetStep(deps), endStep()];
}
