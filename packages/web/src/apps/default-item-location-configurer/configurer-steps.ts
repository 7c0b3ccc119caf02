import { sameCode, toThousandths, type BinLocation } from '@wms/contract';
import { go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { findItemStep } from '../../handheld/engine/steps/find-item.js';
import { locationStep } from '../../handheld/engine/steps/location.js';
import { stay, type Notice, type Step } from '../../handheld/engine/types.js';
import type { ConfigurerApi } from './configurer-api.js';
import { replacedBin, sd, withoutItem, type ConfigurerState } from './configurer-state.js';

type S = ConfigurerState;

/** A location that restricts stock movements can never be filled: refused at its scan. */
function restrictedNotice(location: BinLocation): Notice | null {
  return location.stockMovementRestricted
    ? { variant: 'danger', key: 'errors:restrictedLocationAsDefault', args: { location: location.code } }
    : null;
}

/** 'location': the location that becomes the default. */
function locationQuestion(): Step<S> {
  return locationStep<S>({
    id: 'location',
    next: 'item',
    set: (state, location) => ({ ...withoutItem(state), location }),
    check: (_state, location) => restrictedNotice(location),
    prompt: () => sd('prompt.location'),
  });
}

/**
 * 'item': the item (code, barcode, GS1). A scan that is no item but a location changes the
 * location (locationChanged); the item is never taken from a location scan.
 */
function itemQuestion(location: Step<S>): Step<S> {
  const item = findItemStep<S>({
    id: 'item',
    next: 'load',
    set: (state, found) => ({ ...withoutItem(state), item: found.answer.item }),
    prompt: (state) => sd('prompt.item', { location: state.location?.code ?? '' }),
  });
  return {
    ...item,
    async input(state, text, env) {
      const outcome = await item.input(state, text, env);
      if (!outcome.notices?.some((notice) => notice.key === 'unknownItemForCode')) return outcome;
      const moved = await location.input(state, text, env);
      if (moved.next === stay) {
        return moved.notices?.some((notice) => notice.key === 'unknownLocation') ? outcome : moved;
      }
      const notice: Notice = {
        variant: 'info',
        key: 'setup:defaults.locationChanged',
        args: { location: moved.state.location?.code ?? text },
      };
      return { state: moved.state, next: 'item', notices: [notice] };
    },
  };
}

/**
 * 'load': the item's default location in the location's warehouse; its values become the
 * answers' defaults. Another bin there is replaced only after a confirmation ('replace').
 */
function loadStep(api: ConfigurerApi): Step<S> {
  return doStep<S>({
    id: 'load',
    next: 'enforced',
    prompt: (state) => sd('prompt.loading', { item: state.item?.code ?? '' }),
    onError: 'item',
    failed: (state) => withoutItem(state),
    async action(state) {
      const { item, location } = state;
      if (!item || !location) return { state: withoutItem(state), next: location ? 'item' : 'location' };
      const rows = await api.defaultLocations(item.code);
      const current = rows.find((row) => sameCode(row.whs.code, location.warehouseCode)) ?? null;
      const level = (value: number | null | undefined) => (value == null ? null : toThousandths(value));
      const next: S = {
        ...state,
        current,
        enforced: current?.enforced ?? false,
        minStock: level(current?.minStock),
        maxStock: level(current?.maxStock),
      };
      return { state: next, next: replacedBin(next) ? 'replace' : 'enforced' };
    },
  });
}

/** What the No button of the replacement question sends (typed, it does the same). */
export const keepDefault = 'no';

/**
 * 'replace': the item has another default location in this warehouse. Scanning the new location
 * again, Enter or Yes replaces it; No keeps it (the next item is asked); anything else is refused.
 */
function replaceStep(): Step<S> {
  return {
    id: 'replace',
    prompt: (state) =>
      sd('prompt.replace', {
        item: state.item?.code ?? '',
        old: replacedBin(state)?.code ?? '',
        warehouse: state.location?.warehouseCode ?? '',
        location: state.location?.code ?? '',
      }),
    // Confirming means the same code again, perhaps at once: a repeat counts (the short window).
    repeatScans: true,
    async input(state, text, env) {
      const again = state.location !== null && sameCode(text, state.location.code);
      const barcodeAgain = state.location?.barcode != null && sameCode(text, state.location.barcode);
      if (again || barcodeAgain || isConfirmation(text, env.settings)) return go(state, 'enforced');
      if (text.toLowerCase() === keepDefault) {
        const args = { item: state.item?.code ?? '', old: replacedBin(state)?.code ?? '' };
        return go(withoutItem(state), 'item', { notices: [{ variant: 'info', key: 'setup:defaults.kept', args }] });
      }
      return refuse(state, 'setup:defaults.replaceOrCancel', { location: state.location?.code ?? '' });
    },
  };
}

export function locationAndItemSteps(api: ConfigurerApi): Step<S>[] {
  const location = locationQuestion();
  return [location, itemQuestion(location), loadStep(api), replaceStep()];
}
