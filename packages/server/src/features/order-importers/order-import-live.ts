import { plannedReceiptsLiveArea, topics } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { receiptArea, syncReceiptCounter } from '../goods-receipt/goods-receipt-live.js';
import type { ImportCreated } from '../importers/importer.js';

/**
 * Live messages after an order import committed (docs/decisions/0177-order-importers.md): new
 * receivable purchase orders reach the goods receipt's lists (DOCUMENT_CHANGED on its topic) and
 * its /goods_receipt counter; new draft planned receipts reach the drafts list.
 */
export async function announceReceiptSources(ctx: AppContext, created: readonly ImportCreated[]): Promise<void> {
  for (const document of created) {
    ctx.live.publish(topics.documents(receiptArea), 'DOCUMENT_CHANGED', {
      type: document.type,
      code: document.code,
      status: 'OPEN',
      version: 1,
    });
  }
  if (created.length > 0) await syncReceiptCounter(ctx);
}

export function announceDraftReceipts(ctx: AppContext, created: readonly ImportCreated[]): void {
  for (const document of created) {
    ctx.live.publish(topics.documents(plannedReceiptsLiveArea), 'DOCUMENT_CHANGED', {
      type: document.type,
      code: document.code,
      status: 'DRAFT',
      version: 1,
    });
  }
}
