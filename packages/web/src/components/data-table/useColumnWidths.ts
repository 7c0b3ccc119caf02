import { useEffect, useRef, useState } from 'react';
import type { ColumnSizingState } from '@tanstack/react-table';
import { loadColumnWidths, saveColumnWidths } from './column-widths.js';
import { minColumnWidth } from './data-table-columns.js';

/** Widths are saved this long after the last resize step. */
export const columnWidthSaveDelayMs = 250;

/** The table's column widths, restored from and saved (debounced) to local storage per table id. */
export function useColumnWidths(tableId: string, columnIds: readonly string[]) {
  const [sizing, setSizing] = useState<ColumnSizingState>(() => loadColumnWidths(tableId, columnIds));
  const loaded = useRef(sizing);

  useEffect(() => {
    if (sizing === loaded.current) return;
    const timer = setTimeout(() => {
      const widths = Object.fromEntries(
        Object.entries(sizing).map(([id, width]) => [id, Math.max(minColumnWidth, Math.round(width))]),
      );
      saveColumnWidths(tableId, widths);
    }, columnWidthSaveDelayMs);
    return () => clearTimeout(timer);
  }, [sizing, tableId]);

  return [sizing, setSizing] as const;
}
