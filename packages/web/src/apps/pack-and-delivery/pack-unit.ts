import { sameCode } from '@wms/contract';
import { Gs1ScanRefused, resolveItemScan } from '../../handheld/engine/resolve-item.js';
import type { Notice, WorkflowEnv } from '../../handheld/engine/types.js';
import { noticeKey } from '../../handheld/engine/outcomes.js';
import type { ContentRow, PackUnit } from './pack-state.js';

export type UnitScan = { unit: PackUnit } | { refusal: Notice };

const refusal = (key: string, args: Record<string, unknown>): UnitScan => ({
  refusal: { variant: 'danger', key: noticeKey(key), args },
});

/** The item codes still expected, for wrongItemScanned {expected}. */
const expectedItems = (rows: readonly ContentRow[]) => [...new Set(rows.map((row) => row.item))].join(', ');

/**
 * A scan at a unit question, matched against the rows still to verify: a serial of one of them
 * (a serial label), else an item code, barcode or GS1 compound barcode (resolveItemScan: its batch
 * and serial are taken too). An unknown code or an item not in the rows is refused; nothing changes.
 */
export async function identifyUnit(text: string, rows: readonly ContentRow[], env: WorkflowEnv): Promise<UnitScan> {
  const bySerial = rows.find((row) => row.serial !== null && sameCode(row.serial, text));
  if (bySerial) {
    return {
      unit: { item: bySerial.item, managedBy: 'SERIAL_NUMBER', batch: bySerial.batch, serial: bySerial.serial },
    };
  }
  let resolved;
  try {
    resolved = await resolveItemScan(text, env);
  } catch (error) {
    if (error instanceof Gs1ScanRefused) return refusal(error.key, error.args);
    throw error;
  }
  if (!resolved) return refusal('itemIdentification.unknownItemForCode', { code: text });
  const { item } = resolved.answer;
  if (!rows.some((row) => sameCode(row.item, item.code))) {
    return refusal('wrongItemScanned', { expected: expectedItems(rows), scanned: item.code });
  }
  return {
    unit: {
      item: item.code,
      managedBy: item.managedBy,
      batch: item.managedBy === 'NORMAL' ? null : (resolved.barcode?.batchCode ?? null),
      serial: item.managedBy === 'SERIAL_NUMBER' ? (resolved.barcode?.serialCode ?? null) : null,
    },
  };
}

/**
 * The question a unit still needs: its serial (rows of the item hold serials: each unit is
 * scanned by its serial), its batch (rows of the item hold batches: the batch is scanned, the
 * point of SCAN_ALL), or none.
 */
export function missingPart(unit: PackUnit, rows: readonly ContentRow[]): 'batch' | 'serial' | null {
  const ofItem = rows.filter((row) => sameCode(row.item, unit.item));
  if (unit.serial === null && ofItem.some((row) => row.serial !== null)) return 'serial';
  if (unit.batch === null && ofItem.some((row) => row.batch !== null)) return 'batch';
  return null;
}
