import {
  codeKey,
  fromThousandths,
  toThousandths,
  type DefaultItemLocation,
  type DefaultLocationFilter,
  type setDefaultLocationRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import * as repository from './default-locations.repository.js';
import { publishBinLocationsChanged, publishItemsChanged } from './item-live.js';
import { findItemRowOrThrow } from './items.service.js';
import { findItemByCodeLower } from './items.repository.js';

type DefaultLocationRow = Awaited<ReturnType<typeof repository.defaultLocationsOfItem>>[number];

function toDefaultLocation(row: DefaultLocationRow): DefaultItemLocation {
  return {
    whs: { code: row.whs_code, name: row.whs_name, active: row.whs_active === 1 },
    binLocation: row.bin_code === null ? null : { code: row.bin_code, visualCode: row.bin_visual_code ?? row.bin_code },
    enforced: row.enforced === 1,
    minStock: row.min_stock === null ? null : fromThousandths(row.min_stock),
    maxStock: row.max_stock === null ? null : fromThousandths(row.max_stock),
    // A warehouse without a row for the item: version 0 (the version a first save sends).
    version: row.version ?? 0,
  };
}

/** getDefaultLocations: one row per warehouse, filtered present (rows with a bin), active (active warehouses) or all. */
export async function getDefaultLocations(
  ctx: AppContext,
  code: string,
  filter: DefaultLocationFilter,
): Promise<DefaultItemLocation[]> {
  const item = await findItemRowOrThrow(ctx, code);
  return (await repository.defaultLocationsOfItem(ctx.db, item.id, filter)).map(toDefaultLocation);
}

/**
 * The item's default bin location in a warehouse, read in the caller's transaction (goods
 * sorting proposes it and keeps an enforced one): null when the warehouse has none for the item.
 */
export async function defaultLocationIn(
  db: DbOrTx,
  itemId: number,
  warehouseId: number,
): Promise<{ code: string; enforced: boolean } | null> {
  const [row] = await repository.defaultLocationsOfItem(db, itemId, 'present', warehouseId);
  return row?.bin_code ? { code: row.bin_code, enforced: row.enforced === 1 } : null;
}

async function findWarehouseOrThrow(db: DbOrTx, code: string) {
  const warehouse = await repository.findWarehouseByCodeLower(db, codeKey(code));
  if (!warehouse) throw notFound('unknownWarehouse', { code });
  return warehouse;
}

/**
 * minStock above maxStock (compared as stored, in thousandths: 1.0004 and 1.0001 are both 1.000)
 * is 422 minStockGreaterThanMaxStock {minStock, maxStock}.
 */
export function checkStockLevels(minStock: number | null, maxStock: number | null): void {
  if (minStock !== null && maxStock !== null && toThousandths(minStock) > toThousandths(maxStock)) {
    throw unprocessable('minStockGreaterThanMaxStock', {
      minStock: fromThousandths(toThousandths(minStock)),
      maxStock: fromThousandths(toThousandths(maxStock)),
    });
  }
}

/**
 * setDefaultLocation(itemCode, whsCode, {locationCode, enforced, minStock, maxStock, version}):
 * creates or updates the item's row for the warehouse. minStock above maxStock is 422
 * minStockGreaterThanMaxStock. The bin must exist (404 unknownLocation), lie in that warehouse
 * (422 locationNotInWarehouse {location, warehouse}) and allow stock movements (422
 * restrictedLocationAsDefault {location}: goods could never be put away there). A version (0 for
 * a warehouse without a row) that is not the stored one is 412; without one the row is
 * overwritten, which replaces another bin the item had there (the apps ask first). Answers the
 * row as read back; after the commit ITEM_CHANGED for the item and BIN_LOCATION_CHANGED for the
 * old and new bin (what replenishment reads).
 */
export async function setDefaultLocation(
  ctx: AppContext,
  code: string,
  whsCode: string,
  request: z.output<typeof setDefaultLocationRequestSchema>,
): Promise<DefaultItemLocation> {
  const result = await ctx.db.transaction().execute(async (tx) => {
    const item = await findItemByCodeLower(tx, codeKey(code));
    if (!item) throw notFound('unknownItemForCode', { code });
    const warehouse = await findWarehouseOrThrow(tx, whsCode);
    checkStockLevels(request.minStock, request.maxStock);
    let bin: { id: number; code: string } | null = null;
    if (request.locationCode !== null) {
      const found = await repository.findBinLocationByCodeLower(tx, codeKey(request.locationCode));
      if (!found) throw notFound('unknownLocation', { code: request.locationCode });
      if (found.warehouse_id !== warehouse.id) {
        throw unprocessable('locationNotInWarehouse', { location: found.code, warehouse: warehouse.code });
      }
      if (found.stock_movement_restricted === 1) {
        throw unprocessable('restrictedLocationAsDefault', { location: found.code });
      }
      bin = found;
    }
    const values: repository.DefaultLocationValues = {
      bin_location_id: bin?.id ?? null,
      enforced: request.enforced ? 1 : 0,
      min_stock: request.minStock === null ? null : toThousandths(request.minStock),
      max_stock: request.maxStock === null ? null : toThousandths(request.maxStock),
    };
    const existing = await repository.findDefaultLocationRow(tx, item.id, warehouse.id);
    const stale = { code: item.code, whsCode: warehouse.code };
    if (request.version === undefined) {
      await repository.upsertDefaultLocation(tx, item.id, warehouse.id, values);
    } else if (request.version === 0) {
      if (existing || !(await repository.insertDefaultLocation(tx, item.id, warehouse.id, values))) {
        throw preconditionFailed(stale);
      }
    } else {
      if (!existing) throw preconditionFailed(stale);
      expectOneUpdated(
        await repository.updateDefaultLocation(tx, item.id, warehouse.id, request.version, values),
        stale,
      );
    }
    const [row] = await repository.defaultLocationsOfItem(tx, item.id, 'all', warehouse.id);
    if (!row) throw new Error('default location row vanished');
    return { itemCode: item.code, previousBin: existing?.bin_code ?? null, row: toDefaultLocation(row) };
  });
  publishItemsChanged(ctx, [result.itemCode]);
  publishBinLocationsChanged(ctx, [result.previousBin, result.row.binLocation?.code ?? null]);
  return result.row;
}
