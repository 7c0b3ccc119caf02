import { minColumnWidth } from './data-table-columns.js';

/** Column widths of one table: column id -> px. */
export type ColumnWidths = Record<string, number>;

export const columnWidthsStorageKey = (tableId: string) => `wms.tableColumnWidths.${tableId}`;

/** The saved widths of the table, only for columns it still has, each at least 20 px. */
export function loadColumnWidths(tableId: string, columnIds: readonly string[]): ColumnWidths {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(columnWidthsStorageKey(tableId));
  } catch {
    return {};
  }
  if (!raw) return {};
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const widths: ColumnWidths = {};
  for (const id of columnIds) {
    const width = (stored as Record<string, unknown>)[id];
    if (typeof width === 'number' && Number.isFinite(width)) widths[id] = Math.max(minColumnWidth, Math.round(width));
  }
  return widths;
}

export function saveColumnWidths(tableId: string, widths: ColumnWidths): void {
  try {
    localStorage.setItem(columnWidthsStorageKey(tableId), JSON.stringify(widths));
  } catch {
    // storage full or blocked: the widths simply are not kept
  }
}
