import type { Step } from '../../handheld/engine/types.js';
import { boxMeasureStep, boxStep, finishStep, packedStep, weightStep } from './pack-close-steps.js';
import type { PackFlowDeps } from './pack-flow.js';
import { repackSteps } from './pack-repack-steps.js';
import { confirmFlushStep, contentsStep, scanStep } from './pack-start-steps.js';
import type { PackFlowState } from './pack-state.js';
import { countItemStep, countQuantityStep, differenceStep, unitStep, verifyUnitPartStep } from './pack-verify-steps.js';

export { pd, type PackFlowDeps } from './pack-flow.js';

/**
 * The packing steps (PROCESSES.md 3.7 "Pack"): start (pack-start-steps), verification
 * (pack-verify-steps), repack (pack-repack-steps), closing and finish (pack-close-steps). The ids
 * are the ones the screen shows buttons for.
 */
export function packFlowSteps(deps: PackFlowDeps): Step<PackFlowState>[] {
  return [
    scanStep(deps),
    confirmFlushStep(deps),
    contentsStep(),
    unitStep(deps),
    verifyUnitPartStep(deps, 'batch'),
    verifyUnitPartStep(deps, 'serial'),
    countItemStep(deps),
    countQuantityStep(deps),
    differenceStep(deps),
    ...repackSteps(deps),
    boxStep(deps),
    boxMeasureStep(deps),
    weightStep(deps),
    finishStep(deps),
    packedStep(deps),
  ];
}
