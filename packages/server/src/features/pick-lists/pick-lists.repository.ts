import { codeKey, documentLineDirection } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { insertNumberedHead } from '../documents/document-numbers.js';
import { lockDocumentRow } from '../documents/document-status.js';
import { isSqlite, runCompiled } from '../../db/compiled-query.js';
import { createDocumentHead, type NewDocumentHead } from '../documents/document-create.service.js';

/**
 * The shared reads and writes of pick lists (docs/decisions/0183-pick-lists.md): the PICK_LIST
 * document with its pick_list head, its document_line rows with their pick_list_line progress,
 * the allocations of its lines and the released quantity of the sales order lines they came
 * from. Quantities are integer thousandths. Every helper of features/pick-lists builds on these;
 * add functions at the end.
 */

/** Codes of created pick lists: PL- and six digits or more. */
export const pickListCodePrefix = 'PL-';

/** How a list was made (pick_list.origin). */
export type PickListOrigin = 'SALES_ORDER' | 'MERGE' | 'COPY' | 'SHORT' | 'ERP';

export interface NewPickListLine {
  itemId: number;
  /** To pick (thousandths). */
  quantity: number;
  /** The SALES_ORDER line it came from. */
  sourceLineId: number | null;
  /** A batch or serial the line asks for (null: any). */
  batchId?: number | null;
  serialId?: number | null;
  extras?: Record<string, unknown> | null;
}

export interface NewPickList {
  warehouseId: number | null;
  partnerId: number | null;
  shipDate: string | null;
  dueDate?: string | null;
  /** The ship-to address as JSON. */
  shipToAddress: string | null;
  priority: number;
  route: string | null;
  origin: PickListOrigin;
  createdBy: string;
  at: string;
  lines: readonly NewPickListLine[];
  /** Status of the new document (default RELEASED). */
  status?: string;
  /** A code to use (default: the next PL- number). */
  code?: string;
}

export interface InsertedPickList {
  id: number;
  code: string;
  /** The document lines in the order given, numbered from 0. */
  lines: { id: number; lineNumber: number; itemId: number; quantity: number; sourceLineId: number | null }[];
}

/** The PICK_LIST document head of a list (status RELEASED unless told). */
export const pickListHead = (list: NewPickList): Omit<NewDocumentHead, 'code'> => ({
  type: 'PICK_LIST',
  status: list.status ?? 'RELEASED',
  warehouseId: list.warehouseId,
  partnerId: list.partnerId,
  at: list.at,
  shipDate: list.shipDate,
  dueDate: list.dueDate ?? null,
  shipToAddress: list.shipToAddress,
  priority: list.priority,
});

/** The pick_list row of a list whose document is `documentId`. */
export const pickListRow = (list: NewPickList, documentId: number) => ({
  document_id: documentId,
  route: list.route,
  packed: 0,
  origin: list.origin,
  created_by: list.createdBy,
});

/**
 * Inserts a pick list: the PICK_LIST document (status RELEASED unless told), its pick_list head,
 * its lines (direction OUT, open = quantity) and their pick_list_line rows (walk order = line
 * number; the caller may set it with setWalkOrder). The code is the next free PL- number: a code
 * taken meanwhile (a concurrent run) tries the next.
 */
export async function insertPickList(tx: DbOrTx, list: NewPickList): Promise<InsertedPickList> {
  let id: number;
  let code: string;
  if (list.code === undefined) {
    ({ id, code } = await insertNumberedHead(tx, pickListCodePrefix, pickListHead(list)));
  } else {
    code = list.code;
    const documentId = await createDocumentHead(tx, { ...pickListHead(list), code });
    if (documentId === undefined) throw new Error(`pick list code ${code} is taken`);
    id = documentId;
  }
  await tx.insertInto('pick_list').values(pickListRow(list, id)).execute();
  const lines = await insertPickListLines(tx, id, 0, list.lines);
  return { id, code, lines };
}

/** Lines per insert statement (well inside SQLite's and PostgreSQL's bind limits). */
const linesPerInsert = 300;

/**
 * Appends lines to a pick list from line number `firstLineNumber` on (document_line and
 * pick_list_line; walk order = line number). Answers them in the order given.
 */
export function insertPickListLines(
  tx: DbOrTx,
  documentId: number,
  firstLineNumber: number,
  lines: readonly NewPickListLine[],
): Promise<InsertedPickList['lines']> {
  return insertLinesOfLists(
    tx,
    lines.map((line, i) => ({ documentId, lineNumber: firstLineNumber + i, line })),
  );
}

/** Lines of any lists (each with its list and number), 300 per statement; answered in the order given. */
export async function insertLinesOfLists(
  tx: DbOrTx,
  entries: readonly { documentId: number; lineNumber: number; line: NewPickListLine }[],
): Promise<InsertedPickList['lines']> {
  const direction = documentLineDirection('PICK_LIST');
  const answer: InsertedPickList['lines'] = [];
  for (let start = 0; start < entries.length; start += linesPerInsert) {
    const chunk = entries.slice(start, start + linesPerInsert);
    const rows = await tx
      .insertInto('document_line')
      .values(
        chunk.map(({ documentId, lineNumber, line }) => ({
          document_id: documentId,
          line_number: lineNumber,
          item_id: line.itemId,
          direction,
          quantity: line.quantity,
          open_quantity: line.quantity,
          batch_id: line.batchId ?? null,
          serial_id: line.serialId ?? null,
          extras: line.extras == null ? null : JSON.stringify(line.extras),
        })),
      )
      .returning(['id', 'document_id', 'line_number'])
      .execute();
    const idOf = new Map(rows.map((r) => [`${r.document_id}:${r.line_number}`, r.id]));
    const inserted = chunk.map(({ documentId, lineNumber, line }) => {
      const id = idOf.get(`${documentId}:${lineNumber}`);
      if (id === undefined) throw new Error(`pick list line ${lineNumber} of ${documentId} not inserted`);
      return {
        id,
        documentId,
        lineNumber,
        itemId: line.itemId,
        quantity: line.quantity,
        sourceLineId: line.sourceLineId,
      };
    });
    await tx
      .insertInto('pick_list_line')
      .values(
        inserted.map((line) => ({
          document_line_id: line.id,
          document_id: line.documentId,
          source_line_id: line.sourceLineId,
          picked_qty: 0,
          short_qty: 0,
          short_reason: null,
          walk_order: line.lineNumber,
          skipped: 0,
        })),
      )
      .execute();
    answer.push(...inserted.map(({ documentId: _documentId, ...line }) => line));
  }
  return answer;
}

/** Sets the walk order of lines (document line id -> order). */
export async function setWalkOrder(tx: DbOrTx, orders: ReadonlyMap<number, number>): Promise<void> {
  const entries = [...orders];
  // 300 lines per statement: walk_order = case document_line_id when ... then ... end.
  for (let start = 0; start < entries.length; start += 300) {
    const part = entries.slice(start, start + 300);
    const cases = sql.join(
      part.map(([lineId, order]) => sql`when ${lineId} then cast(${order} as integer)`),
      sql` `,
    );
    await tx
      .updateTable('pick_list_line')
      .set({ walk_order: sql<number>`case document_line_id ${cases} end` })
      .where(
        'document_line_id',
        'in',
        part.map(([lineId]) => lineId),
      )
      .execute();
  }
}

/**
 * A pick list's head: the document, its pick_list row (route, packed, origin, creator; null for a
 * PICK_LIST document made elsewhere), warehouse and customer; undefined when no PICK_LIST has the
 * code. The one read of a list's head (pick-list-view.ts findPickListHeadOrThrow, lockedPickList).
 */
/** The head of a list by code (compiled once: every list operation starts with it). */
export async function findPickListByCode(db: DbOrTx, code: string) {
  const { rows } = await runCompiled(db, 'pickLists.headByCode', (slot) => headByCode(db, slot(0)), [codeKey(code)]);
  return rows[0];
}

const headByCode = (db: DbOrTx, codeLower: string) =>
  db
    .selectFrom('document as d')
    .leftJoin('pick_list as p', 'p.document_id', 'd.id')
    .leftJoin('warehouse as w', 'w.id', 'd.warehouse_id')
    .leftJoin('business_partner as bp', 'bp.id', 'd.business_partner_id')
    .select([
      'd.id',
      'd.code',
      'd.status',
      'd.version',
      'd.priority',
      'd.warehouse_id',
      'w.code as warehouse_code',
      'd.business_partner_id',
      'bp.code as partner_code',
      'bp.name as partner_name',
      'd.ship_date',
      'd.ship_to_address',
      'd.created_at',
      'p.route',
      'p.packed',
      'p.origin',
      'p.created_by',
    ])
    .where('d.type', '=', 'PICK_LIST')
    .where('d.code_lower', '=', codeLower);
export type PickListHead = NonNullable<Awaited<ReturnType<typeof findPickListByCode>>>;

/** The lines of a list with their progress, by line number. Quantities are numbers (thousandths). */
export async function pickListLines(db: DbOrTx, documentId: number) {
  const rows = await db
    .selectFrom('document_line as l')
    .innerJoin('pick_list_line as p', 'p.document_line_id', 'l.id')
    .innerJoin('item as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'l.line_number',
      'l.item_id',
      'i.code as item_code',
      'i.name as item_name',
      'i.managed_by',
      'l.quantity',
      'l.open_quantity',
      'l.batch_id',
      'l.serial_id',
      'p.source_line_id',
      'p.picked_qty',
      'p.short_qty',
      'p.short_reason',
      'p.walk_order',
      'p.skipped',
    ])
    .where('l.document_id', '=', documentId)
    .orderBy('l.line_number')
    .execute();
  return rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    open_quantity: Number(r.open_quantity),
    picked_qty: Number(r.picked_qty),
    short_qty: Number(r.short_qty),
  }));
}
export type PickListLineRow = Awaited<ReturnType<typeof pickListLines>>[number];

/** The next free line number of a list. */
export async function nextLineNumber(db: DbOrTx, documentId: number): Promise<number> {
  const row = await db
    .selectFrom('document_line')
    .select((eb) => eb.fn.max('line_number').as('max'))
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row?.max == null ? 0 : Number(row.max) + 1;
}

/** Ids per `in (...)` read (well inside both databases' bind limits). */
const idsPerRead = 1000;

/**
 * The allocations of document lines with what names their stock key (location code and sorting
 * code, batch code and expiry, serial code), ordered by line, location sorting code, location.
 */
export async function allocationsOfLines(db: DbOrTx, lineIds: readonly number[]) {
  const ids = [...new Set(lineIds)].sort((a, b) => a - b);
  const rows = [];
  // In parts of ids in ascending order, so the rows stay ordered by line.
  for (let start = 0; start < ids.length; start += idsPerRead) {
    const part = await db
      .selectFrom('stock_allocation as a')
      .innerJoin('bin_location as b', 'b.id', 'a.bin_location_id')
      .leftJoin('batch as ba', 'ba.id', 'a.batch_id')
      .leftJoin('serial as se', 'se.id', 'a.serial_id')
      .select([
        'a.id',
        'a.document_line_id',
        'a.item_id',
        'a.batch_id',
        'a.serial_id',
        'a.bin_location_id',
        'a.quantity',
        'b.code as location_code',
        'b.sorting_code as location_sorting_code',
        'ba.code as batch_code',
        sql<string | null>`coalesce(ba.expiration_date, se.expiration_date)`.as('expiration_date'),
        'se.code as serial_code',
      ])
      .where('a.document_line_id', 'in', ids.slice(start, start + idsPerRead))
      .orderBy('a.document_line_id')
      .orderBy('b.sorting_code')
      .orderBy('b.code_lower')
      .orderBy('a.id')
      .execute();
    rows.push(...part);
  }
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}
export type AllocationRow = Awaited<ReturnType<typeof allocationsOfLines>>[number];

/**
 * Changes the released quantity of a SALES_ORDER line by delta, guarded: only when the result
 * stays within 0 and the line's open quantity (one conditional update, so two concurrent runs
 * never plan one line twice). Answers whether it was written.
 */
export async function changeReleasedQuantity(tx: DbOrTx, salesLineId: number, delta: number): Promise<boolean> {
  if (delta === 0) return true;
  const result = await tx
    .updateTable('document_line')
    .set((eb) => ({ released_quantity: eb('released_quantity', '+', delta) }))
    .where('id', '=', salesLineId)
    .where(sql<boolean>`released_quantity + ${delta} >= 0`)
    .where(sql<boolean>`released_quantity + ${delta} <= open_quantity`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Reserves the whole open quantity of sales order lines nothing is released on yet, 500 lines per
 * statement: released = open where released is still 0 (PostgreSQL locks the rows first, in id
 * order). Answers id -> reserved; a line not answered changed meanwhile and is reserved one by
 * one (changeReleasedQuantity).
 */
export async function reserveUnplannedLines(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, number>> {
  const reserved = new Map<number, number>();
  const sorted = [...ids].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += 500) {
    const part = sorted.slice(start, start + 500);
    if (!isSqlite(tx)) {
      await tx.selectFrom('document_line').select('id').where('id', 'in', part).orderBy('id').forUpdate().execute();
    }
    const rows = await tx
      .updateTable('document_line')
      .set((eb) => ({ released_quantity: eb.ref('open_quantity') }))
      .where('id', 'in', part)
      .where('released_quantity', '=', 0)
      .where('open_quantity', '>', 0)
      .returning(['id', 'open_quantity'])
      .execute();
    for (const row of rows) reserved.set(row.id, Number(row.open_quantity));
  }
  return reserved;
}

/**
 * Serialises the changes of one pick list: PostgreSQL locks the document row until commit
 * (SQLite runs one write transaction at a time anyway). Every list-changing transaction calls it
 * first. Answers whether a row lock was taken: only then may what was read before it be stale.
 */
export function lockPickList(tx: DbOrTx, documentId: number): Promise<boolean> {
  return lockDocumentRow(tx, documentId);
}
