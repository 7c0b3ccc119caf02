import type { CartSession } from '@wms/contract';
import { useState } from 'react';
import { browserStorage, clearWorkflow, workflowStorageKey } from '../../handheld/workflow-persistence.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { showFailure } from '../../handheld/show-failure.js';
import { collectApi, type CollectApi } from './collect-api.js';
import { collectWorkflowId } from './useCollectWorkflow.js';

/** What a finish answered, shown on the start screen: the lists and their statuses. */
export type CartFinished = Awaited<ReturnType<CollectApi['finish']>> & { cart: string };

export interface CartActionsOptions {
  cart: string;
  /** The session ended here: back to the start (with the finish answer when there is one). */
  onEnded: (finished: CartFinished | null) => void;
  /** A detach left a session: the walk goes on with it. */
  onDetached: (session: CartSession) => void;
}

/**
 * The menu's cart actions: finish (the walk is empty) or cart full (POST finish; open lines stay
 * for another walk), and detaching one list (POST detach). An ended session forgets its saved walk.
 */
export function useCartActions({ cart, onEnded, onDetached }: CartActionsOptions) {
  const userId = useSession().me?.user.id ?? null;
  const [busy, setBusy] = useState(false);
  const forget = () => {
    const storage = browserStorage();
    if (storage && userId !== null) clearWorkflow(storage, workflowStorageKey(collectWorkflowId(cart), userId));
  };
  /** One action at a time; a refusal is shown once (its key and args). */
  const run = (work: () => Promise<void>) => {
    if (busy) return Promise.resolve();
    setBusy(true);
    return work()
      .catch(showFailure)
      .finally(() => setBusy(false));
  };
  const finish = (cartFull: boolean) =>
    run(async () => {
      const answer = await collectApi.finish(cartFull);
      notify(
        'success',
        cartFull ? 'pickAndCollect:cartFullDone' : 'pickAndCollect:finished',
        { cart },
        { sound: true },
      );
      forget();
      onEnded({ ...answer, cart });
    });
  const detach = (pickList: string) =>
    run(async () => {
      const session = await collectApi.detach(pickList);
      notify('info', 'pickAndCollect:detached', { pickList });
      if (session) return onDetached(session);
      forget();
      onEnded(null);
    });
  /** The session ended elsewhere (a manager removed the claim, another device finished it). */
  const ended = () => {
    notify('warning', 'pickAndCollect:sessionEnded', { cart });
    forget();
    onEnded(null);
  };
  return { busy, finish, detach, ended };
}
