import { sameCode, type PackView } from '@wms/contract';
import { danger, failureNotice, go, refuse } from '../../handheld/engine/outcomes.js';
import { isConfirmation } from '../../handheld/engine/patterns.js';
import type { Notice, Step, StepOutcome } from '../../handheld/engine/types.js';
import { serverKey } from '../../handheld/picking/pick-refusals.js';
import { packAndDeliveryApi } from './pack-and-delivery-api.js';
import { codeOf, pd, type PackFlowDeps } from './pack-flow.js';
import { closeRoute, packRoute, type PackFlowState } from './pack-state.js';

type S = PackFlowState;
type Outcome = StepOutcome<S>;

/** After a fresh view: NONE shows the contents first, the others verify (pack-state packRoute). */
function afterStart(state: S, view: PackView, notices: Notice[] = []): Outcome {
  const fresh = { ...state, view, flushScan: null, counted: [] };
  const routed = view.verification === 'NONE' ? { state: fresh, next: 'contents' } : packRoute(fresh);
  return { ...routed, notices, sounds: ['success'] };
}

/** pack start {scan, confirmFlush}; PARTLY_PICKED asks its confirmation first. */
async function startPacking(deps: PackFlowDeps, state: S, scan: string, confirmFlush: boolean): Promise<Outcome> {
  const api = deps.api ?? packAndDeliveryApi;
  try {
    return afterStart(state, await api.start(scan, confirmFlush));
  } catch (error) {
    if (!confirmFlush && serverKey(error) === 'picklistNotFullyPicked') {
      return go({ ...state, flushScan: scan }, 'confirmFlush', {
        notices: [{ ...failureNotice(error), variant: 'warning' }],
        sounds: ['error'],
      });
    }
    return danger(state, failureNotice(error));
  }
}

/** 'scan': a pick list or one of its containers starts packing. */
export function scanStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'scan',
    prompt: () => pd('prompt.scan'),
    input(state, text, env) {
      if (isConfirmation(text, env.settings)) return Promise.resolve(refuse(state, 'packAndDelivery:scanAList'));
      return startPacking(deps, state, text, false);
    },
  };
}

/** 'confirmFlush': the same code again (or OK) flushes the PARTLY_PICKED list and starts; another code starts that one. */
export function confirmFlushStep(deps: PackFlowDeps): Step<S> {
  return {
    id: 'confirmFlush',
    prompt: (state) => pd('prompt.confirmFlush', { code: state.flushScan ?? '' }),
    repeatScans: true,
    input(state, text, env) {
      const scan = state.flushScan;
      if (scan !== null && (isConfirmation(text, env.settings) || sameCode(text, scan))) {
        return startPacking(deps, state, scan, true);
      }
      return startPacking(deps, { ...state, flushScan: null }, text, false);
    },
  };
}

/** 'contents' (verification NONE): the containers and contents are shown; OK goes on to closing. */
export function contentsStep(): Step<S> {
  return {
    id: 'contents',
    prompt: (state) => pd('prompt.contents', { code: codeOf(state) }),
    input(state, text, env) {
      if (!isConfirmation(text, env.settings)) return Promise.resolve(refuse(state, 'packAndDelivery:pressOk'));
      return Promise.resolve(closeRoute(state));
    },
  };
}
