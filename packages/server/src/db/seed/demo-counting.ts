import { toThousandths } from '@wms/contract';
import { newBinLocationRow, newItemRow } from '../../features/items/item-rows.js';
import { applyStockMovement } from '../../features/stock/stock.service.js';
import type { Tx } from '../database.js';
import { demoPickContext } from './demo-picked-lists.js';

/**
 * Demo data of /wall_to_wall (decision 0189, "The handheld and desktop apps"): the items
 * COUNT-DEMO-01 (cable ties) and COUNT-DEMO-02 (hose clamps), received into three locations of
 * warehouse 01 flagged for counting in the counting walk C010..C012 (after 01-COUNT-01, C001):
 * - 01-CNT-01 YES: 40 COUNT-DEMO-01 and 15 COUNT-DEMO-02 (count the whole location);
 * - 01-CNT-02 PARTIAL: COUNT-DEMO-02 to count (holds 25 of it and 10 COUNT-DEMO-01);
 * - 01-CNT-03 YES: 12 COUNT-DEMO-01, which the Chromium spec wall-to-wall.spec.ts counts (no
 *   other spec reads it).
 * The receipts go through the stock service, so ledger and balances agree.
 */
const locations = [
  { code: '01-CNT-01', barcode: 'LOC01CN1', requiresCounting: 'YES', countingSortingCode: 'C010' },
  { code: '01-CNT-02', barcode: 'LOC01CN2', requiresCounting: 'PARTIAL', countingSortingCode: 'C011' },
  { code: '01-CNT-03', barcode: 'LOC01CN3', requiresCounting: 'YES', countingSortingCode: 'C012' },
] as const;
const items = [
  { code: 'COUNT-DEMO-01', name: 'Cable ties 200 mm (bag of 100)' },
  { code: 'COUNT-DEMO-02', name: 'Hose clamp 20-32 mm' },
] as const;
const stock = [
  { item: 'COUNT-DEMO-01', location: '01-CNT-01', quantity: 40 },
  { item: 'COUNT-DEMO-02', location: '01-CNT-01', quantity: 15 },
  { item: 'COUNT-DEMO-02', location: '01-CNT-02', quantity: 25 },
  { item: 'COUNT-DEMO-01', location: '01-CNT-02', quantity: 10 },
  { item: 'COUNT-DEMO-01', location: '01-CNT-03', quantity: 12 },
] as const;

export async function seedDemoCounting(tx: Tx, at: string): Promise<void> {
  const ctx = await demoPickContext(tx);
  const locationIds = new Map<string, number>();
  for (const location of locations) {
    const row = await tx
      .insertInto('bin_location')
      .values(newBinLocationRow({ ...location, warehouseId: ctx.warehouseId, locationType: 'BULK' }, at))
      .returning('id')
      .executeTakeFirstOrThrow();
    locationIds.set(location.code, row.id);
  }
  const itemIds = new Map<string, number>();
  for (const item of items) {
    const row = await tx
      .insertInto('item')
      .values(newItemRow({ code: item.code, name: item.name, managedBy: 'NORMAL' }, at))
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.set(item.code, row.id);
  }
  await tx
    .insertInto('bin_location_count_item')
    .values({ bin_location_id: locationIds.get('01-CNT-02')!, item_id: itemIds.get('COUNT-DEMO-02')! })
    .execute();
  await applyStockMovement(tx, ctx.deps, {
    type: 'RECEIPT',
    user: ctx.user,
    lines: stock.map((row) => ({
      itemId: itemIds.get(row.item)!,
      batchId: null,
      serialId: null,
      binLocationId: locationIds.get(row.location)!,
      onHandDelta: toThousandths(row.quantity),
    })),
  });
}
