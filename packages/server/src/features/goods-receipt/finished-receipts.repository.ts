import type { DbOrTx } from '../../db/database.js';

/** The finished receipts of a period, their posted entries and their attachments (GET finished_receipts). */

export function finishedBetween(db: DbOrTx, from: string, to: string, limit: number) {
  return db
    .selectFrom('goods_receipt as gr')
    .innerJoin('document as d', 'd.id', 'gr.id')
    .innerJoin('document as s', 's.id', 'gr.source_document_id')
    .leftJoin('business_partner as bp', 'bp.id', 's.business_partner_id')
    .leftJoin('warehouse as w', 'w.id', 's.warehouse_id')
    .select([
      'gr.id',
      'd.code',
      's.type as source_type',
      's.code as source_code',
      'bp.code as supplier_code',
      'bp.name as supplier_name',
      'w.code as warehouse_code',
      'gr.finished_by',
    ])
    .select((eb) => eb.fn.coalesce('gr.finished_at', eb.val('')).as('finished_at'))
    .where('d.status', '=', 'FINISHED')
    .where('gr.finished_at', '>=', from)
    .where('gr.finished_at', '<=', to)
    .orderBy('gr.finished_at', 'desc')
    .orderBy('gr.id', 'desc')
    .limit(limit)
    .execute();
}

export function postedRows(db: DbOrTx, receiptIds: readonly number[]) {
  return db
    .selectFrom('goods_receipt_entry as e')
    .innerJoin('item as i', 'i.id', 'e.item_id')
    .innerJoin('bin_location as b', 'b.id', 'e.target_bin_location_id')
    .select([
      'e.receipt_id',
      'e.line_number',
      'i.code as item_code',
      'i.name as item_name',
      'e.quantity',
      'e.batch_code',
      'e.serial_code',
      'b.code as location_code',
    ])
    .where('e.receipt_id', 'in', receiptIds.length > 0 ? [...receiptIds] : [-1])
    .orderBy('e.receipt_id')
    .orderBy('e.id')
    .execute();
}

export function attachmentsOf(db: DbOrTx, documentIds: readonly number[]) {
  return db
    .selectFrom('document_attachment')
    .select(['id', 'document_id', 'name'])
    .where('document_id', 'in', documentIds.length > 0 ? [...documentIds] : [-1])
    .orderBy('id')
    .execute();
}
