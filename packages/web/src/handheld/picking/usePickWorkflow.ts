import { useEffect, useRef, useState } from 'react';
import type { PickList } from '@wms/contract';
import type { ResumePoint } from '../engine/runner.js';
import { IdempotencyKeeper } from '../idempotency-keeper.js';
import { useDeviceWorkflow } from '../useDeviceWorkflow.js';
import { notify } from '../../platform/notifications.js';
import { emptyDraft, withPick, type PickDraft } from './pick-state.js';
import type { Step } from '../engine/types.js';
import { pickSteps, type PickWorkflowDeps } from './pick-workflow.js';

/** A reopened list resumes at the commit step only to offer its retry (the answer is unknown). */
export function resumePick(point: ResumePoint<PickDraft>): ResumePoint<PickDraft> {
  return point.stepId === 'commit' && !point.state.failed
    ? { ...point, state: { ...point.state, failed: true } }
    : point;
}

export interface PickWorkflowOptions {
  code: string;
  /** The claimed list (loaded before the workflow starts). */
  pickList: PickList;
  onList(list: PickList): void;
  onFinishAsked(): void;
  /** An app built on this flow (pick and pack): its saved id, first step and steps. */
  variant?: PickVariant;
}

/** What an app built on the picking flow changes (default: stock picking as it is). */
export interface PickVariant {
  /** The saved workflow's id before `.code` (default 'stockPicking'). */
  appId: string;
  /** The first step (default 'line'). */
  start?: string;
  /** Its steps from stock picking's (replaced or added by id), with the same deps. */
  steps?(base: Step<PickDraft>[], deps: PickWorkflowDeps): Step<PickDraft>[];
}

/**
 * The picking workflow on this device: the engine over the HTTP services, the claimed list, the
 * pick's Idempotency-Key saved with the workflow per list and user, so reopening the list resumes
 * its line and step (recoveredPreviousSession).
 */
export function usePickWorkflow(options: PickWorkflowOptions) {
  const latest = useRef(options);
  latest.current = options;
  // The list the steps read: an answer's list at once (the next step runs before React renders it).
  const list = useRef(options.pickList);
  const shown = useRef(options.pickList);
  if (shown.current !== options.pickList) {
    shown.current = options.pickList;
    list.current = options.pickList;
  }
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [shortKeeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() => {
    const deps: PickWorkflowDeps = {
      pickList: () => list.current,
      onList: (fresh) => {
        list.current = fresh;
        latest.current.onList(fresh);
      },
      onPick: (change) => {
        list.current = withPick(list.current, change);
        latest.current.onList(list.current);
      },
      onFinishAsked: () => latest.current.onFinishAsked(),
      keeper,
      shortKeeper,
    };
    const base = pickSteps(deps);
    return options.variant?.steps ? options.variant.steps(base, deps) : base;
  });
  const { code, variant } = options;
  const workflow = useDeviceWorkflow<PickDraft>({
    steps,
    initial: () => emptyDraft(code),
    start: variant?.start ?? 'line',
    appId: `${variant?.appId ?? 'stockPicking'}.${code}`,
    keeper,
    restore: resumePick,
    // A finish never ends the list: the next line is chosen again.
    continueAfterFinish: (state) => ({ state: emptyDraft(code, state.container) }),
  });
  const resumed = workflow.resumed;
  useEffect(() => {
    if (resumed) notify('info', 'stockPicking:recoveredPreviousSession', { code });
  }, [resumed, code]);
  return workflow;
}
