import { documentLineDirection, type CounterPath } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { insertNumberedDocument } from '../deliveries/document-codes.js';

/**
 * RECOUNT_REQUEST documents (PROCESSES.md 4.4; decisions 0185 and 0189), made in one place for
 * every source: packing differences (features/deliveries/recount-requests.ts) and wall-to-wall
 * counts over the recount threshold (wall-to-wall-save.ts). A document of the store, status OPEN,
 * numbered RC-000001 on, in the warehouse given, with one line per location, item, batch and
 * serial to count again. `quantity` (thousandths) is the source's figure: the missing units of a
 * packing difference, the first count of a wall-to-wall count; extras say which (source, reason,
 * first counter...). The recounting app shows the lines blind.
 */
export interface RecountRequestLine {
  binLocationId: number;
  itemId: number;
  batchId: number | null;
  serialId: number | null;
  quantity: number;
  extras: Record<string, unknown>;
}

export async function insertRecountRequest(
  tx: Tx,
  request: { warehouseId: number | null; at: string; lines: readonly RecountRequestLine[] },
): Promise<{ id: number; code: string }> {
  const document = await insertNumberedDocument(tx, {
    type: 'RECOUNT_REQUEST',
    status: 'OPEN',
    warehouseId: request.warehouseId,
    partnerId: null,
    at: request.at,
  });
  if (request.lines.length > 0) {
    await tx
      .insertInto('document_line')
      .values(
        request.lines.map((line, lineNumber) => ({
          document_id: document.id,
          line_number: lineNumber,
          item_id: line.itemId,
          direction: documentLineDirection('RECOUNT_REQUEST'),
          quantity: line.quantity,
          open_quantity: line.quantity,
          batch_id: line.batchId,
          serial_id: line.serialId,
          from_bin_location_id: line.binLocationId,
          extras: JSON.stringify(line.extras),
        })),
      )
      .execute();
  }
  return document;
}

export const recountingCounterPath: CounterPath = '/recounting';

/**
 * The /recounting counter (decision 0191): the RECOUNT_REQUESTs nobody has claimed yet (OPEN).
 * Set after every commit that raises, claims or finishes one; never throws.
 */
export async function syncRecountingCounter(ctx: AppContext): Promise<void> {
  try {
    const row = await ctx.db
      .selectFrom('document')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('type', '=', 'RECOUNT_REQUEST')
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    await ctx.live.setCounter(recountingCounterPath, null, Number(row?.n ?? 0));
  } catch (error) {
    process.emitWarning(`/recounting counter not updated: ${String(error)}`);
  }
}
