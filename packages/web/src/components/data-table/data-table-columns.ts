import type { ReactNode } from 'react';
import type { ColumnDef, Row } from '@tanstack/react-table';

/** A column is at least this wide. */
export const minColumnWidth = 20;
export const defaultColumnWidth = 150;
/** The id of the expand-toggle column; a data column may not use it. */
export const expandColumnId = '__expand';

/** One column of a DataTable. */
export interface DataTableColumn<TRow> {
  /** Unique within the table; the key under which the width is saved. */
  id: string;
  /** Translation key of the header (`namespace:key`). */
  header: string;
  /** A header shown as it is, not translated (text from a file, such as a spreadsheet's header row). */
  headerText?: string;
  /** The value sorted and filtered on (and shown when there is no cell renderer). */
  accessor: (row: TRow) => unknown;
  /** Renders the cell; default: the accessor's value as text. */
  cell?: (row: TRow, value: unknown) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /** Whether the text filter looks at this column (default true). */
  filterable?: boolean;
  /** Initial width in px (default 150, at least 20). */
  width?: number;
  /** Right-aligned (quantities). */
  numeric?: boolean;
}

/** A clear error for a programming mistake: two columns with the same id. */
export class DuplicateColumnIdError extends Error {
  constructor(tableId: string, columnId: string) {
    super(`DataTable "${tableId}": duplicate column id "${columnId}"; every column needs its own id.`);
    this.name = 'DuplicateColumnIdError';
  }
}

export function assertUniqueColumnIds(tableId: string, columns: readonly { id: string }[]): void {
  const seen = new Set<string>([expandColumnId]);
  for (const column of columns) {
    if (seen.has(column.id)) throw new DuplicateColumnIdError(tableId, column.id);
    seen.add(column.id);
  }
}

/** The header a column shows: its own text, or its translated header key. */
export function columnTitle<TRow>(column: DataTableColumn<TRow>, t: (key: string) => string): string {
  return column.headerText ?? t(column.header);
}

/** The header of a TanStack column made by toColumnDefs (its DataTableColumn is kept in meta). */
export function definedColumnTitle<TRow>(columnDef: ColumnDef<TRow>, t: (key: string) => string): string {
  const meta: unknown = columnDef.meta;
  const own = (meta as { column?: DataTableColumn<TRow> } | undefined)?.column;
  return own ? columnTitle(own, t) : t(String(columnDef.header));
}

/** A value as the filter and the default cell see it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** Case-insensitive contains over the row's filterable columns (TanStack's global filter). */
export function containsFilter<TRow>(row: Row<TRow>, columnId: string, filterValue: unknown): boolean {
  const needle = cellText(filterValue).trim().toLocaleLowerCase();
  if (!needle) return true;
  return cellText(row.getValue(columnId)).toLocaleLowerCase().includes(needle);
}

/** The TanStack column definitions of our columns. */
export function toColumnDefs<TRow>(columns: readonly DataTableColumn<TRow>[]): ColumnDef<TRow>[] {
  return columns.map((column) => ({
    id: column.id,
    accessorFn: column.accessor,
    header: column.header,
    enableSorting: column.sortable ?? true,
    enableGlobalFilter: column.filterable ?? true,
    size: Math.max(minColumnWidth, column.width ?? defaultColumnWidth),
    minSize: minColumnWidth,
    sortUndefined: 'last',
    meta: { column },
  }));
}
