import { codeKey } from '@wms/contract';
import type { DbOrTx, Tx } from '../../db/database.js';

/** Planned goods receipts in the document store (docs/decisions/0177-order-importers.md). */
const type = 'PLANNED_GOODS_RECEIPT';

function plannedReceipts(db: DbOrTx) {
  return db
    .selectFrom('document as d')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .select((eb) => [
      'd.id',
      'd.code',
      'd.visual_code',
      'd.status',
      'd.version',
      'd.due_date',
      'w.code as warehouse_code',
      'bp.code as supplier_code',
      'bp.name as supplier_name',
      eb
        .selectFrom('document_line as l')
        .select((l) => l.fn.countAll<number | string>().as('c'))
        .whereRef('l.document_id', '=', 'd.id')
        .as('line_count'),
      eb
        .selectFrom('document_line as l')
        .select((l) => l.fn.sum<number | string>('l.quantity').as('s'))
        .whereRef('l.document_id', '=', 'd.id')
        .as('total_quantity'),
    ])
    .where('d.type', '=', type);
}

/** The planned receipts in the status, newest first; at most `limit`. */
export function listPlannedReceipts(db: DbOrTx, status: string, limit: number) {
  return plannedReceipts(db)
    .where('d.status', '=', status)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
}

export function findPlannedReceipt(db: DbOrTx, code: string) {
  return plannedReceipts(db).where('d.code_lower', '=', codeKey(code)).executeTakeFirst();
}

/** The lines with their items, by line number. */
export function plannedReceiptLines(db: DbOrTx, documentId: number) {
  return db
    .selectFrom('document_line as l')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .select(['l.line_number', 'l.quantity', 'l.extras', 'i.code as item_code', 'i.name as item_name'])
    .where('l.document_id', '=', documentId)
    .orderBy('l.line_number')
    .execute();
}

/** Deletes a DRAFT at the version (its lines and attachments go with it); whether one was deleted. */
export async function deleteDraft(tx: Tx, id: number, version: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('document')
    .where('id', '=', id)
    .where('type', '=', type)
    .where('status', '=', 'DRAFT')
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The stored file names of the document's attachments (removed from disk after a delete). */
export async function attachmentFilesOf(db: DbOrTx, documentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('document_attachment')
    .select('stored_name')
    .where('document_id', '=', documentId)
    .execute();
  return rows.map((r) => r.stored_name);
}
