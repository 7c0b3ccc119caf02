import { codeKey, documentLineDirection, type DocumentType } from '@wms/contract';
import { isSqlite } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';

/** What the shared document rules read of a document. */
export interface DocumentHead {
  id: number;
  type: string;
  code: string;
  status: string;
  version: number;
}

const headColumns = ['id', 'type', 'code', 'status', 'version'] as const;

export function findDocumentById(db: DbOrTx, id: number): Promise<DocumentHead | undefined> {
  return db.selectFrom('document').select(headColumns).where('id', '=', id).executeTakeFirst();
}

export function findDocumentByCode(db: DbOrTx, type: string, code: string): Promise<DocumentHead | undefined> {
  return db
    .selectFrom('document')
    .select(headColumns)
    .where('type', '=', type)
    .where('code_lower', '=', codeKey(code))
    .executeTakeFirst();
}

/**
 * The status change as one conditional update: the document gets `to` and its next version only
 * when its type and status are one of `sources` (per type, the statuses it may leave for `to`)
 * and, when given, its version is still `expectedVersion`. Answers the document as written, or
 * undefined when nothing matched.
 */
export function updateStatus(
  tx: DbOrTx,
  change: {
    id: number;
    to: string;
    sources: readonly { type: string; from: readonly string[] }[];
    expectedVersion: number | undefined;
    at: string;
  },
): Promise<DocumentHead | undefined> {
  let query = tx
    .updateTable('document')
    .set((eb) => ({ status: change.to, version: eb('version', '+', 1), updated_at: change.at }))
    .where('id', '=', change.id)
    .where((eb) =>
      eb.or(change.sources.map(({ type, from }) => eb.and([eb('type', '=', type), eb('status', 'in', [...from])]))),
    );
  if (change.expectedVersion !== undefined) query = query.where('version', '=', change.expectedVersion);
  return query.returning(headColumns).executeTakeFirst();
}

/**
 * Serialises the writes of one document's attachments (PostgreSQL: the document row locked until
 * commit; SQLite runs one write transaction at a time anyway).
 */
export async function lockDocument(tx: DbOrTx, id: number): Promise<void> {
  if (isSqlite(tx)) return;
  await tx.selectFrom('document').select('id').where('id', '=', id).forUpdate().execute();
}

export async function countAttachments(db: DbOrTx, documentId: number): Promise<number> {
  const row = await db
    .selectFrom('document_attachment')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewAttachment {
  documentId: number;
  name: string;
  extension: string;
  storedName: string;
  size: number;
  uploadedBy: number;
  at: string;
}

export async function insertAttachment(tx: DbOrTx, attachment: NewAttachment): Promise<number> {
  const row = await tx
    .insertInto('document_attachment')
    .values({
      document_id: attachment.documentId,
      name: attachment.name,
      extension: attachment.extension,
      stored_name: attachment.storedName,
      size_bytes: attachment.size,
      uploaded_by: attachment.uploadedBy,
      uploaded_at: attachment.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function attachmentsWithUploader(db: DbOrTx) {
  return db
    .selectFrom('document_attachment as a')
    .leftJoin('app_user as u', 'u.id', 'a.uploaded_by')
    .select([
      'a.id',
      'a.document_id',
      'a.name',
      'a.extension',
      'a.stored_name',
      'a.size_bytes',
      'a.uploaded_by',
      'a.uploaded_at',
      'u.username',
    ]);
}

/** A document's attachments, oldest first. */
export function listAttachments(db: DbOrTx, documentId: number) {
  return attachmentsWithUploader(db)
    .where('a.document_id', '=', documentId)
    .orderBy('a.uploaded_at')
    .orderBy('a.id')
    .execute();
}

export function findAttachment(db: DbOrTx, documentId: number, id: number) {
  return attachmentsWithUploader(db).where('a.document_id', '=', documentId).where('a.id', '=', id).executeTakeFirst();
}

export async function deleteAttachment(tx: DbOrTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('document_attachment').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface NewDocumentHead {
  type: string;
  code: string;
  status: string;
  warehouseId: number | null;
  partnerId: number | null;
  at: string;
  dueDate?: string | null;
  shipDate?: string | null;
  /** JSON of the ship-to address. */
  shipToAddress?: string | null;
  /** Default 0. */
  priority?: number;
}

/** The document row of a head (visual code = code, dated the day of `at`). */
const documentRow = (head: NewDocumentHead) => ({
  type: head.type,
  code: head.code,
  code_lower: codeKey(head.code),
  visual_code: head.code,
  status: head.status,
  warehouse_id: head.warehouseId,
  business_partner_id: head.partnerId,
  ship_to_address: head.shipToAddress ?? null,
  document_date: head.at.slice(0, 10),
  due_date: head.dueDate ?? null,
  ship_date: head.shipDate ?? null,
  priority: head.priority ?? 0,
  created_at: head.at,
  updated_at: head.at,
});

/**
 * Inserts a document's head (visual code = code, dated today); undefined when the type and code
 * are taken already, e.g. by a concurrent insert of the same document (the caller decides).
 */
export async function insertDocumentHead(tx: DbOrTx, head: NewDocumentHead): Promise<number | undefined> {
  const row = await tx
    .insertInto('document')
    .values(documentRow(head))
    .onConflict((oc) => oc.columns(['type', 'code_lower']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Inserts many document heads (as insertDocumentHead), 200 per statement; answers code -> id of
 * those inserted: a head whose type and code are taken already is left out (the caller gives it
 * another code).
 */
export async function insertDocumentHeads(tx: DbOrTx, heads: readonly NewDocumentHead[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < heads.length; start += 200) {
    const rows = await tx
      .insertInto('document')
      .values(heads.slice(start, start + 200).map(documentRow))
      .onConflict((oc) => oc.columns(['type', 'code_lower']).doNothing())
      .returning(['id', 'code'])
      .execute();
    for (const row of rows) ids.set(row.code, row.id);
  }
  return ids;
}

export interface NewDocumentLine {
  itemId: number;
  /** Thousandths. */
  quantity: number;
  extras: Record<string, unknown> | null;
}

/** Lines per insert statement (7 values each: well inside SQLite's and PostgreSQL's bind limits). */
const linesPerInsert = 500;

/** A new document's lines in multi-row inserts, numbered from 0 in the given order, open quantity = quantity. */
export async function insertDocumentLines(
  tx: DbOrTx,
  documentId: number,
  type: DocumentType,
  lines: readonly NewDocumentLine[],
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

/**
 * Serialises the changes of one document: PostgreSQL locks its row until commit (SQLite runs one
 * write transaction at a time anyway). Answers whether a row lock was taken: only then may what
 * was read before it be stale.
 */
export async function lockDocumentRow(tx: DbOrTx, documentId: number): Promise<boolean> {
  if (isSqlite(tx)) return false;
  await tx.selectFrom('document').select('id').where('id', '=', documentId).forUpdate().execute();
  return true;
}
