import type { Tx } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import type { PickListHead } from '../pick-lists/pick-list-delivery.service.js';
import { insertRecountRequest } from '../counting/recount-requests.js';
import { contentKeyOf, insertDifference, openDifferencesOf, picksBehind } from './pack.repository.js';
import type { VerifiedContent } from './pack-view.js';

/**
 * A packing difference raises a RECOUNT_REQUEST (PROCESSES.md 3.7 step 2, 4.4; decision 0185),
 * made by features/counting/recount-requests.ts: a document of the store, status OPEN, in the
 * list's warehouse, with one line per source location, item and batch the missing units were
 * picked from (the pick entries into the container tell where; the missing units are laid on the
 * sources in pick order). Raised once per difference: a container's row that already has an open
 * (not accepted) difference raises nothing again.
 */
export async function raiseRecountRequests(
  tx: Tx,
  head: PickListHead,
  differences: readonly VerifiedContent[],
  username: string,
): Promise<void> {
  const open = new Set(
    (await openDifferencesOf(tx, head.id)).map(
      (d) => `${d.container_id}|${contentKeyOf({ itemId: d.item_id, batchId: d.batch_id, serialId: d.serial_id })}`,
    ),
  );
  const at = nowIso();
  for (const row of differences) {
    if (open.has(`${row.container.id}|${contentKeyOf(row)}`)) continue;
    const missing = row.onHand - row.verified;
    const perSource = new Map<number, number>();
    let rest = missing;
    for (const source of await picksBehind(tx, row.container.id, row)) {
      if (rest <= 0) break;
      const take = Math.min(rest, source.quantity);
      rest -= take;
      perSource.set(source.from_bin_location_id, (perSource.get(source.from_bin_location_id) ?? 0) + take);
    }
    if (perSource.size === 0) perSource.set(row.bin_location_id, missing);
    const document = await insertRecountRequest(tx, {
      warehouseId: head.warehouse_id,
      at,
      lines: [...perSource].map(([binLocationId, quantity]) => ({
        binLocationId,
        itemId: row.itemId,
        batchId: row.batchId,
        serialId: row.serialId,
        quantity,
        extras: { reason: 'PACKING_DIFFERENCE', pickList: head.code, container: row.container.code },
      })),
    });
    await insertDifference(
      tx,
      {
        pickListId: head.id,
        containerId: row.container.id,
        itemId: row.itemId,
        batchId: row.batchId,
        serialId: row.serialId,
        missing,
        recountDocumentId: document.id,
      },
      username,
      at,
    );
  }
}
