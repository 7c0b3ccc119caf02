import { sameCode } from '@wms/contract';
import { go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import type { Step, StepOutcome } from '../../handheld/engine/types.js';
import { pd } from './pack-flow.js';
import { rowsOfUnit, type ContentRow, type PackFlowState, type PackUnit } from './pack-state.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

export interface UnitPartStepOptions {
  id: string;
  part: 'batch' | 'serial';
  /** The content rows the batch or serial must be one of. */
  rows(state: S): ContentRow[];
  /** Where to go when no unit is being asked about. */
  back(state: S): string;
  /** A scan that is none of the rows' batches or serials. */
  wrong(state: S, unit: PackUnit, text: string): Outcome;
  /** The unit known in full. */
  known(state: S, unit: PackUnit): Promise<Outcome>;
}

/**
 * The batch or serial of state.unit, one of the rows given: verification's 'unitBatch' and
 * 'unitSerial', repack's 'repackBatch' and 'repackSerial'. OK alone is refused ({part}Needed).
 */
export function unitPartStep(options: UnitPartStepOptions): Step<S> {
  const { id, part } = options;
  return {
    id,
    prompt: (state) => pd(part === 'batch' ? 'prompt.batch' : 'prompt.serial', { item: state.unit?.item ?? '' }),
    repeatScans: true,
    input(state, text, env) {
      const unit = state.unit;
      if (!unit) return Promise.resolve(go(state, options.back(state)));
      if (isConfirmation(text, env.settings))
        return Promise.resolve(refuse(state, `packAndDelivery:${part}Needed`, { item: unit.item }));
      const row = rowsOfUnit(options.rows(state), unit).find((candidate) => {
        const value = part === 'batch' ? candidate.batch : candidate.serial;
        return value !== null && sameCode(value, text);
      });
      if (!row) return Promise.resolve(options.wrong(state, unit, text));
      return options.known(state, {
        ...unit,
        batch: row.batch,
        serial: part === 'serial' ? row.serial : unit.serial,
      });
    },
  };
}
