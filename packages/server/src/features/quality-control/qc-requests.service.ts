import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/database.js';
import { createDocumentHead } from '../documents/document-create.service.js';

/**
 * QC blocking and QC requests (PROCESSES.md 2.1; docs/decisions/0172-goods-receipt.md).
 *
 * An item's blockForQcType says which receipts make its stock QC-pending: NEVER (or none),
 * PURCHASE_RECEIPT, PRODUCTION_RECEIPT, RETURN, ALL_RECEIPTS; ALWAYS (older data) means all.
 * A receipt that blocks creates its stock QC-pending (the stock row's qcPendingDelta, and for
 * batch and serial items the batch's or serial's qualityControlApprovedOrNotRequired = false)
 * and one QC_REQUEST document per received line, through createQcRequests, in the receipt's
 * own transaction.
 */
export type QcReceiptKind = 'PURCHASE_RECEIPT' | 'PRODUCTION_RECEIPT' | 'RETURN';

const blockingTypes: Readonly<Record<QcReceiptKind, readonly string[]>> = {
  PURCHASE_RECEIPT: ['PURCHASE_RECEIPT', 'ALL_RECEIPTS', 'ALWAYS'],
  PRODUCTION_RECEIPT: ['PRODUCTION_RECEIPT', 'ALL_RECEIPTS', 'ALWAYS'],
  RETURN: ['RETURN', 'ALL_RECEIPTS', 'ALWAYS'],
};

/** Whether a receipt of this kind makes the item's stock QC-pending. */
export function receiptBlocksForQc(blockForQcType: string | null, kind: QcReceiptKind): boolean {
  return blockForQcType !== null && blockingTypes[kind].includes(blockForQcType.toUpperCase());
}

/** One QC-pending quantity received: what a QC_REQUEST asks to check. */
export interface QcRequestLine {
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  /** Where the QC-pending stock was put. */
  binLocationId: number;
  /** Integer thousandths. */
  quantity: number;
}

export interface NewQcRequests {
  warehouseId: number | null;
  /** The posted document the stock came in with (GOODS_RECEIPT, SALES_RETURN, PRODUCTION_ORDER). */
  source: { type: string; code: string };
  lines: readonly QcRequestLine[];
  at: string;
}

function newQcRequestCode(): string {
  const random = randomUUID();
  return `QC-${Date.now().toString(36).toUpperCase()}-${random.slice(0, 6).toUpperCase()}`;
}

/**
 * Creates one OPEN QC_REQUEST per line (one document line each: item, batch, serial, quantity,
 * to_bin_location = where the stock waits, extras {source}), in the caller's transaction.
 * Answers the new documents' codes in the order of the lines.
 */
export async function createQcRequests(tx: Tx, requests: NewQcRequests): Promise<string[]> {
  const codes: string[] = [];
  for (const line of requests.lines) {
    const code = newQcRequestCode();
    const documentId = await createDocumentHead(tx, {
      type: 'QC_REQUEST',
      code,
      status: 'OPEN',
      warehouseId: requests.warehouseId,
      partnerId: null,
      at: requests.at,
    });
    // The code is new (time and random): taken only by a programming error.
    if (documentId === undefined) throw new Error(`QC request code ${code} is taken`);
    await tx
      .insertInto('document_line')
      .values({
        document_id: documentId,
        line_number: 0,
        item_id: line.itemId,
        direction: 'IN',
        quantity: line.quantity,
        open_quantity: line.quantity,
        batch_id: line.batchId,
        serial_id: line.serialId,
        to_bin_location_id: line.binLocationId,
        extras: JSON.stringify({ source: requests.source }),
      })
      .execute();
    codes.push(code);
  }
  return codes;
}
