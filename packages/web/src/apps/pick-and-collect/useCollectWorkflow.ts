import type { CartSession } from '@wms/contract';
import { useRef, useState } from 'react';
import { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { useDeviceWorkflow } from '../../handheld/useDeviceWorkflow.js';
import type { PickDraft } from '../../handheld/picking/pick-state.js';
import { resumePick } from '../../handheld/picking/usePickWorkflow.js';
import { collectSteps, startDraft } from './collect-workflow.js';

export interface CollectWorkflowOptions {
  /** The session loaded before the workflow starts. */
  session: CartSession;
  onSession(session: CartSession | null): void;
  onFinishAsked(): void;
}

/** The saved workflow's id of a cart (per user): reopening resumes its stop and step. */
export const collectWorkflowId = (cart: string) => `pickAndCollect.${cart}`;

/**
 * The walk on this device: the engine over the HTTP services and the cart session, the pick's
 * Idempotency-Key saved with the workflow per cart and user (a retry after a Wi-Fi drop picks once).
 */
export function useCollectWorkflow(options: CollectWorkflowOptions) {
  const latest = useRef(options);
  latest.current = options;
  // The session the steps read: an answer's session at once (the next step runs before React renders).
  const session = useRef<CartSession | null>(options.session);
  const [keeper] = useState(() => new IdempotencyKeeper());
  const [shortKeeper] = useState(() => new IdempotencyKeeper());
  const [steps] = useState(() =>
    collectSteps({
      session: () => session.current,
      onSession: (fresh) => {
        session.current = fresh;
        latest.current.onSession(fresh);
      },
      onFinishAsked: () => latest.current.onFinishAsked(),
      keeper,
      shortKeeper,
    }),
  );
  const workflow = useDeviceWorkflow<PickDraft>({
    steps,
    initial: startDraft,
    start: 'line',
    appId: collectWorkflowId(options.session.cart),
    keeper,
    restore: resumePick,
  });
  /** A session changed outside the steps (a detach): the steps read it at once. */
  const setSession = (fresh: CartSession) => {
    session.current = fresh;
  };
  return { ...workflow, setSession };
}
