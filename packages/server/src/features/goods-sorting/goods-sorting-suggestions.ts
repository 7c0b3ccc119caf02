import {
  codeKey,
  fromThousandths,
  paddedCodeKey,
  type GoodsSortingSuggestAnswer,
  type GoodsSortingSuggestion,
} from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/app-error.js';
import { defaultLocationIn } from '../items/default-locations.service.js';
import { findBatchOfItem, findSerialOfItem } from '../items/item-keys.service.js';
import { addBuckets, emptyBuckets, freeToMove } from '../stock/stock-buckets.js';
import * as repository from './goods-sorting.repository.js';

/**
 * The proposed destinations of goods sorting (PROCESSES.md 1.2), in order: the QC location when
 * the stock is QC-pending; the item's default location in the source's warehouse (reason
 * ENFORCED_DEFAULT_LOCATION when it is enforced); the location of the item's last receipt;
 * nothing else. A location is proposed once, under its first reason.
 */

export type SortingLocation = NonNullable<Awaited<ReturnType<typeof repository.findLocationByCodeLower>>>;

/** The stock a suggestion or a move is about: an item (of a batch or serial) in a source location. */
export interface SortingSource {
  location: SortingLocation;
  item: { id: number; code: string };
  batchId: number | null;
  serialId: number | null;
}

export async function findLocationOrThrow(db: DbOrTx, code: string): Promise<SortingLocation> {
  const location = await repository.findLocationByCodeLower(db, codeKey(code));
  if (!location) throw notFound('unknownLocation', { code });
  return location;
}

/** The codes resolved: 404 unknownLocation, unknownItemForCode, unknownBatch or unknownSerial with the code. */
export async function resolveSource(
  db: DbOrTx,
  request: { location: string; item: string; batch: string | null; serial: string | null },
): Promise<SortingSource> {
  const location = await findLocationOrThrow(db, request.location);
  const item = await repository.findItemByCodeLower(db, codeKey(request.item));
  if (!item) throw notFound('unknownItemForCode', { code: request.item });
  const batch = request.batch === null ? null : await findBatchOfItem(db, item.id, paddedCodeKey(request.batch));
  if (request.batch !== null && !batch) throw notFound('unknownBatch', { code: request.batch });
  const serial = request.serial === null ? null : await findSerialOfItem(db, item.id, paddedCodeKey(request.serial));
  if (request.serial !== null && !serial) throw notFound('unknownSerial', { code: request.serial });
  return { location, item, batchId: batch?.id ?? null, serialId: serial?.id ?? null };
}

export interface Suggestions {
  suggestions: GoodsSortingSuggestion[];
  /** The item's default location in the source's warehouse, if any. */
  defaultLocation: { code: string; enforced: boolean } | null;
  /** The stock at the source, in thousandths. */
  qcPending: number;
  free: number;
}

export async function suggestionsFor(db: DbOrTx, source: SortingSource): Promise<Suggestions> {
  const buckets = emptyBuckets();
  for (const row of await repository.itemRowsAt(db, {
    itemId: source.item.id,
    binLocationId: source.location.id,
    batchId: source.batchId,
    serialId: source.serialId,
  })) {
    addBuckets(buckets, row);
  }
  const warehouseId = source.location.warehouse_id;
  const suggestions: GoodsSortingSuggestion[] = [];
  const propose = (location: string, reason: GoodsSortingSuggestion['reason']) => {
    if (!suggestions.some((s) => codeKey(s.location) === codeKey(location))) suggestions.push({ location, reason });
  };
  if (buckets.qcPending > 0) {
    const qc = await repository.firstFreeQcLocation(db, warehouseId);
    if (qc) propose(qc.code, 'QC_LOCATION');
  }
  const defaultLocation = await defaultLocationIn(db, source.item.id, warehouseId);
  if (defaultLocation && codeKey(defaultLocation.code) !== codeKey(source.location.code)) {
    propose(defaultLocation.code, defaultLocation.enforced ? 'ENFORCED_DEFAULT_LOCATION' : 'DEFAULT_LOCATION');
  }
  const lastReceipt = await repository.lastReceiptLocation(db, source.item.id, warehouseId, source.location.id);
  if (lastReceipt) propose(lastReceipt.code, 'LAST_RECEIPT_LOCATION');
  return { suggestions, defaultLocation, qcPending: buckets.qcPending, free: Math.max(0, freeToMove(buckets)) };
}

/** The suggest answer: the quantity is the QC-pending stock when there is any, else the free stock. */
export function suggestAnswerOf(found: Suggestions): GoodsSortingSuggestAnswer {
  return {
    suggestions: found.suggestions,
    qcPending: found.qcPending > 0,
    quantity: fromThousandths(found.qcPending > 0 ? found.qcPending : found.free),
  };
}
