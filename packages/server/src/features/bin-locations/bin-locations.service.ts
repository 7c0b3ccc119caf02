import {
  binLocationAutocompleteLimit,
  codeKey,
  countingStates,
  fromThousandths,
  locationTypeSchema,
  physicalLocationTypeSchema,
  type BinLocation,
  type LocationContentRow,
  type Warehouse,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { blindBuckets, isBlindFor } from '../counting/blind-counting.js';
import * as contents from './bin-location-contents.repository.js';
import * as repository from './bin-locations.repository.js';
import type { LocationRow } from './bin-locations.repository.js';
import { groupLocationContents } from './location-contents.js';

/** Bin location reads. */

const quantityOrNull = (value: number | string | null) => (value === null ? null : fromThousandths(value));
const countingStateOf = (value: string) =>
  (countingStates as readonly string[]).includes(value) ? (value as BinLocation['requiresCounting']) : 'NO';

/** The API view of a location row with its user attributes. */
export function toBinLocation(row: LocationRow, attributes: readonly { name: string; value: string }[]): BinLocation {
  return {
    code: row.code,
    visualCode: row.visual_code,
    warehouseCode: row.warehouse_code,
    warehouseName: row.warehouse_name,
    barcode: row.barcode,
    minimalStockLevel: quantityOrNull(row.minimal_stock_level),
    maximalStockLevel: quantityOrNull(row.maximal_stock_level),
    locationType: locationTypeSchema.catch('UNKNOWN').parse(row.location_type),
    physicalLocationType: physicalLocationTypeSchema.catch('NORMAL').parse(row.physical_location_type),
    pickingStrategy: row.picking_strategy,
    active: row.active === 1,
    stockMovementRestricted: row.stock_movement_restricted === 1,
    blockStockMovements: row.block_stock_movements === 1,
    blockStockMovementsReason: row.block_stock_movements_reason,
    sortingCode: row.sorting_code,
    countingSortingCode: row.counting_sorting_code,
    preferredOrderCode: row.preferred_order_code,
    requiresCounting: countingStateOf(row.requires_counting),
    readyForProcessing: row.ready_for_processing === 1,
    attributes: attributes.map((a) => ({ name: a.name, value: a.value })),
    version: row.version,
  };
}

/** A location by its code only (case-insensitive), or 404 unknownLocation {code}. */
export async function findLocationRowOrThrow(db: DbOrTx, code: string): Promise<LocationRow> {
  const row = await repository.findLocationByCodeLower(db, codeKey(code));
  if (!row) throw notFound('unknownLocation', { code });
  return row;
}

export async function loadBinLocation(db: DbOrTx, row: LocationRow): Promise<BinLocation> {
  return toBinLocation(row, await repository.attributesOf(db, row.id));
}

/**
 * The code of the location (other than exceptLocationId) a scan of the key finds, by code or
 * barcode; null when none. Item barcodes may not be one (item-barcodes.service.ts).
 */
export async function locationCodeOwning(db: DbOrTx, key: string, exceptLocationId = 0): Promise<string | null> {
  return (await repository.findOtherLocationByCodeOrBarcode(db, key, exceptLocationId))?.code ?? null;
}

/** find/{code}: by code or barcode, case-insensitive; a code match wins over a barcode match. */
export async function findBinLocation(ctx: AppContext, code: string): Promise<BinLocation> {
  const key = codeKey(code);
  const row = await repository.findLocationByCodeOrBarcode(ctx.db, key);
  if (!row) throw notFound('unknownLocation', { code });
  return loadBinLocation(ctx.db, row);
}

/** getBinLocationAttributes: every field and the user attributes, by code. */
export async function getBinLocation(ctx: AppContext, code: string): Promise<BinLocation> {
  return loadBinLocation(ctx.db, await findLocationRowOrThrow(ctx.db, code));
}

/** Code-prefix matches first (in code order), then contains on code, visual code or barcode; at most 20. */
export async function autocomplete(ctx: AppContext, text: string) {
  const key = codeKey(text);
  const limit = binLocationAutocompleteLimit;
  const prefix = await repository.autocompleteByCodePrefix(ctx.db, key, limit);
  let rows = prefix;
  if (prefix.length < limit) {
    const excluded = prefix.map((r) => r.id);
    const rest = await repository.autocompleteByContains(ctx.db, key, limit - prefix.length, excluded);
    rest.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    rows = [...prefix, ...rest];
  }
  return rows.map((r) => ({
    code: r.code,
    visualCode: r.visual_code,
    warehouseCode: r.warehouse_code,
    barcode: r.barcode,
  }));
}

export async function getWarehouses(ctx: AppContext): Promise<Warehouse[]> {
  const rows = await repository.listWarehouses(ctx.db);
  return rows.map((w) => ({ code: w.code, visualCode: w.visual_code, name: w.name, active: w.active === 1 }));
}

/**
 * The location's contents. The caller null is a read inside the server (full quantities); a
 * caller's answer is blind in batching mode (isBlindFor: every quantity of the tree null).
 */
export async function getContents(
  ctx: AppContext,
  code: string,
  caller: Principal | null,
): Promise<LocationContentRow[]> {
  const location = await findLocationRowOrThrow(ctx.db, code);
  const rows = groupLocationContents(await contents.stockRowsOfLocation(ctx.db, location.id));
  if (caller === null || !(await isBlindFor(ctx, caller))) return rows;
  return rows.map((row) => ({
    ...row,
    ...blindBuckets,
    batches: row.batches.map((batch) => ({
      ...batch,
      ...blindBuckets,
      serials: batch.serials.map((serial) => ({ ...serial, ...blindBuckets })),
    })),
  }));
}

export async function getHistory(ctx: AppContext, code: string, offset: number, limit: number) {
  const location = await findLocationRowOrThrow(ctx.db, code);
  // One row more than asked tells whether another page exists.
  const rows = await contents.ledgerOfLocation(ctx.db, location.id, offset, limit + 1);
  return {
    rows: rows.slice(0, limit).map((r) => ({
      transactionType: r.transaction_type,
      documentType: r.document_type,
      documentCode: r.document_code,
      at: r.at,
      username: r.username,
      quantity: fromThousandths(r.quantity),
      item: r.item_code,
      batch: r.batch_code,
      serialNumber: r.serial_code,
    })),
    offset,
    limit,
    hasMore: rows.length > limit,
  };
}

/** isDefaultLocationFor: the items whose default location (in any warehouse) is this one. */
export async function getDefaultFor(ctx: AppContext, code: string) {
  const location = await findLocationRowOrThrow(ctx.db, code);
  const rows = await contents.defaultsOfLocation(ctx.db, location.id);
  return rows.map((r) => ({
    item: { code: r.code, visualCode: r.visual_code, name: r.name },
    enforced: r.enforced === 1,
    minStock: quantityOrNull(r.min_stock),
    maxStock: quantityOrNull(r.max_stock),
  }));
}

/** getItemsToCount: the item list of a partial count request (empty unless requiresCounting is PARTIAL). */
export async function getItemsToCount(ctx: AppContext, code: string) {
  const location = await findLocationRowOrThrow(ctx.db, code);
  const rows = await repository.itemsToCount(ctx.db, location.id);
  return rows.map((r) => ({ code: r.code, visualCode: r.visual_code, name: r.name }));
}
