import { fromThousandths, toThousandths, type PickList } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { changeAllocations, type AllocationChange } from '../stock/stock.service.js';
import * as lines from './pick-list-lines.repository.js';
import { afterPickListCommit } from './pick-list-live.js';
import { assertPickListStatus, bumpVersion, setListPlanning } from './pick-list-overview.repository.js';
import { refreshPickListStatus } from './pick-list-status.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';
import { allocationsOfLines, pickListLines } from './pick-lists.repository.js';

export interface PickListEdit {
  code: string;
  version: number;
  priority?: number | undefined;
  shipDate?: string | null | undefined;
  lines?: readonly { lineNumber: number; quantity: number }[] | undefined;
}

/**
 * POST edit {code, version, priority?, shipDate?, lines?} (PROCESSES.md 3.2) of a RELEASED or
 * PARTLY_PICKED list: priority, ship date (null clears it), and line quantities lowered (never
 * raised: a list asks what its order lines released). Lowering a line frees what its open rest no
 * longer needs of its allocations (the last in the walk first) and lowers the sales order line's released
 * quantity by the same amount, so the order can plan it again. A line lowered to what is picked
 * and short is done; the status follows (refreshPickListStatus).
 *
 * Refusals: 404 unknownDocument; 412 optimisticLockConflict on a stale version; 422
 * picklistNotInStatus {status}; 422 unknownLine {line}; 422 quantityBelowPicked {line, picked}
 * below what is picked (and closed short); 422 qtyTooLarge {max} above the line's quantity.
 */
export async function editPickList(ctx: AppContext, edit: PickListEdit): Promise<PickList> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, edit.code);
    await bumpVersion(tx, head, edit.version, nowIso());
    assertPickListStatus(head, ['RELEASED', 'PARTLY_PICKED']);
    await setListPlanning(tx, head.id, { priority: edit.priority, shipDate: edit.shipDate });
    if (edit.lines && edit.lines.length > 0) {
      await lowerLines(tx, head.id, edit.lines);
      await refreshPickListStatus(tx, head.id);
    }
    return loadPickListView(tx, head.code);
  });
  await afterPickListCommit(ctx, [answer.code]);
  return answer;
}

async function lowerLines(
  tx: Tx,
  documentId: number,
  edits: readonly { lineNumber: number; quantity: number }[],
): Promise<void> {
  const current = await pickListLines(tx, documentId);
  const allocations = await allocationsOfLines(
    tx,
    current.map((line) => line.id),
  );
  const releases: AllocationChange[] = [];
  // A line named twice: the last quantity given counts.
  const lastPerLine = [...new Map(edits.map((edit) => [edit.lineNumber, edit])).values()];
  for (const edit of lastPerLine) {
    const line = current.find((l) => l.line_number === edit.lineNumber);
    if (!line) throw unprocessable('unknownLine', { line: edit.lineNumber });
    const quantity = toThousandths(edit.quantity);
    const done = line.picked_qty + line.short_qty;
    if (quantity < done) {
      throw unprocessable('quantityBelowPicked', { line: line.line_number, picked: fromThousandths(done) });
    }
    if (quantity > line.quantity) throw unprocessable('qtyTooLarge', { max: fromThousandths(line.quantity) });
    if (quantity === line.quantity) continue;
    const newOpen = quantity - done;
    const held = allocations.filter((a) => a.document_line_id === line.id).reverse();
    let excess = held.reduce((sum, a) => sum + a.quantity, 0) - newOpen;
    for (const allocation of held) {
      if (excess <= 0) break;
      const part = Math.min(allocation.quantity, excess);
      excess -= part;
      releases.push({
        itemId: allocation.item_id,
        batchId: allocation.batch_id,
        serialId: allocation.serial_id,
        binLocationId: allocation.bin_location_id,
        documentLineId: line.id,
        delta: -part,
      });
    }
    await lines.setLineQuantity(tx, line, quantity);
    if (line.source_line_id !== null)
      await lines.lowerReleasedQuantity(tx, line.source_line_id, line.quantity - quantity);
  }
  await changeAllocations(tx, releases);
}
