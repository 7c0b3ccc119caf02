import { toThousandths, type Item } from '@wms/contract';
import { danger, failureNotice, go, hh, refuse } from '../outcomes.js';
import { convertAmount } from '../units.js';
import type { Prompt, ScaleReading, Step, StepOutcome, WorkflowEnv } from '../types.js';

export interface ScaleStepConfig<S> {
  id: string;
  next: string;
  /** Stores the weighed quantity (thousandths; in the item's unit when `item` gives one) and the raw reading. */
  set(state: S, quantity: number, reading: ScaleReading): S;
  /** The item weighed: the reading is converted into its unit (weightTable, volumeTable, mlToMg). */
  item?(state: S): Item | null;
  /** Read on entering (default true); any input reads (again). */
  autoRead?: boolean;
  prompt?(state: S): Prompt;
}

/**
 * Scale: reads the connected scale (services.scale). Without one: peripherals.notConnected; a
 * driver failure shows its key (peripherals.couldNotConnectToDevice, ...); a reading that is not a
 * non-negative number: peripherals.invalidInputReceived; a unit that cannot be converted into the
 * item's: couldNotMatchUnits.
 */
export function scaleStep<S>(config: ScaleStepConfig<S>): Step<S> {
  const read = async (state: S, env: WorkflowEnv): Promise<StepOutcome<S>> => {
    const scale = env.services.scale;
    if (!scale) return refuse(state, 'peripherals.notConnected');
    let reading: ScaleReading;
    try {
      reading = await scale.read();
    } catch (error) {
      return danger(state, failureNotice(error));
    }
    if (!Number.isFinite(reading.weight) || reading.weight < 0) {
      return refuse(state, 'peripherals.invalidInputReceived', { value: `${String(reading.weight)} ${reading.unit}` });
    }
    const amount = toThousandths(reading.weight);
    const item = config.item?.(state) ?? null;
    if (!item?.units) return go(config.set(state, amount, reading), config.next);
    const converted = convertAmount(amount, reading.unit, item.units, env.settings, item.mlToMg);
    if (!converted.ok) return refuse(state, 'couldNotMatchUnits', { unit: reading.unit, targetUnit: item.units });
    return go(config.set(state, converted.quantity, reading), config.next);
  };
  return {
    id: config.id,
    prompt: (state) => config.prompt?.(state) ?? hh('prompt.scale'),
    enter: async (state, env) => ((config.autoRead ?? true) ? read(state, env) : null),
    input: (state, _text, env) => read(state, env),
  };
}
