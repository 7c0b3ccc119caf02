import { codeKey } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

/** Every SQL statement of recounting (features/recounting; decision 0191). Quantities are thousandths. */

export interface RecountHead {
  id: number;
  code: string;
  status: string;
  version: number;
  warehouse_id: number | null;
  warehouse_code: string | null;
  created_at: string;
}

const heads = (db: DbOrTx) =>
  db
    .selectFrom('document as d')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .select(['d.id', 'd.code', 'd.status', 'd.version', 'd.warehouse_id', 'w.code as warehouse_code', 'd.created_at'])
    .where('d.type', '=', 'RECOUNT_REQUEST');

export function findHead(db: DbOrTx, code: string): Promise<RecountHead | undefined> {
  return heads(db).where('d.code_lower', '=', codeKey(code)).executeTakeFirst();
}

export function findHeadById(db: DbOrTx, id: number): Promise<RecountHead> {
  return heads(db).where('d.id', '=', id).executeTakeFirstOrThrow();
}

/** At most this many requests in a list (oldest first). */
export const listLimit = 500;

export function headsWithStatus(db: DbOrTx, statuses: readonly string[]): Promise<RecountHead[]> {
  return heads(db).where('d.status', 'in', statuses).orderBy('d.id').limit(listLimit).execute();
}

/** The lines of the requests with their location, item, batch and serial. */
export function linesOf(db: DbOrTx, documentIds: readonly number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('document_line as l')
    .innerJoin('bin_location as b', 'b.id', 'l.from_bin_location_id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .leftJoin('batch as ba', 'ba.id', 'l.batch_id')
    .leftJoin('serial as se', 'se.id', 'l.serial_id')
    .select([
      'l.document_id',
      'l.line_number',
      'l.item_id',
      'l.batch_id',
      'l.serial_id',
      'l.quantity',
      'l.extras',
      'b.id as bin_location_id',
      'b.code as location_code',
      'b.visual_code as location_visual_code',
      'b.requires_counting',
      'i.code as item_code',
      'i.name as item_name',
      'i.managed_by',
      'ba.code as batch_code',
      'se.code as serial_code',
    ])
    .where('l.document_id', 'in', documentIds)
    .orderBy('l.document_id')
    .orderBy('l.line_number')
    .execute();
}
export type RecountLineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** The saved recount of the requests (all locations, or one). */
export function savedOf(db: DbOrTx, documentIds: readonly number[], binLocationId: number | null = null) {
  if (documentIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('recount_line')
    .select(['document_id', 'bin_location_id', 'item_id', 'batch_id', 'serial_id', 'counted', 'username'])
    .where('document_id', 'in', documentIds);
  if (binLocationId !== null) query = query.where('bin_location_id', '=', binLocationId);
  return query.orderBy('id').execute();
}
export type SavedRecountRow = Awaited<ReturnType<typeof savedOf>>[number];

export async function replaceSaved(
  tx: DbOrTx,
  documentId: number,
  binLocationId: number,
  rows: readonly { itemId: number; batchId: number | null; serialId: number | null; counted: number }[],
  user: { userId: number; username: string },
  at: string,
): Promise<void> {
  await tx
    .deleteFrom('recount_line')
    .where('document_id', '=', documentId)
    .where('bin_location_id', '=', binLocationId)
    .execute();
  if (rows.length === 0) return;
  await tx
    .insertInto('recount_line')
    .values(
      rows.map((row) => ({
        document_id: documentId,
        bin_location_id: binLocationId,
        item_id: row.itemId,
        batch_id: row.batchId,
        serial_id: row.serialId,
        counted: row.counted,
        user_id: user.userId,
        username: user.username,
        at,
      })),
    )
    .execute();
}

export function insertResult(
  tx: DbOrTx,
  row: { documentId: number; outcome: string; recounterId: number; recounter: string; at: string },
) {
  return tx
    .insertInto('recount_result')
    .values({
      document_id: row.documentId,
      outcome: row.outcome,
      recounter_id: row.recounterId,
      recounter: row.recounter,
      flushed_at: row.at,
    })
    .execute();
}

export function resultsOf(db: DbOrTx, documentIds: readonly number[]) {
  if (documentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recount_result')
    .select(['document_id', 'outcome', 'recounter', 'reviewer', 'review_comment'])
    .where('document_id', 'in', documentIds)
    .execute();
}

export function recordReview(tx: DbOrTx, documentId: number, reviewer: string, comment: string, at: string) {
  return tx
    .updateTable('recount_result')
    .set({ outcome: 'POSTED', reviewer, review_comment: comment, reviewed_at: at })
    .where('document_id', '=', documentId)
    .execute();
}

/** Takes the items off the location's PARTIAL list; answers whether items are left on it. */
export async function removeItemsToCount(
  tx: DbOrTx,
  binLocationId: number,
  itemIds: readonly number[],
): Promise<boolean> {
  await tx
    .deleteFrom('bin_location_count_item')
    .where('bin_location_id', '=', binLocationId)
    .where('item_id', 'in', itemIds)
    .execute();
  const left = await tx
    .selectFrom('bin_location_count_item')
    .select('item_id')
    .where('bin_location_id', '=', binLocationId)
    .executeTakeFirst();
  return left !== undefined;
}

export function itemsByCode(db: DbOrTx, codes: readonly string[]) {
  const keys = [...new Set(codes.map(codeKey))];
  return db.selectFrom('item').select(['id', 'code', 'code_lower']).where('code_lower', 'in', keys).execute();
}

export async function itemCodesOf(db: DbOrTx, itemIds: readonly number[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.selectFrom('item').select('code').where('id', 'in', itemIds).execute();
  return rows.map((r) => r.code);
}

export function codesOf(db: DbOrTx, table: 'batch' | 'serial', ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom(table).select(['id', 'code']).where('id', 'in', ids).execute();
}
