import { codeKey, topics } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { deliveryArea } from '../deliveries/delivery-live.js';
import { countNotDispatched } from './delivery-dispatch.repository.js';

/**
 * Live messages of delivery dispatch (PROCESSES.md 0.6, 3.8; decision 0187): the
 * /delivery_dispatch counter (deliveries not yet dispatched, CREATED), counted from the documents
 * after every commit that changes deliveries and at start, and DOCUMENT_CHANGED {type: DELIVERY,
 * code, status, version} on topics.documents('delivery') for every delivery a scan touched.
 * Never throws: the change is committed.
 */
export async function syncDispatchCounter(ctx: AppContext): Promise<void> {
  try {
    await ctx.live.setCounter('/delivery_dispatch', null, await countNotDispatched(ctx.db));
  } catch (error) {
    process.emitWarning(`/delivery_dispatch counter not updated: ${String(error)}`);
  }
}

export async function afterDispatchCommit(
  ctx: AppContext,
  deliveries: readonly { code: string; status: string; version: number }[],
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
  await syncDispatchCounter(ctx);
}
