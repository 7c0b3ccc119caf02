import { fromThousandths, samePaddedCode, toThousandths, type Item } from '@wms/contract';
import { itemScanQuantity, namesItem, scanQuantityOf } from '../item-codes.js';
import { go, hh, refuse } from '../outcomes.js';
import { quantityCommand } from '../patterns.js';
import { resolveItemScan } from '../resolve-item.js';
import { convertAmount, parseAmount, parseAmountWithUnit } from '../units.js';
import { stay, type Prompt, type Step, type StepOutcome, type WorkflowEnv } from '../types.js';

export interface QuantityStepConfig<S> {
  id: string;
  /** Where a confirmed quantity goes. */
  next: string;
  /** The quantity so far, in thousandths. */
  get(state: S): number;
  set(state: S, quantity: number): S;
  /** The item counted: its units, barcodes (barcodeInvQty) and density (mlToMg). */
  item(state: S): Item | null;
  /** The batch counted, checked against a batch in a scanned compound barcode. */
  batch?(state: S): string | null;
  /** The target quantity (thousandths): scans repeat until it is reached, then a beep and next. */
  target?(state: S): number | null;
  /** Confirming 0 is refused with notANumber (default true). */
  requirePositive?: boolean;
  prompt?(state: S): Prompt;
}

/**
 * Quantity: the scanner settings' OK code or an empty Enter confirms; the plus
 * and minus codes add or subtract their amount (capture group 1, else 1); a plain number replaces
 * the quantity and confirms; a number with a unit ("2.5 kg", "500ml") is converted into the item's
 * unit through weightTable / volumeTable and mlToMg, and confirms; a scan of the item's code or
 * barcodes adds its barcodeInvQty. With a target, scans repeat until it is reached. An amount
 * above scannerQtyMaxAtOnce is qtyTooLarge; anything else notANumber.
 */
export function quantityStep<S>(config: QuantityStepConfig<S>): Step<S> {
  const targetOf = (state: S) => config.target?.(state) ?? null;

  const added = (state: S, amount: number): StepOutcome<S> => {
    const quantity = Math.max(0, config.get(state) + amount);
    const next = config.set(state, quantity);
    const target = targetOf(state);
    if (target !== null && amount > 0 && quantity >= target) return go(next, config.next, { sounds: ['beep'] });
    return { state: next, next: stay };
  };

  const tooLarge = (state: S, amount: number, env: WorkflowEnv): StepOutcome<S> | null => {
    const max = env.settings.scannerQtyMaxAtOnce;
    return amount > toThousandths(max)
      ? refuse(state, 'qtyTooLarge', { quantity: fromThousandths(amount), max })
      : null;
  };

  /** Confirms the quantity so far, or a new one (a plain number, a converted amount). */
  const confirm = (state: S, text: string, quantity = config.get(state)): StepOutcome<S> => {
    if ((config.requirePositive ?? true) && quantity <= 0) return refuse(state, 'notANumber', { value: text });
    return go(quantity === config.get(state) ? state : config.set(state, quantity), config.next);
  };

  /** A scan that names the counted item directly (code, barcode): adds its barcodeInvQty. */
  const directScan = (state: S, item: Item, amount: number, env: WorkflowEnv): StepOutcome<S> => {
    if (item.managedBy !== 'NORMAL' && !env.settings.scannerQtyAllowBatchSerialItemScanWithoutBatchCheck) {
      return refuse(state, 'batchCodeNotPresentForValidation', { item: item.code });
    }
    return added(state, amount);
  };

  /** A compound (GS1) barcode of the item, or another code of it the server knows; null: not an item scan. */
  const lookedUpScan = async (state: S, text: string, env: WorkflowEnv): Promise<StepOutcome<S> | null> => {
    const item = config.item(state);
    if (!item) return null;
    const resolved = await resolveItemScan(text, env);
    if (!resolved) return null;
    const scanned = resolved.answer.item;
    if (!namesItem(item, scanned.code)) {
      return refuse(state, 'wrongItemScanned', { expected: item.code, scanned: scanned.code });
    }
    if (item.managedBy !== 'NORMAL' && !env.settings.scannerQtyAllowBatchSerialItemScanWithoutBatchCheck) {
      const batch = config.batch?.(state) ?? null;
      const scannedBatch = resolved.barcode?.batchCode ?? null;
      if (scannedBatch === null) return refuse(state, 'batchCodeNotPresentForValidation', { item: item.code });
      if (batch !== null && !samePaddedCode(batch, scannedBatch)) {
        return refuse(state, 'wrongItemScanned', {
          expected: `${item.code} ${batch}`,
          scanned: `${item.code} ${scannedBatch}`,
        });
      }
    }
    return added(state, scanQuantityOf(resolved.barcode?.quantity ?? resolved.answer.quantity));
  };

  return {
    id: config.id,
    // Counting by scanning: the same label scanned again is one more, not a double read.
    repeatScans: true,
    prompt(state) {
      if (config.prompt) return config.prompt(state);
      const quantity = fromThousandths(config.get(state));
      const target = targetOf(state);
      const units = config.item(state)?.units ?? '';
      return target === null
        ? hh('prompt.quantity', { quantity, units })
        : hh('prompt.quantityOfTarget', { quantity, target: fromThousandths(target), units });
    },
    async input(state, text, env) {
      if (text === '') return confirm(state, text);
      const command = quantityCommand(text, env.settings);
      if (command?.kind === 'ok') return confirm(state, text);
      if (command) {
        const amount = command.amount === null ? 1000 : parseAmount(command.amount);
        if (amount === null) return refuse(state, 'notANumber', { value: text });
        return tooLarge(state, amount, env) ?? added(state, command.kind === 'plus' ? amount : -amount);
      }
      const item = config.item(state);
      const direct = item ? itemScanQuantity(item, text) : null;
      if (item && direct !== null) return directScan(state, item, direct, env);
      const plain = parseAmount(text);
      if (plain !== null) {
        const refused = tooLarge(state, plain, env);
        if (!refused) return confirm(state, text, plain);
        return (await lookedUpScan(state, text, env)) ?? refused;
      }
      const withUnit = parseAmountWithUnit(text);
      if (withUnit && item) {
        const converted = convertAmount(withUnit.amount, withUnit.unit, item.units, env.settings, item.mlToMg);
        if (converted.ok) return tooLarge(state, converted.quantity, env) ?? confirm(state, text, converted.quantity);
        return (
          (await lookedUpScan(state, text, env)) ??
          refuse(state, 'couldNotMatchUnits', { unit: withUnit.unit, targetUnit: item.units ?? '' })
        );
      }
      return (await lookedUpScan(state, text, env)) ?? refuse(state, 'notANumber', { value: text });
    },
  };
}
