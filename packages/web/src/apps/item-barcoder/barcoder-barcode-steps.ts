import { fromThousandths, hasWrongGtinCheckDigit, sameCode } from '@wms/contract';
import { barcodeInterpretations } from '../../components/barcode-setup/barcode-interpretations.js';
import { failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { quantityCommand } from '../../handheld/engine/patterns.js';
import { doStep } from '../../handheld/engine/steps/do.js';
import { stay, type Step, type StepOutcome, type WorkflowEnv } from '../../handheld/engine/types.js';
import { parseAmount } from '../../handheld/engine/units.js';
import { answerUnknown, StepFailure } from '../../handheld/keyed-failure.js';
import type { BarcoderApi } from './barcoder-api.js';
import { advanceWalk } from './barcoder-item-steps.js';
import { sb, slotNumber, startOver, withoutBarcode, type ItemBarcoderState } from './barcoder-state.js';

type S = ItemBarcoderState;

/**
 * One reading of the scanned barcode, checked at its scan: another item's code or barcode, or a
 * location's code or barcode, is barcodeAlreadyAssigned (the server checks again on saving); a
 * wrong GTIN check digit is a warning until the same code is scanned again.
 */
async function checkedBarcode(state: S, barcode: string, env: WorkflowEnv): Promise<StepOutcome<S>> {
  const { item } = state;
  if (!item) return go(state, 'scan');
  const owner = await env.services.findItem(barcode);
  if (owner && !sameCode(owner.item.code, item.code)) {
    return refuse(state, 'barcodeAlreadyAssigned', { barcode, owner: owner.item.code, itemCode: owner.item.code });
  }
  const location = await env.services.findLocation(barcode);
  if (location) {
    return refuse(state, 'barcodeAlreadyAssigned', { barcode, owner: location.code, locationCode: location.code });
  }
  const again = state.confirming !== null && state.confirming === barcode;
  if (hasWrongGtinCheckDigit(barcode) && !again) {
    return {
      state: { ...state, readings: null, confirming: barcode, confirmed: false },
      next: 'barcode',
      notices: [{ variant: 'warning', key: 'errors:invalidGtinCheckDigit', args: { barcode } }],
      sounds: ['error'],
    };
  }
  return go({ ...state, readings: null, barcode, confirming: null, confirmed: again }, 'quantity');
}

/** 'barcode': the new barcode; no code in the scan is noBarcodeFound, several readings are offered to choose from. */
function barcodeStep(): Step<S> {
  return {
    id: 'barcode',
    prompt: (state) =>
      state.confirming
        ? sb('prompt.confirmBarcode', { barcode: state.confirming })
        : sb('prompt.barcode', { slot: slotNumber(state.slot), item: state.item?.code ?? '' }),
    // Confirming means the same code again, perhaps at once: a repeat counts (the short window).
    repeatScans: (state) => state.confirming !== null,
    async input(state, text, env) {
      if (text === '') return { state, next: stay };
      const readings = barcodeInterpretations(text);
      if (readings.length === 0) return refuse(state, 'noBarcodeFound');
      if (readings.length > 1) return go({ ...state, readings }, 'reading');
      return checkedBarcode(state, readings[0]!, env);
    },
  };
}

/** 'reading': the scan holds several codes (a GS1 string); a tap or the code itself chooses, another scan is a new barcode. */
function readingStep(barcode: Step<S>): Step<S> {
  return {
    id: 'reading',
    prompt: (state) => sb('prompt.reading', { item: state.item?.code ?? '' }),
    async input(state, text, env) {
      const chosen = state.readings?.find((reading) => reading === text);
      if (chosen) return checkedBarcode(state, chosen, env);
      const outcome = await barcode.input({ ...state, readings: null }, text, env);
      return outcome.next === stay ? { ...outcome, state } : outcome;
    },
  };
}

/**
 * 'quantity': what one scan of the new barcode counts, 1.0 unless typed; Enter or OK confirms,
 * the plus and minus codes change it. Anything that is not a positive number cancels silently:
 * back to the barcode question.
 */
function quantityStep(): Step<S> {
  return {
    id: 'quantity',
    prompt: (state) =>
      sb(state.item?.units ? 'prompt.quantity' : 'prompt.quantityNoUnits', {
        units: state.item?.units ?? '',
        barcode: state.barcode ?? '',
        quantity: fromThousandths(state.quantity),
      }),
    async input(state, text, env) {
      const command = text === '' ? { kind: 'ok' as const } : quantityCommand(text, env.settings);
      if (command?.kind === 'ok') return go(state, 'save');
      if (command) {
        const amount = command.amount === null ? 1000 : parseAmount(command.amount);
        const sign = command.kind === 'plus' ? 1 : -1;
        const quantity = amount === null ? state.quantity : state.quantity + sign * amount;
        return { state: { ...state, quantity: Math.max(1, quantity) }, next: stay };
      }
      const amount = parseAmount(text);
      if (amount === null || amount <= 0) return go(withoutBarcode(state), 'barcode');
      return go({ ...state, quantity: amount }, 'save');
    },
  };
}

/** Where a refused save sends the user: a barcode refusal to the barcode, an unknown item to the start. */
function refusedSave(state: S, error: StepFailure): StepOutcome<S> {
  const key = error.key.replace(/^errors:/, '');
  if (key === 'invalidGtinCheckDigit') {
    const barcode = state.barcode ?? '';
    return {
      state: { ...withoutBarcode(state), confirming: barcode },
      next: 'barcode',
      notices: [{ variant: 'warning', key: 'errors:invalidGtinCheckDigit', args: { barcode } }],
      sounds: ['error'],
    };
  }
  const next = key === 'unknownItemForCode' ? 'scan' : 'barcode';
  const after = next === 'scan' ? startOver(state) : withoutBarcode(state);
  return { state: after, next, notices: [failureNotice(error)], sounds: ['error'] };
}

/**
 * 'save': setBarcode on entering; then the walk's next item, or the first question. A failure
 * without an answer stays (Enter or Retry sends it again: setting a barcode twice is harmless).
 */
function saveStep(api: BarcoderApi): Step<S> {
  return doStep<S>({
    id: 'save',
    next: 'scan',
    prompt: (state) => sb(state.failed ? 'prompt.retry' : 'prompt.saving'),
    failed: (state) => ({ ...state, failed: true }),
    async action(state) {
      const { item, barcode } = state;
      if (!item || !barcode) return { state: withoutBarcode(state), next: item ? 'barcode' : 'scan' };
      try {
        await api.setBarcode(item.code, {
          slot: state.slot,
          barcode,
          quantity: fromThousandths(state.quantity),
          confirmed: state.confirmed,
        });
      } catch (error) {
        if (!(error instanceof StepFailure) || answerUnknown(error)) throw error;
        return refusedSave(state, error);
      }
      const saved = { item: item.code, barcode, slot: state.slot };
      const args = { barcode, item: item.code, slot: slotNumber(state.slot) };
      const done = { ...withoutBarcode(state), saved };
      return {
        state: state.walk ? advanceWalk(done) : { ...startOver(done), saved },
        next: state.walk ? 'next' : 'scan',
        notices: [{ variant: 'success', key: 'setup:barcoder.saved', args }],
        sounds: ['success'],
      };
    },
  });
}

export function barcodeSteps(api: BarcoderApi): Step<S>[] {
  const barcode = barcodeStep();
  return [barcode, readingStep(barcode), quantityStep(), saveStep(api)];
}
