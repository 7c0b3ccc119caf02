import { createCountingListsInTransaction } from '../../features/counting-lists/counting-list-create.service.js';
import { newBinLocationRow } from '../../features/items/item-rows.js';
import type { Tx } from '../database.js';
import { demoPickContext } from './demo-picked-lists.js';

/**
 * Demo data of the wall-to-wall batching mode (decision 0192; PROCESSES.md 4.3): one CREATED
 * counting list (DOUBLE_COUNTING_ALL) of three locations of its own, 01-STK-01..03 in warehouse 01
 * (counting walk C020..C022, empty: a counter confirms "location empty" or counts what is found).
 * It is made by the server's own create (the creator's filter: warehouse 01, codes 01-STK-01 to
 * 01-STK-03), by the admin. The demo runs in the normal operation mode, so the list just waits:
 * /counting_list_creator shows it (print, cancel); switching the mode to WALL_TO_WALL_BATCHING_MODE
 * shows it in /wall_to_wall_batch. No other demo data or spec reads these locations, and a CREATED
 * list freezes nothing (its first start does).
 */
export const demoCountingListLocations = [
  { code: '01-STK-01', barcode: 'LOC01ST1', countingSortingCode: 'C020' },
  { code: '01-STK-02', barcode: 'LOC01ST2', countingSortingCode: 'C021' },
  { code: '01-STK-03', barcode: 'LOC01ST3', countingSortingCode: 'C022' },
] as const;

export async function seedDemoCountingLists(tx: Tx, at: string): Promise<void> {
  const ctx = await demoPickContext(tx);
  for (const location of demoCountingListLocations) {
    await tx
      .insertInto('bin_location')
      .values(newBinLocationRow({ ...location, warehouseId: ctx.warehouseId, locationType: 'BULK' }, at))
      .execute();
  }
  await createCountingListsInTransaction(tx, ctx.user, {
    idempotencyKey: 'demo-counting-list-01',
    filter: { warehouse: '01', fromCode: '01-STK-01', toCode: '01-STK-03', withStock: false },
    maxLocationsPerList: 10,
    countingType: 'DOUBLE_COUNTING_ALL',
  });
}
