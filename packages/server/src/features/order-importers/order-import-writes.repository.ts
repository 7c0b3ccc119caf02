import { codeKey, documentLineDirection, type DocumentType } from '@wms/contract';
import type { Tx } from '../../db/database.js';

/** The writes of the order importers: one document head, its lines in multi-row inserts. */

export interface NewOrderDocument {
  type: DocumentType;
  code: string;
  status: string;
  partnerId: number;
  warehouseId: number;
  dueDate: string | null;
  shipDate: string | null;
  /** JSON of the ship-to address, or null. */
  shipToAddress: string | null;
  at: string;
}

export interface NewOrderLine {
  itemId: number;
  /** Thousandths. */
  quantity: number;
  extras: Record<string, unknown> | null;
}

/** Lines per insert statement (9 values each: well inside SQLite's and PostgreSQL's bind limits). */
const linesPerInsert = 500;

/** The document's id, or undefined when a document of the type and code exists already. */
export async function insertOrderDocument(tx: Tx, head: NewOrderDocument): Promise<number | undefined> {
  const row = await tx
    .insertInto('document')
    .values({
      type: head.type,
      code: head.code,
      code_lower: codeKey(head.code),
      visual_code: head.code,
      status: head.status,
      warehouse_id: head.warehouseId,
      business_partner_id: head.partnerId,
      ship_to_address: head.shipToAddress,
      document_date: head.at.slice(0, 10),
      due_date: head.dueDate,
      ship_date: head.shipDate,
      created_at: head.at,
      updated_at: head.at,
    })
    .onConflict((oc) => oc.columns(['type', 'code_lower']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The lines, numbered from 0 in the given order, open quantity = quantity. */
export async function insertOrderLines(
  tx: Tx,
  documentId: number,
  type: DocumentType,
  lines: readonly NewOrderLine[],
): Promise<void> {
  const direction = documentLineDirection(type);
  for (let start = 0; start < lines.length; start += linesPerInsert) {
    await tx
      .insertInto('document_line')
      .values(
        lines.slice(start, start + linesPerInsert).map((line, i) => ({
          document_id: documentId,
          line_number: start + i,
          item_id: line.itemId,
          direction,
          quantity: line.quantity,
          open_quantity: line.quantity,
          extras: line.extras === null ? null : JSON.stringify(line.extras),
        })),
      )
      .execute();
  }
}
