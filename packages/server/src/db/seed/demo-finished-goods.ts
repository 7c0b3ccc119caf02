import { codeKey, toThousandths } from '@wms/contract';
import type { Tx } from '../database.js';

/**
 * Finished goods receipt demo data (PROCESSES.md 1.4; docs/decisions/0175-finished-goods-receipt.md):
 * a line terminal has reported 8 of work order WO-3001 (PROD-001) as produced, and nothing of it
 * is received yet, so /finished_goods_receipt has output to receive. Runs after seedDemoProduction,
 * in the same transaction.
 */
export const demoReportedQuantity = 8;

export async function seedDemoFinishedGoods(tx: Tx, at: string): Promise<void> {
  await tx
    .updateTable('work_order')
    .set({ completed_qty: toThousandths(demoReportedQuantity), received_qty: 0, updated_at: at })
    .where('code_lower', '=', codeKey('WO-3001'))
    .execute();
}
