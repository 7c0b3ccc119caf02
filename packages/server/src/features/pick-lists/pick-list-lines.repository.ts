import { documentLineDirection } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

/**
 * The line-level writes of the overview's actions (merge, copy, edit, clear) beyond
 * pick-lists.repository.ts: lines moved between lists, a line's quantity, the sales order lines'
 * released quantity lowered, and a cleared list's container contents as storage request lines.
 * Quantities are integer thousandths.
 */

/** What is still to pick of the line. */
export const openOf = (line: { quantity: number; picked_qty: number; short_qty: number }): number =>
  Math.max(0, line.quantity - line.picked_qty - line.short_qty);

/** Moves a line (its progress and allocations follow: they hang on the line's id) to another list. */
export async function moveLine(tx: DbOrTx, lineId: number, toDocumentId: number, lineNumber: number): Promise<void> {
  await tx
    .updateTable('document_line')
    .set({ document_id: toDocumentId, line_number: lineNumber })
    .where('id', '=', lineId)
    .execute();
  await tx
    .updateTable('pick_list_line')
    .set({ document_id: toDocumentId })
    .where('document_line_id', '=', lineId)
    .execute();
}

/** Moves every shipping container of one list to another. */
export async function moveContainers(tx: DbOrTx, fromDocumentId: number, toDocumentId: number): Promise<void> {
  await tx
    .updateTable('shipping_container')
    .set({ pick_list_id: toDocumentId })
    .where('pick_list_id', '=', fromDocumentId)
    .execute();
}

/** The ids and line numbers of a list's lines (what orderWalk takes). */
export function lineNumbersOf(db: DbOrTx, documentId: number): Promise<{ id: number; lineNumber: number }[]> {
  return db
    .selectFrom('document_line')
    .select(['id', 'line_number as lineNumber'])
    .where('document_id', '=', documentId)
    .execute();
}

/** The line's quantity to pick and its open quantity (quantity - picked - short). */
export async function setLineQuantity(
  tx: DbOrTx,
  line: { id: number; picked_qty: number; short_qty: number },
  quantity: number,
): Promise<void> {
  await tx
    .updateTable('document_line')
    .set({ quantity, open_quantity: Math.max(0, quantity - line.picked_qty - line.short_qty) })
    .where('id', '=', line.id)
    .execute();
}

/**
 * Lowers a sales order line's released quantity (what is on lists not cleared) by `delta`, never
 * below zero: the part goes back to the order, for a later list.
 */
export async function lowerReleasedQuantity(tx: DbOrTx, sourceLineId: number, delta: number): Promise<void> {
  if (delta <= 0) return;
  await tx
    .updateTable('document_line')
    .set({
      released_quantity: sql`case when released_quantity > ${delta} then released_quantity - ${delta} else 0 end`,
    })
    .where('id', '=', sourceLineId)
    .execute();
}

/** What lies in the list's shipping containers (picked goods), per stock row. */
export async function containerContents(db: DbOrTx, documentId: number) {
  const rows = await db
    .selectFrom('shipping_container as sc')
    .innerJoin('stock as s', 's.bin_location_id', 'sc.bin_location_id')
    .select(['s.item_id', 's.batch_id', 's.serial_id', 's.bin_location_id', 's.on_hand_qty'])
    .where('sc.pick_list_id', '=', documentId)
    .where('s.on_hand_qty', '>', 0)
    .orderBy('sc.id')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ ...r, on_hand_qty: Number(r.on_hand_qty) }));
}

/** The lines of a storage request: what to put away from which container location. */
export async function insertStorageRequestLines(
  tx: DbOrTx,
  documentId: number,
  lines: readonly {
    item_id: number;
    batch_id: number | null;
    serial_id: number | null;
    bin_location_id: number;
    on_hand_qty: number;
  }[],
): Promise<void> {
  for (let start = 0; start < lines.length; start += 500) {
    await tx
      .insertInto('document_line')
      .values(
        lines.slice(start, start + 500).map((line, i) => ({
          document_id: documentId,
          line_number: start + i,
          item_id: line.item_id,
          direction: documentLineDirection('STORAGE_REQUEST'),
          quantity: line.on_hand_qty,
          open_quantity: line.on_hand_qty,
          batch_id: line.batch_id,
          serial_id: line.serial_id,
          from_bin_location_id: line.bin_location_id,
        })),
      )
      .execute();
  }
}
