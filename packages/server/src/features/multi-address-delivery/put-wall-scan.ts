import { codeKey, gtinCandidates, readCompoundBarcode, type PutWallUnit } from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';
import type { ContentRow } from '../deliveries/delivery-put-wall.service.js';
import type { ItemCodesRow } from './multi-address-delivery.repository.js';

/**
 * Which cart rows a unit scan names (decision 0188). The scan (the unit's `item`) may be a serial
 * label or a batch label of a unit in the cart, an item code or any of its three barcodes, or GS1
 * data (element string or Digital Link) whose GTIN names the item in any of its forms and whose
 * batch and serial narrow it. An explicit batch or serial of the request narrows further. GS1
 * that breaks a rule is refused with its key (gs1*), as at every other scan. Only the cart's rows
 * are read, so the work is bounded by what was picked.
 */
export function rowsForScan(
  unit: PutWallUnit,
  rows: readonly ContentRow[],
  items: readonly ItemCodesRow[],
  now: Date = new Date(),
): ContentRow[] {
  const raw = codeKey(unit.item);
  const { readings, refusal } = readCompoundBarcode(unit.item, now);
  if (refusal) throw unprocessable(refusal.key, refusal.args);
  const codesOf = new Map(
    items.map((i) => [i.id, new Set([i.code_lower, i.barcode_lower, i.barcode2_lower, i.barcode3_lower])]),
  );
  const same = (a: string | null, b: string | null | undefined) =>
    b == null || (a !== null && codeKey(a) === codeKey(b));
  const named = (row: ContentRow): boolean => {
    if (row.serial_code !== null && codeKey(row.serial_code) === raw) return true;
    if (row.batch_code !== null && codeKey(row.batch_code) === raw) return true;
    const codes = codesOf.get(row.itemId);
    return readings.some((reading) => {
      if (reading.itemCode === null) return reading.serialCode !== null && same(row.serial_code, reading.serialCode);
      const keys = [reading.itemCode, ...gtinCandidates(reading.itemCode)].map(codeKey);
      return (
        codes !== undefined &&
        keys.some((key) => codes.has(key)) &&
        same(row.batch_code, reading.batchCode) &&
        same(row.serial_code, reading.serialCode)
      );
    });
  };
  return rows.filter((row) => named(row) && same(row.batch_code, unit.batch) && same(row.serial_code, unit.serial));
}
