import { topics, type GoodsReceipt } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { today } from '../../util/time.js';
import { countReceiptsDueBy } from './goods-receipt.repository.js';

/**
 * Live messages of goods receipts (PROCESSES.md 0.6; docs/decisions/0172-goods-receipt.md):
 * DOCUMENT_CHANGED on topics.documents('goods_receipt') after every committed change of a
 * receipt (other users on the same receipt refetch it), and the /goods_receipt counter: the
 * receivable purchase orders and planned receipts due today or earlier.
 */
export const receiptArea = 'goods_receipt';
const counterPath = '/goods_receipt';

export function publishReceiptChanged(
  ctx: AppContext,
  receipt: Pick<GoodsReceipt, 'code' | 'status' | 'version'>,
): void {
  ctx.live.publish(topics.documents(receiptArea), 'DOCUMENT_CHANGED', {
    type: 'GOODS_RECEIPT',
    code: receipt.code,
    status: receipt.status,
    version: receipt.version,
  });
}

/** Sets the /goods_receipt counter after a commit; a failure is a warning, never the request's error. */
export async function syncReceiptCounter(ctx: AppContext): Promise<void> {
  try {
    await ctx.live.setCounter(counterPath, null, await countReceiptsDueBy(ctx.db, today()));
  } catch (error) {
    process.emitWarning(`${counterPath} counter not updated: ${String(error)}`);
  }
}
