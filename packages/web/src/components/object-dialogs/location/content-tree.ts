import type { LocationContentRow } from '@wms/contract';
import { formatDate } from '../format.js';

/** One row of the contents tree: an item, a batch beneath it, or a serial beneath that. */
export interface ContentTreeRow {
  id: string;
  kind: 'item' | 'batch' | 'serial';
  itemCode: string;
  code: string | null;
  visualCode: string | null;
  description: string;
  /** The quantities: null where the server leaves them out (blind counting in batching mode). */
  onHandQty: number | null;
  freeToMoveQty: number | null;
  releasedQty: number | null;
  pickQty: number | null;
  qcPendingQty: number | null;
  children: ContentTreeRow[];
}

const buckets = (row: {
  onHandQty: number | null;
  freeToMoveQty: number | null;
  releasedQty: number | null;
  pickQty: number | null;
  qcPendingQty: number | null;
}) => ({
  onHandQty: row.onHandQty,
  freeToMoveQty: row.freeToMoveQty,
  releasedQty: row.releasedQty,
  pickQty: row.pickQty,
  qcPendingQty: row.qcPendingQty,
});

/** The contents answer as a tree: per item, its batches (a null batch: serials without one), their serials. */
export function contentTree(rows: readonly LocationContentRow[]): ContentTreeRow[] {
  return rows.map((row) => ({
    id: `item:${row.item.code}`,
    kind: 'item',
    itemCode: row.item.code,
    code: row.item.code,
    visualCode: row.item.visualCode,
    description: row.item.name,
    ...buckets(row),
    children: row.batches.flatMap((batch) => {
      const serials = batch.serials.map<ContentTreeRow>((serial) => ({
        id: `serial:${row.item.code}/${batch.code ?? ''}/${serial.code}`,
        kind: 'serial',
        itemCode: row.item.code,
        code: serial.code,
        visualCode: serial.visualCode,
        description: formatDate(serial.expirationDate),
        ...buckets(serial),
        children: [],
      }));
      if (batch.code === null) return serials;
      return [
        {
          id: `batch:${row.item.code}/${batch.code}`,
          kind: 'batch',
          itemCode: row.item.code,
          code: batch.code,
          visualCode: batch.visualCode,
          description: formatDate(batch.expirationDate),
          ...buckets(batch),
          children: serials,
        },
      ];
    }),
  }));
}
