import type { Tx } from '../../db/database.js';
import type { StockKey } from '../stock/stock.service.js';
import { insertRecountRequest } from '../counting/recount-requests.js';
import { nowIso } from '../../util/time.js';

/**
 * A short pick raises a RECOUNT_REQUEST when the setting counting.recountOnShortPick is on
 * (decision 0191), inside the short's transaction. One line per stock row the line held at the
 * location; the picker is the first counter, and what the picker found is the first count: the
 * row's onHand less what was allocated there and not found. The recounter must be someone else.
 */
export async function raiseShortPickRecount(
  tx: Tx,
  short: {
    warehouseId: number | null;
    pickList: string;
    picker: string;
    missing: readonly (StockKey & { quantity: number })[];
  },
): Promise<void> {
  if (short.missing.length === 0) return;
  const lines = [];
  for (const unit of short.missing) {
    let query = tx
      .selectFrom('stock')
      .select('on_hand_qty')
      .where('item_id', '=', unit.itemId)
      .where('bin_location_id', '=', unit.binLocationId);
    query = unit.batchId === null ? query.where('batch_id', 'is', null) : query.where('batch_id', '=', unit.batchId);
    query =
      unit.serialId === null ? query.where('serial_id', 'is', null) : query.where('serial_id', '=', unit.serialId);
    const row = await query.executeTakeFirst();
    const firstCount = Math.max(0, Number(row?.on_hand_qty ?? 0) - unit.quantity);
    lines.push({
      binLocationId: unit.binLocationId,
      itemId: unit.itemId,
      batchId: unit.batchId,
      serialId: unit.serialId,
      quantity: firstCount,
      extras: { source: 'SHORT_PICK', firstCount, firstCounter: short.picker, pickList: short.pickList },
    });
  }
  await insertRecountRequest(tx, { warehouseId: short.warehouseId, at: nowIso(), lines });
}
