import { fromThousandths, toThousandths, type PackView, type packRepackRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { insertPickEntries, findContainerByCode, lockContainerCode } from '../pick-lists/pick-list-delivery.service.js';
import { lockedPickList } from '../pick-lists/pick-list-view.js';
import { containerForPick, openContainer } from '../pick-lists/shipping-containers.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { afterDeliveryCommit } from './delivery-live.js';
import * as repository from './pack.repository.js';
import { loadPackView, packState } from './pack-view.js';
import { assertPackable, matchingRows, packVerificationOf } from './pack.service.js';

type RepackBody = z.output<typeof packRepackRequestSchema>;

/**
 * POST pack/{code}/repack (PROCESSES.md 3.7 step 3; the OCA checkout cases: move contents, split
 * a pallet, merge boxes): moves units of one content row from one container of the list to
 * another as ONE TRANSFER (picked stock: onHand and pickQty leave `from` and arrive in `to`). `to`
 * is an OPEN container of the list (422 containerClosed {container}; another list's: 422
 * containerBelongsToOtherPicklist) or a new code: a container opened for the list, as picking's
 * first scan does. The pick entries move with the units (so a container's pickQty stays its
 * entries), and so do the verified units. `from` may be OPEN or CLOSED. 422 wrongItemScanned,
 * qtyTooLarge {max}. A replayed key answers the view and moves nothing.
 */
export async function repack(ctx: AppContext, caller: Principal, code: string, body: RepackBody): Promise<PackView> {
  const mode = await packVerificationOf(ctx);
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    if (await repository.findPackRequest(tx, body.idempotencyKey)) return loadPackView(tx, head.code, mode);
    assertPackable(head);
    const from = await findContainerByCode(tx, body.from);
    if (!from) throw unprocessable('unknownLocation', { code: body.from });
    if (from.pick_list_id !== head.id) {
      throw unprocessable('containerBelongsToOtherPicklist', { container: from.code, picklist: from.pick_list_code });
    }
    const list = { id: head.id, code: head.code, warehouseId: head.warehouse_id };
    await lockContainerCode(tx, body.to);
    const existing = await findContainerByCode(tx, body.to);
    const to = existing
      ? await containerForPick(tx, ctx, list, { code: body.to, type: body.toType }, caller.username)
      : await openContainer(
          tx,
          ctx,
          list,
          { code: body.to, type: body.toType, boxType: body.boxType },
          caller.username,
        );
    if (to.id === from.id) throw unprocessable('containerClosed', { container: to.code });
    const { rows } = await packState(tx, head.id);
    const [row] = matchingRows(rows, head, {
      container: from.code,
      item: body.item,
      batch: body.batch,
      serial: body.serial,
    });
    if (!row) throw unprocessable('wrongItemScanned', { item: body.item });
    const quantity = toThousandths(body.quantity);
    if (quantity > row.onHand) throw unprocessable('qtyTooLarge', { max: fromThousandths(row.onHand) });
    await repository.insertPackRequest(tx, {
      key: body.idempotencyKey,
      pickListId: head.id,
      kind: 'REPACK',
      username: caller.username,
      at: nowIso(),
    });
    const key = { itemId: row.itemId, batchId: row.batchId, serialId: row.serialId };
    const pick = Math.min(quantity, row.pick);
    await applyStockMovement(tx, ctx, {
      type: 'TRANSFER',
      idempotencyKey: body.idempotencyKey,
      documentRef: { type: 'PICK_LIST', code: head.code },
      user: { userId: caller.userId, username: caller.username },
      lines: [
        { ...key, binLocationId: from.bin_location_id, onHandDelta: -quantity, pickDelta: -pick },
        { ...key, binLocationId: to.bin_location_id, onHandDelta: quantity, pickDelta: pick },
      ],
    });
    const at = nowIso();
    let rest = quantity;
    for (const source of await repository.picksBehind(tx, from.id, key)) {
      if (rest <= 0) break;
      const take = Math.min(rest, source.quantity);
      rest -= take;
      const entry = {
        documentLineId: source.document_line_id,
        documentId: source.document_id,
        ...key,
        binLocationId: source.from_bin_location_id,
        userId: caller.userId,
        username: caller.username,
        at,
        idempotencyKey: body.idempotencyKey,
      };
      await insertPickEntries(tx, [
        { ...entry, containerId: from.id, quantity: -take },
        { ...entry, containerId: to.id, quantity: take },
      ]);
    }
    const moved = Math.min(row.verified, quantity);
    if (moved > 0) {
      await repository.changeVerified(tx, { pickListId: head.id, containerId: from.id, ...key }, -moved, 'ADD', at);
      await repository.changeVerified(tx, { pickListId: head.id, containerId: to.id, ...key }, moved, 'ADD', at);
    }
    return loadPackView(tx, head.code, mode);
  });
  await afterDeliveryCommit(ctx, [answer.pickList.code], []);
  return answer;
}
