import {
  codeKey,
  fromThousandths,
  itemsWithoutBarcodeLimit,
  type BinLocationType,
  type ItemsWithoutBarcodeAnswer,
  type ItemsWithoutDefaultAnswer,
  type LocationsWithoutDefaultAnswer,
  type WarehouseDefaultLocationsAnswer,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { isBlindFor, shownQuantity } from '../counting/blind-counting.js';
import { findLocationRowOrThrow } from '../bin-locations/bin-locations.service.js';
import { findWarehouseByCodeLower } from './default-locations.repository.js';
import * as repository from './setup-lists.repository.js';

/** The item codes a row of "locations without a default" shows. */
const itemCodesShown = 5;

/** A summed quantity as the database answers it (PostgreSQL: a string) in thousandths, as a decimal. */
const quantity = (value: string | number | null) => fromThousandths(Number(value ?? 0));

/** The on-hand quantity as the caller sees it: null when blind (batching mode, not admin). */
async function onHandShownTo(ctx: AppContext, caller: Principal) {
  const blind = await isBlindFor(ctx, caller);
  return (value: string | number | null) => shownQuantity(blind, quantity(value));
}

const itemRef = (row: { code: string; visual_code: string; name: string; units: string | null }) => ({
  code: row.code,
  visualCode: row.visual_code,
  name: row.name,
  units: row.units,
});

/**
 * The barcoder's location walk: the items in stock at the location (by its code) whose three
 * barcode slots are empty, by code, at most itemsWithoutBarcodeLimit (truncated says more have
 * none). 404 unknownLocation.
 */
export async function itemsWithoutBarcode(
  ctx: AppContext,
  caller: Principal,
  code: string,
): Promise<ItemsWithoutBarcodeAnswer> {
  const location = await findLocationRowOrThrow(ctx.db, code);
  const onHand = await onHandShownTo(ctx, caller);
  const rows = await repository.itemsWithoutBarcodeAt(ctx.db, location.id, itemsWithoutBarcodeLimit + 1);
  return {
    location: { code: location.code, visualCode: location.visual_code, warehouseCode: location.warehouse_code },
    items: rows
      .slice(0, itemsWithoutBarcodeLimit)
      .map((row) => ({ ...itemRef(row), onHandQty: onHand(row.on_hand_qty) })),
    truncated: rows.length > itemsWithoutBarcodeLimit,
  };
}

async function findWarehouseOrThrow(ctx: AppContext, code: string) {
  const warehouse = await findWarehouseByCodeLower(ctx.db, codeKey(code));
  if (!warehouse) throw notFound('unknownWarehouse', { code });
  return warehouse;
}

/** A page of rows read with one more than the limit: the rows and whether more follow. */
function pageOf<T>(rows: T[], offset: number, limit: number) {
  return { offset, limit, hasMore: rows.length > limit, rows: rows.slice(0, limit) };
}

/** The warehouse's default item locations (rows with a bin), a page by item code. 404 unknownWarehouse. */
export async function warehouseDefaults(
  ctx: AppContext,
  caller: Principal,
  whsCode: string,
  offset: number,
  limit: number,
): Promise<WarehouseDefaultLocationsAnswer> {
  const warehouse = await findWarehouseOrThrow(ctx, whsCode);
  const onHand = await onHandShownTo(ctx, caller);
  const rows = await repository.defaultLocationsOfWarehouse(ctx.db, warehouse.id, offset, limit + 1);
  const page = pageOf(rows, offset, limit);
  return {
    ...page,
    warehouse: { code: warehouse.code, name: warehouse.name },
    rows: page.rows.map((row) => ({
      item: itemRef({
        code: row.item_code,
        visual_code: row.item_visual_code,
        name: row.item_name,
        units: row.item_units,
      }),
      binLocation: {
        code: row.bin_code,
        visualCode: row.bin_visual_code,
        stockMovementRestricted: row.stock_movement_restricted === 1,
      },
      enforced: row.enforced === 1,
      minStock: row.min_stock === null ? null : fromThousandths(row.min_stock),
      maxStock: row.max_stock === null ? null : fromThousandths(row.max_stock),
      version: row.version,
      onHandQty: onHand(row.on_hand_qty),
    })),
  };
}

/** Storage locations (BULK, PICK) of the warehouse holding stock that are no item's default, a page by code. */
export async function locationsWithoutDefault(
  ctx: AppContext,
  caller: Principal,
  whsCode: string,
  offset: number,
  limit: number,
): Promise<LocationsWithoutDefaultAnswer> {
  const warehouse = await findWarehouseOrThrow(ctx, whsCode);
  const onHand = await onHandShownTo(ctx, caller);
  const rows = await repository.locationsWithoutDefault(ctx.db, warehouse.id, offset, limit + 1);
  const page = pageOf(rows, offset, limit);
  const codes = await repository.itemCodesAt(
    ctx.db,
    page.rows.map((row) => row.id),
    itemCodesShown,
  );
  return {
    ...page,
    warehouse: { code: warehouse.code, name: warehouse.name },
    rows: page.rows.map((row) => ({
      location: {
        code: row.code,
        visualCode: row.visual_code,
        locationType: row.location_type as BinLocationType,
      },
      itemCount: Number(row.item_count),
      onHandQty: onHand(row.on_hand_qty),
      items: codes.get(row.id) ?? [],
    })),
  };
}

/** Active stock items without a default bin in the warehouse: those it holds first, a page. */
export async function itemsWithoutDefault(
  ctx: AppContext,
  caller: Principal,
  whsCode: string,
  offset: number,
  limit: number,
): Promise<ItemsWithoutDefaultAnswer> {
  const warehouse = await findWarehouseOrThrow(ctx, whsCode);
  const onHand = await onHandShownTo(ctx, caller);
  const rows = await repository.itemsWithoutDefault(ctx.db, warehouse.id, offset, limit + 1);
  const page = pageOf(rows, offset, limit);
  return {
    ...page,
    warehouse: { code: warehouse.code, name: warehouse.name },
    rows: page.rows.map((row) => ({
      item: itemRef(row),
      onHandQty: onHand(row.on_hand_qty),
      locationCount: Number(row.location_count),
    })),
  };
}
