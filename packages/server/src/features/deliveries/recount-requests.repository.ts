import type { DbOrTx } from '../../db/database.js';

/**
 * The recount requests packing differences raised (decision 0185): RECOUNT_REQUEST documents, one
 * line per source location and item the missing units were picked from. Read by the pack view and
 * by the pick list's detail (features/pick-lists/pick-list-view.ts) until the counting apps exist.
 * Imports nothing of the features, so both may read it.
 */
export async function recountRequestsOfList(db: DbOrTx, pickListId: number) {
  const rows = await db
    .selectFrom('pack_difference as pd')
    .innerJoin('document as d', 'd.id', 'pd.recount_document_id')
    .innerJoin('document_line as l', 'l.document_id', 'd.id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('bin_location as b', 'b.id', 'l.from_bin_location_id')
    .select(['d.code', 'd.status', 'b.code as location', 'i.code as item'])
    .where('pd.pick_list_id', '=', pickListId)
    .orderBy('d.code')
    .orderBy('l.line_number')
    .execute();
  return rows.map((row) => ({ code: row.code, status: row.status, location: row.location ?? '', item: row.item }));
}
