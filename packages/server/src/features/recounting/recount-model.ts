import type { RecountItem, RecountRequest, RecountSource } from '@wms/contract';
import type { RecountHead, RecountLineRow, SavedRecountRow } from './recounting.repository.js';

/**
 * A RECOUNT_REQUEST as recounting reads it (decision 0191). Its lines (one per location, item,
 * batch and serial) carry extras written by its source:
 * - the wall-to-wall threshold: {source: WALL_TO_WALL_THRESHOLD, firstCount, firstCounter, round};
 * - a packing difference: {reason: PACKING_DIFFERENCE, pickList, container} (no first count);
 * - a short pick: {source: SHORT_PICK, firstCount, firstCounter, pickList} (what the picker found);
 * - a manual request: {source: MANUAL, comment, requestedBy} (no first count).
 * firstCount is in thousandths.
 */

interface Extras {
  source?: string;
  reason?: string;
  firstCount?: number;
  firstCounter?: string;
  comment?: string;
}

const extrasOf = (row: RecountLineRow): Extras => {
  try {
    return row.extras ? (JSON.parse(row.extras) as Extras) : {};
  } catch {
    return {};
  }
};

export function sourceOf(extras: Extras): RecountSource {
  if (extras.source === 'WALL_TO_WALL_THRESHOLD') return 'THRESHOLD';
  if (extras.source === 'SHORT_PICK') return 'SHORT_PICK';
  if (extras.source === 'MANUAL') return 'MANUAL';
  return 'PACKING_DIFFERENCE';
}

export const stockKeyOf = (k: { itemId: number; batchId: number | null; serialId: number | null }) =>
  `${k.itemId}:${k.batchId ?? 0}:${k.serialId ?? 0}`;

export interface ModelLocation {
  id: number;
  code: string;
  visualCode: string;
  requiresCounting: string;
  itemIds: number[];
  items: RecountItem[];
  /** First count per stock key (thousandths); keys without one are absent. */
  firstCounts: Map<string, number>;
}

export interface RecountModel {
  head: RecountHead;
  source: RecountSource;
  firstCounter: string | null;
  comment: string | null;
  locations: ModelLocation[];
}

export function modelOf(head: RecountHead, lines: readonly RecountLineRow[]): RecountModel {
  const own = lines.filter((l) => l.document_id === head.id);
  const first = own[0] ? extrasOf(own[0]) : {};
  const locations = new Map<number, ModelLocation>();
  for (const line of own) {
    const extras = extrasOf(line);
    let location = locations.get(line.bin_location_id);
    if (!location) {
      location = {
        id: line.bin_location_id,
        code: line.location_code,
        visualCode: line.location_visual_code,
        requiresCounting: line.requires_counting,
        itemIds: [],
        items: [],
        firstCounts: new Map(),
      };
      locations.set(line.bin_location_id, location);
    }
    if (!location.itemIds.includes(line.item_id)) location.itemIds.push(line.item_id);
    location.items.push({
      code: line.item_code,
      name: line.item_name,
      managedBy: line.managed_by,
      batch: line.batch_code,
      serial: line.serial_code,
    });
    if (typeof extras.firstCount === 'number') {
      location.firstCounts.set(
        stockKeyOf({ itemId: line.item_id, batchId: line.batch_id, serialId: line.serial_id }),
        extras.firstCount,
      );
    }
  }
  return {
    head,
    source: sourceOf(first),
    firstCounter: first.firstCounter ?? null,
    comment: first.comment ?? null,
    locations: [...locations.values()],
  };
}

/** The blind view of a request: no first count, no onHand. */
export function blindView(
  model: RecountModel,
  saved: readonly SavedRecountRow[],
  claimedBy: string | null,
): RecountRequest {
  const { head } = model;
  return {
    code: head.code,
    status: head.status as RecountRequest['status'],
    version: head.version,
    source: model.source,
    warehouse: head.warehouse_code,
    firstCounter: model.firstCounter,
    claimedBy,
    comment: model.comment,
    createdAt: head.created_at,
    locations: model.locations.map((location) => ({
      code: location.code,
      visualCode: location.visualCode,
      items: location.items,
      saved: saved.some((s) => s.document_id === head.id && s.bin_location_id === location.id),
    })),
  };
}
