import { fromThousandths } from '@wms/contract';
import { failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import { doStep, type DoResult } from '../../handheld/engine/steps/do.js';
import type { Step } from '../../handheld/engine/types.js';
import { parseAmount } from '../../handheld/engine/units.js';
import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import type { ConfigurerApi } from './configurer-api.js';
import { sd, withoutItem, type ConfigurerState } from './configurer-state.js';

type S = ConfigurerState;

/** Typed or scanned answers to a yes/no question (the buttons send yes and no), in the four languages. */
const yesWords = new Set(['yes', 'y', '1', 'ja', 'j', 'tak', 't', 'true']);
const noWords = new Set(['no', 'n', '0', 'nee', 'nein', 'nie', 'false']);

/** What the clear button of a level sends: no level. */
export const clearLevel = '-';

/** 'enforced': yes or no; Enter or OK keeps the answer shown (the current row's, else no). */
function enforcedStep(): Step<S> {
  return {
    id: 'enforced',
    prompt: (state) =>
      sd(state.enforced ? 'prompt.enforcedYes' : 'prompt.enforcedNo', {
        item: state.item?.code ?? '',
        location: state.location?.code ?? '',
      }),
    async input(state, text, env) {
      if (isConfirmation(text, env.settings)) return go(state, 'minStock');
      const word = text.toLowerCase();
      if (yesWords.has(word)) return go({ ...state, enforced: true }, 'minStock');
      if (noWords.has(word)) return go({ ...state, enforced: false }, 'minStock');
      return refuse(state, 'setup:defaults.yesOrNo', { code: text });
    },
  };
}

/**
 * A stock level question: Enter or OK keeps the value shown, a number replaces it, the clear
 * code leaves no level; anything else is notANumber. maxStock below minStock is refused at once
 * (minStockGreaterThanMaxStock).
 */
function levelStep(id: 'minStock' | 'maxStock', next: string): Step<S> {
  return {
    id,
    prompt: (state) => {
      const value = state[id];
      const args = { item: state.item?.code ?? '', location: state.location?.code ?? '' };
      return value === null
        ? sd(`prompt.${id}None`, args)
        : sd(`prompt.${id}`, { ...args, value: fromThousandths(value) });
    },
    async input(state, text, env) {
      let value = state[id];
      if (text === clearLevel) value = null;
      else if (!isConfirmation(text, env.settings)) {
        value = parseAmount(text);
        if (value === null) return refuse(state, 'notANumber', { value: text });
      }
      const changed = { ...state, [id]: value };
      if (id === 'maxStock' && changed.minStock !== null && value !== null && changed.minStock > value) {
        return refuse(state, 'minStockGreaterThanMaxStock', {
          minStock: fromThousandths(changed.minStock),
          maxStock: fromThousandths(value),
        });
      }
      return go(changed, next);
    },
  };
}

/** Where a refused save sends the user back to: the question whose answer was wrong. */
function refusedSave(state: S, error: StepFailure): DoResult<S> {
  const key = error.key.replace(/^errors:/, '');
  if (error.status === 412) {
    const args = { item: state.item?.code ?? '' };
    return {
      state: { ...state, failed: false },
      next: 'load',
      notices: [{ variant: 'warning', key: 'setup:defaults.changedMeanwhile', args }],
      sounds: ['error'],
    };
  }
  const next =
    key === 'minStockGreaterThanMaxStock'
      ? 'minStock'
      : key === 'unknownItemForCode'
        ? 'item'
        : ['locationNotInWarehouse', 'restrictedLocationAsDefault', 'unknownLocation'].includes(key)
          ? 'location'
          : 'item';
  const after =
    next === 'location' ? { ...withoutItem(state), location: null } : next === 'item' ? withoutItem(state) : state;
  return { state: { ...after, failed: false }, next, notices: [failureNotice(error)], sounds: ['error'] };
}

/**
 * 'save': setDefaultLocation with the version read (0 when the warehouse had no row): a row
 * changed meanwhile is read again (412). Then the next item for the same location.
 */
function saveStep(api: ConfigurerApi): Step<S> {
  return doStep<S>({
    id: 'save',
    next: 'item',
    prompt: (state) => sd(state.failed ? 'prompt.retry' : 'prompt.saving'),
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      const { item, location } = state;
      if (!item || !location) return { state: withoutItem(state), next: location ? 'item' : 'location' };
      const level = (value: number | null) => (value === null ? null : fromThousandths(value));
      try {
        await api.setDefaultLocation(item.code, location.warehouseCode, {
          locationCode: location.code,
          enforced: state.enforced,
          minStock: level(state.minStock),
          maxStock: level(state.maxStock),
          version: state.current?.version ?? 0,
        });
      } catch (error) {
        if (!(error instanceof StepFailure) || answerUnknown(error)) throw error;
        return refusedSave(state, error);
      }
      return {
        state: withoutItem(state),
        notices: [
          { variant: 'success', key: 'setup:defaults.saved', args: { item: item.code, location: location.code } },
        ],
        sounds: ['success'],
      };
    },
  });
}

export function levelSteps(api: ConfigurerApi): Step<S>[] {
  return [enforcedStep(), levelStep('minStock', 'maxStock'), levelStep('maxStock', 'save'), saveStep(api)];
}
