import type { LocationContentRow } from '@wms/contract';
import type { LocationStockRow } from './bin-location-contents.repository.js';
import { addBuckets, bucketQuantities, emptyBuckets, type StockBuckets } from '../stock/stock-buckets.js';

interface SerialGroup {
  code: string;
  visualCode: string;
  lotCode: string | null;
  expirationDate: string | null;
  buckets: StockBuckets;
}
interface BatchGroup {
  code: string | null;
  visualCode: string | null;
  expirationDate: string | null;
  buckets: StockBuckets;
  serials: SerialGroup[];
}
interface ItemGroup {
  item: LocationContentRow['item'];
  buckets: StockBuckets;
  batches: Map<number | null, BatchGroup>;
  tracked: boolean;
}

/**
 * Location contents: one row per item with its totals; beneath it the
 * batches, and beneath each batch its serials. Serials without a batch sit under a batch of
 * code null. An item whose stock has neither batches nor serials has no batch rows; once any
 * of its stock rows is tracked, every row is listed beneath (untracked stock under batch null),
 * so the rows beneath always add up to the item's totals. Rows arrive in display order.
 */
export function groupLocationContents(rows: readonly LocationStockRow[]): LocationContentRow[] {
  const items = new Map<number, ItemGroup>();
  for (const row of rows) {
    let item = items.get(row.item_id);
    if (!item) {
      item = {
        item: { code: row.item_code, visualCode: row.item_visual_code, name: row.item_name, units: row.item_units },
        buckets: emptyBuckets(),
        batches: new Map(),
        tracked: false,
      };
      items.set(row.item_id, item);
    }
    addBuckets(item.buckets, row);
    if (row.batch_id !== null || row.serial_code !== null) item.tracked = true;
    let batch = item.batches.get(row.batch_id);
    if (!batch) {
      batch = {
        code: row.batch_code,
        visualCode: row.batch_code === null ? null : (row.batch_visual_code ?? row.batch_code),
        expirationDate: row.batch_expiration_date,
        buckets: emptyBuckets(),
        serials: [],
      };
      item.batches.set(row.batch_id, batch);
    }
    addBuckets(batch.buckets, row);
    if (row.serial_code !== null) {
      const serial: SerialGroup = {
        code: row.serial_code,
        visualCode: row.serial_visual_code ?? row.serial_code,
        lotCode: row.serial_lot_code,
        expirationDate: row.serial_expiration_date,
        buckets: emptyBuckets(),
      };
      addBuckets(serial.buckets, row);
      batch.serials.push(serial);
    }
  }
  return [...items.values()].map((item) => ({
    item: item.item,
    ...bucketQuantities(item.buckets),
    batches: item.tracked
      ? [...item.batches.values()]
          // Untracked or unbatched stock last, after the named batches.
          .sort((a, b) => (a.code === null ? 1 : 0) - (b.code === null ? 1 : 0))
          .map((batch) => ({
            code: batch.code,
            visualCode: batch.visualCode,
            expirationDate: batch.expirationDate,
            ...bucketQuantities(batch.buckets),
            serials: batch.serials.map((serial) => ({
              code: serial.code,
              visualCode: serial.visualCode,
              lotCode: serial.lotCode,
              expirationDate: serial.expirationDate,
              ...bucketQuantities(serial.buckets),
            })),
          }))
      : [],
  }));
}
