import { toThousandths } from '@wms/contract';
import { insertRecountRequest } from '../../features/counting/recount-requests.js';
import { newBinLocationRow, newItemRow } from '../../features/items/item-rows.js';
import { applyStockMovement } from '../../features/stock/stock.service.js';
import type { Tx } from '../database.js';
import { demoPickContext } from './demo-picked-lists.js';

/**
 * Demo data of /recounting (decision 0191): the item RECOUNT-DEMO-01 (wall plugs), 30 received
 * into 01-RCT-01 of warehouse 01, and one open RECOUNT_REQUEST of it there, as a wall-to-wall
 * count over the recount threshold raises it: the manager counted 24 first, so the operator
 * (role recounting) may recount it; 24 again posts -6, 30 records "first count wrong", anything
 * else goes to the manager's review (/recounting/request). The location is not flagged for
 * /wall_to_wall, so the counting walk's demo stays as it is. The receipt goes through the stock
 * service, so ledger and balances agree.
 */
export async function seedDemoRecounting(tx: Tx, at: string): Promise<void> {
  const ctx = await demoPickContext(tx);
  const location = await tx
    .insertInto('bin_location')
    .values(
      newBinLocationRow(
        { code: '01-RCT-01', barcode: 'LOC01RC1', warehouseId: ctx.warehouseId, locationType: 'BULK' },
        at,
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await tx
    .insertInto('item')
    .values(newItemRow({ code: 'RECOUNT-DEMO-01', name: 'Wall plugs 8 mm (box of 50)', managedBy: 'NORMAL' }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
  await applyStockMovement(tx, ctx.deps, {
    type: 'RECEIPT',
    user: ctx.user,
    lines: [
      { itemId: item.id, batchId: null, serialId: null, binLocationId: location.id, onHandDelta: toThousandths(30) },
    ],
  });
  const firstCount = toThousandths(24);
  await insertRecountRequest(tx, {
    warehouseId: ctx.warehouseId,
    at,
    lines: [
      {
        binLocationId: location.id,
        itemId: item.id,
        batchId: null,
        serialId: null,
        quantity: firstCount,
        extras: { source: 'WALL_TO_WALL_THRESHOLD', firstCount, firstCounter: 'manager', round: 1 },
      },
    ],
  });
}
