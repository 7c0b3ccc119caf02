import { useState } from 'react';
import type { ResumePoint } from '../../handheld/engine/runner.js';
import type { Step } from '../../handheld/engine/types.js';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow, type DeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import { configurerApi, type ConfigurerApi } from './configurer-api.js';
import { levelSteps } from './configurer-level-steps.js';
import { locationAndItemSteps } from './configurer-steps.js';
import { initialConfigurerState, type ConfigurerState } from './configurer-state.js';

/** The first question. */
export const configurerStart = 'location';

/**
 * The scan flow of /default_item_location_configurer: location -> item -> load -> (replace) ->
 * enforced -> minStock -> maxStock -> save, then the next item for the same location.
 */
export function configurerSteps(api: ConfigurerApi = configurerApi): Step<ConfigurerState>[] {
  return [...locationAndItemSteps(api), ...levelSteps(api)];
}

/** A reopened app reads the item's row again (it may have changed since): from 'load'. */
export function resumeConfigurer(point: ResumePoint<ConfigurerState>): ResumePoint<ConfigurerState> {
  if (point.stepId === 'save' || point.stepId === 'load') {
    return { ...point, stepId: point.state.item ? 'load' : 'item', state: { ...point.state, failed: false } };
  }
  return point;
}

/** The scan flow on this device, saved per user (open lists refresh through ITEM_CHANGED). */
export function useConfigurerWorkflow(): DeviceWorkflow<ConfigurerState> {
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => configurerSteps());
  return useDeviceWorkflow<ConfigurerState>({
    steps,
    initial: initialConfigurerState,
    start: configurerStart,
    appId: 'defaultItemLocationConfigurer',
    keeper,
    restore: resumeConfigurer,
  });
}
