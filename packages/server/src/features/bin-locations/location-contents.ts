import { fromThousandths, type LocationContentRow } from '@wms/contract';
import type { LocationStockRow } from './bin-location-contents.repository.js';

/** Stock buckets in thousandths: integer sums, so totals are exact. */
export interface Buckets {
  onHand: number;
  released: number;
  pick: number;
  qcPending: number;
}

export const emptyBuckets = (): Buckets => ({ onHand: 0, released: 0, pick: 0, qcPending: 0 });

/** Adds a stock row's quantities (thousandths) to the buckets. */
export function addStock(
  target: Buckets,
  row: Pick<LocationStockRow, 'on_hand_qty' | 'released_qty' | 'pick_qty' | 'qc_pending_qty'>,
): void {
  target.onHand += Number(row.on_hand_qty);
  target.released += Number(row.released_qty);
  target.pick += Number(row.pick_qty);
  target.qcPending += Number(row.qc_pending_qty);
}

/** The API buckets; freeToMoveQty = onHand − released − pick − QC-pending (DOMAIN.md). */
export function toQuantities(b: Buckets) {
  return {
    onHandQty: fromThousandths(b.onHand),
    freeToMoveQty: fromThousandths(b.onHand - b.released - b.pick - b.qcPending),
    releasedQty: fromThousandths(b.released),
    pickQty: fromThousandths(b.pick),
    qcPendingQty: fromThousandths(b.qcPending),
  };
}

interface SerialGroup {
  code: string;
  visualCode: string;
  lotCode: string | null;
  expirationDate: string | null;
  buckets: Buckets;
}
interface BatchGroup {
  code: string | null;
  visualCode: string | null;
  expirationDate: string | null;
  buckets: Buckets;
  serials: SerialGroup[];
}
interface ItemGroup {
  item: LocationContentRow['item'];
  buckets: Buckets;
  batches: Map<number | null, BatchGroup>;
  tracked: boolean;
}

/**
 * Location contents (spec 01 section 3): one row per item with its totals; beneath it the
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
    addStock(item.buckets, row);
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
    addStock(batch.buckets, row);
    if (row.serial_code !== null) {
      const serial: SerialGroup = {
        code: row.serial_code,
        visualCode: row.serial_visual_code ?? row.serial_code,
        lotCode: row.serial_lot_code,
        expirationDate: row.serial_expiration_date,
        buckets: emptyBuckets(),
      };
      addStock(serial.buckets, row);
      batch.serials.push(serial);
    }
  }
  return [...items.values()].map((item) => ({
    item: item.item,
    ...toQuantities(item.buckets),
    batches: item.tracked
      ? [...item.batches.values()]
          // Untracked or unbatched stock last, after the named batches.
          .sort((a, b) => (a.code === null ? 1 : 0) - (b.code === null ? 1 : 0))
          .map((batch) => ({
            code: batch.code,
            visualCode: batch.visualCode,
            expirationDate: batch.expirationDate,
            ...toQuantities(batch.buckets),
            serials: batch.serials.map((serial) => ({
              code: serial.code,
              visualCode: serial.visualCode,
              lotCode: serial.lotCode,
              expirationDate: serial.expirationDate,
              ...toQuantities(serial.buckets),
            })),
          }))
      : [],
  }));
}
