import { codeKey, topics, type CounterPath } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { afterPickListCommit } from '../pick-lists/pick-list-live.js';
import { countPackAndDelivery } from './pack.repository.js';

/**
 * Live messages of packing and delivery (PROCESSES.md 0.6, 3.7; decision 0185): the /pack and
 * /pack_and_delivery counters (PICKED lists not packed) and /delivery (packed PICKED lists, not
 * yet delivered), derived from the lists after every commit that changes lists (a listener of
 * pick-list-live.ts, so picking, flush and markPacked count too) and at start; DOCUMENT_CHANGED
 * on topics.documents('delivery') after a delivery is created or cancelled.
 */
export const deliveryArea = 'delivery';
const packPaths: readonly CounterPath[] = ['/pack', '/pack_and_delivery'];

export async function syncPackAndDeliveryCounters(ctx: AppContext): Promise<void> {
  try {
    const { toPack, toDeliver } = await countPackAndDelivery(ctx.db);
    for (const path of packPaths) await ctx.live.setCounter(path, null, toPack);
    await ctx.live.setCounter('/delivery', null, toDeliver);
  } catch (error) {
    process.emitWarning(`/pack and /delivery counters not updated: ${String(error)}`);
  }
}

/**
 * Publishes the changed deliveries and lists and counts again; never throws. `pickableUnchanged`
 * (see afterPickListCommit): the lists went only from PICKED to CLOSED, so the picking counters
 * cannot have moved.
 */
export async function afterDeliveryCommit(
  ctx: AppContext,
  pickLists: readonly string[],
  deliveries: readonly { code: string; status: string; version: number }[],
  pickableUnchanged = false,
): Promise<void> {
  try {
    const seen = new Set<string>();
    for (const delivery of deliveries) {
      if (seen.has(codeKey(delivery.code))) continue;
      seen.add(codeKey(delivery.code));
      ctx.live.publish(topics.documents(deliveryArea), 'DOCUMENT_CHANGED', {
        type: 'DELIVERY',
        code: delivery.code,
        status: delivery.status,
        version: delivery.version,
      });
    }
  } catch (error) {
    process.emitWarning(`delivery change not published: ${String(error)}`);
  }
  // Publishes the lists and runs the listeners, syncPackAndDeliveryCounters among them.
  await afterPickListCommit(ctx, pickLists, pickableUnchanged);
}
