import type { Principal } from '../../http/access.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { changeStatus } from '../documents/document-status.js';
import { changeAllocations } from '../stock/stock.service.js';
import * as lines from './pick-list-lines.repository.js';
import { afterPickListCommit } from './pick-list-live.js';
import { assertPickListStatus, bumpVersion } from './pick-list-overview.repository.js';
import { lockedPickList } from './pick-list-view.js';
import {
  allocationsOfLines,
  insertPickList,
  insertPickListLines,
  pickListLines,
  setWalkOrder,
  type PickListLineRow,
} from './pick-lists.repository.js';

/**
 * POST copy {code, version} (PROCESSES.md 3.2): the unpicked remainder of a PARTLY_PICKED list
 * goes to a new RELEASED list (the next PL- code, origin COPY; same warehouse, customer, ship-to,
 * ship date, priority, route) so a second picker can work in parallel. A line with nothing picked or short moves
 * whole; a started line is split: the original keeps quantity = picked + short, the copy gets the
 * open rest; the allocations go with the part they serve (released from the original line and
 * allocated to the copy's in one call: the stock rows' releasedQty does not change). Both lists
 * add up to the original, and the original, now with nothing open, is PICKED. The claim stays.
 *
 * Refusals: 404 unknownDocument; 412 optimisticLockConflict on a stale version; 422
 * picklistNotInStatus {status} unless PARTLY_PICKED (a RELEASED list has nothing to split off:
 * the whole list is the remainder); 422 nothingToCreate when nothing is open.
 */
export async function copyPickList(
  ctx: AppContext,
  caller: Principal,
  request: { code: string; version: number },
): Promise<{ original: string; copy: string }> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, request.code);
    const at = nowIso();
    await bumpVersion(tx, head, request.version, at);
    assertPickListStatus(head, ['PARTLY_PICKED']);
    const open = (await pickListLines(tx, head.id)).filter((line) => lines.openOf(line) > 0);
    if (open.length === 0) throw unprocessable('nothingToCreate');
    const copy = await insertPickList(tx, {
      warehouseId: head.warehouse_id,
      partnerId: head.business_partner_id,
      shipDate: head.ship_date,
      shipToAddress: head.ship_to_address,
      priority: head.priority,
      route: head.route,
      origin: 'COPY',
      createdBy: caller.username,
      at,
      lines: [],
    });
    await splitLines(tx, open, copy.id);
    await changeStatus(tx, { documentId: head.id, to: 'PICKED' });
    return { original: head.code, copy: copy.code };
  });
  await afterPickListCommit(ctx, [answer.original, answer.copy]);
  return answer;
}

async function splitLines(tx: Tx, open: readonly PickListLineRow[], copyId: number): Promise<void> {
  const allocations = await allocationsOfLines(
    tx,
    open.map((line) => line.id),
  );
  let lineNumber = 0;
  for (const line of open) {
    if (line.picked_qty === 0 && line.short_qty === 0) {
      await lines.moveLine(tx, line.id, copyId, lineNumber++);
      continue;
    }
    const rest = lines.openOf(line);
    const [added] = await insertPickListLines(tx, copyId, lineNumber++, [
      { itemId: line.item_id, quantity: rest, sourceLineId: line.source_line_id },
    ]);
    const newId = (added as { id: number }).id;
    await setWalkOrder(tx, new Map([[newId, line.walk_order]]));
    await lines.setLineQuantity(tx, line, line.quantity - rest);
    const moved = allocations
      .filter((a) => a.document_line_id === line.id)
      .flatMap((a) => {
        const key = { itemId: a.item_id, batchId: a.batch_id, serialId: a.serial_id, binLocationId: a.bin_location_id };
        return [
          { ...key, documentLineId: line.id, delta: -a.quantity },
          { ...key, documentLineId: newId, delta: a.quantity },
        ];
      });
    await changeAllocations(tx, moved);
  }
}
