import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { findClaimHolders, releaseClaim } from '../claims/claims.service.js';
import { changeStatus } from '../documents/document-status.js';
import { createDocumentHead } from '../documents/document-create.service.js';
import { changeAllocations } from '../stock/stock.service.js';
import * as lines from './pick-list-lines.repository.js';
import { afterPickListCommit } from './pick-list-live.js';
import { assertPickListStatus, bumpVersion } from './pick-list-overview.repository.js';
import { lockedPickList } from './pick-list-view.js';
import { allocationsOfLines, pickListLines, type PickListHead } from './pick-lists.repository.js';

/**
 * POST clearPicklist {code, version} (PROCESSES.md 3.2 and 5.2; decision 0183): cancels a
 * RELEASED or PARTLY_PICKED list, in one transaction:
 * - every allocation of its lines is released (the stock rows' releasedQty drops by exactly that);
 * - each sales order line's released quantity drops by what its list lines still held of it
 *   (quantity - short: the open rest and the picked part, since the picked goods go back to
 *   stock, not to the customer), so the order can be planned again;
 * - goods already picked stay where they are, in the list's shipping containers (no stock moves:
 *   never a silent stock change); one STORAGE_REQUEST (status OPEN, code SR-{list}) names them,
 *   a line per stock row: the container's location, item, batch, serial and quantity, for
 *   /stock_storage to put away (with PUT_BACK, the reverse of PICK);
 * - the list's claim goes; the list is CLOSED.
 * Answers {code, storageRequest} (null when nothing was picked). Refusals: 404 unknownDocument;
 * 412 optimisticLockConflict on a stale version; 422 picklistNotInStatus {status}.
 */
export async function clearPickList(
  ctx: AppContext,
  request: { code: string; version: number },
): Promise<{ code: string; storageRequest: string | null }> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, request.code);
    const at = nowIso();
    await bumpVersion(tx, head, request.version, at);
    assertPickListStatus(head, ['RELEASED', 'PARTLY_PICKED']);
    const listLines = await pickListLines(tx, head.id);
    const allocations = await allocationsOfLines(
      tx,
      listLines.map((line) => line.id),
    );
    await changeAllocations(
      tx,
      allocations.map((a) => ({
        itemId: a.item_id,
        batchId: a.batch_id,
        serialId: a.serial_id,
        binLocationId: a.bin_location_id,
        documentLineId: a.document_line_id,
        delta: -a.quantity,
      })),
    );
    for (const line of listLines) {
      if (line.source_line_id !== null) {
        await lines.lowerReleasedQuantity(tx, line.source_line_id, line.quantity - line.short_qty);
      }
    }
    const storageRequest = await raiseStorageRequest(tx, head, at);
    const holders = await findClaimHolders(tx, [{ type: 'PICK_LIST', id: head.id }]);
    for (const holder of holders) {
      await releaseClaim(tx, { userId: holder.userId, objects: [{ type: 'PICK_LIST', id: head.id }] });
    }
    await changeStatus(tx, { documentId: head.id, to: 'CLOSED' });
    return { code: head.code, storageRequest };
  });
  await afterPickListCommit(ctx, [answer.code]);
  return answer;
}

/** The storage request for what the list's containers hold; null when they hold nothing. */
async function raiseStorageRequest(tx: Tx, head: PickListHead, at: string): Promise<string | null> {
  const contents = await lines.containerContents(tx, head.id);
  if (contents.length === 0) return null;
  for (let attempt = 1; attempt <= 20; attempt++) {
    const code = attempt === 1 ? `SR-${head.code}` : `SR-${head.code}-${attempt}`;
    const id = await createDocumentHead(tx, {
      type: 'STORAGE_REQUEST',
      code,
      status: 'OPEN',
      warehouseId: head.warehouse_id,
      partnerId: null,
      at,
    });
    if (id === undefined) continue;
    await lines.insertStorageRequestLines(tx, id, contents);
    return code;
  }
  throw new Error(`no free storage request code for ${head.code}`);
}
