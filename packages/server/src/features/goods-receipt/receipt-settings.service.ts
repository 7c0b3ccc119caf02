import { overReceiptModes, toThousandths, type OverReceiptMode } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { effectiveOverReceiptRule, type OverReceiptRule, type OverReceiptSetting } from './over-receipt-rules.js';
import * as repository from './receipt-settings.repository.js';

/**
 * The goods receipt's settings (migration 0019; docs/decisions/0171-over-receipt-rules.md): the
 * warehouse's receipt staging location and over-receipt rule, and an item's override of the rule.
 * On the wire a tolerance is a percent with at most three decimals (2.5 is 2.5%); stored it is an
 * integer of thousandths of a percent (2500), converted with toThousandths like a quantity.
 * No route answers these yet: the receipt app (and its settings screen) will call this service.
 */

/** The largest tolerance accepted: 1000%. */
export const maxOverReceiptTolerancePercent = 1_000_000;

export interface WarehouseReceiptSettings {
  warehouseCode: string;
  /** The staging location's id and code, or null when none is set. */
  receiptStagingLocation: { id: number; code: string } | null;
  overReceipt: OverReceiptRule;
}

const isMode = (value: string | null): value is OverReceiptMode =>
  value !== null && (overReceiptModes as readonly string[]).includes(value);

/** A mode column's value, checked (null: the warehouse's). */
export function overReceiptModeOf(value: string | null): OverReceiptMode | null {
  if (value === null) return null;
  if (!isMode(value)) throw new Error(`unknown over-receipt mode in the database: ${value}`);
  return value;
}

/** A percent from the wire as thousandths of a percent, or 400 invalidInput naming the field. */
export function tolerancePercentOf(value: number, field = 'overReceiptTolerancePercent'): number {
  const thousandths = Number.isFinite(value) ? toThousandths(value) : Number.NaN;
  if (!(thousandths >= 0 && thousandths <= maxOverReceiptTolerancePercent)) {
    throw badRequest('invalidInput', { fields: [{ field: `body.${field}`, message: 'a percent from 0 to 1000' }] });
  }
  return thousandths;
}

export async function warehouseReceiptSettings(db: DbOrTx, warehouseId: number): Promise<WarehouseReceiptSettings> {
  const row = await repository.warehouseSettingsById(db, warehouseId);
  // Callers pass the id of a row they hold: a missing one is a broken reference, not input.
  if (!row) throw new Error(`no warehouse with id ${warehouseId}`);
  return {
    warehouseCode: row.code,
    receiptStagingLocation:
      row.receipt_staging_location_id === null || row.staging_location_code === null
        ? null
        : { id: row.receipt_staging_location_id, code: row.staging_location_code },
    overReceipt: {
      mode: overReceiptModeOf(row.over_receipt_mode) ?? 'BLOCK',
      tolerancePercent: row.over_receipt_tolerance_percent,
    },
  };
}

/** The rule a receipt line of this item in this warehouse follows: the item's fields over the warehouse's. */
export async function overReceiptRuleFor(db: DbOrTx, warehouseId: number, itemId: number): Promise<OverReceiptRule> {
  const [warehouse, item] = await Promise.all([
    warehouseReceiptSettings(db, warehouseId),
    repository.itemSettingsById(db, itemId),
  ]);
  if (!item) throw new Error(`no item with id ${itemId}`);
  const setting: OverReceiptSetting = {
    mode: overReceiptModeOf(item.over_receipt_mode),
    tolerancePercent: item.over_receipt_tolerance_percent,
  };
  return effectiveOverReceiptRule(warehouse.overReceipt, setting);
}

/**
 * Sets a warehouse's receipt settings. The staging location must be a bin location of that
 * warehouse: 404 unknownLocation {code}, or 422 stagingLocationOutsideWarehouse {location, warehouse}.
 */
export async function setWarehouseReceiptSettings(
  db: DbOrTx,
  warehouseCode: string,
  input: {
    receiptStagingLocationCode: string | null;
    overReceiptMode: OverReceiptMode;
    overReceiptTolerancePercent: number;
  },
): Promise<WarehouseReceiptSettings> {
  const warehouse = await repository.warehouseIdByCode(db, warehouseCode);
  if (!warehouse) throw notFound('unknownWarehouse', { code: warehouseCode });
  const tolerancePercent = tolerancePercentOf(input.overReceiptTolerancePercent);
  let stagingLocationId: number | null = null;
  if (input.receiptStagingLocationCode !== null) {
    const location = await repository.locationByCode(db, input.receiptStagingLocationCode);
    if (!location) throw notFound('unknownLocation', { code: input.receiptStagingLocationCode });
    if (location.warehouse_id !== warehouse.id) {
      throw unprocessable('stagingLocationOutsideWarehouse', { location: location.code, warehouse: warehouse.code });
    }
    stagingLocationId = location.id;
  }
  await repository.updateWarehouseSettings(db, warehouse.id, {
    stagingLocationId,
    mode: input.overReceiptMode,
    tolerancePercent,
  });
  return warehouseReceiptSettings(db, warehouse.id);
}

/** Sets (or, with nulls, clears) an item's override of the over-receipt rule. */
export async function setItemOverReceiptSetting(
  db: DbOrTx,
  itemCode: string,
  input: { overReceiptMode: OverReceiptMode | null; overReceiptTolerancePercent: number | null },
): Promise<void> {
  const item = await repository.itemIdByCode(db, itemCode);
  if (!item) throw notFound('unknownItemForCode', { code: itemCode });
  const tolerancePercent =
    input.overReceiptTolerancePercent === null ? null : tolerancePercentOf(input.overReceiptTolerancePercent);
  await repository.updateItemSettings(db, item.id, { mode: input.overReceiptMode, tolerancePercent });
}
