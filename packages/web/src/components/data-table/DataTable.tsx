import { useMemo, useRef, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import {
  getCoreRowModel,
  getExpandedRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ExpandedState,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { narrowScreenQuery, useMediaQuery } from '../../platform/media-query.js';
import { DataTableCards } from './DataTableCards.js';
import { DataTableHeaderCell } from './DataTableHeaderCell.js';
import { DataTableSortSelect } from './DataTableSortSelect.js';
import {
  assertUniqueColumnIds,
  cellText,
  containsFilter,
  toColumnDefs,
  type DataTableColumn,
} from './data-table-columns.js';
import { useColumnWidths } from './useColumnWidths.js';
import './data-table.css';

/** Rows rendered beyond the visible ones, and the smallest row height. */
export const rowOverscan = 50;
export const minRowHeight = 30;
const expandColumnWidth = 36;

export interface DataTableProps<TRow> {
  /** Names the table: its column widths are saved under it. */
  tableId: string;
  columns: readonly DataTableColumn<TRow>[];
  data: readonly TRow[];
  /** Stable row ids (default: the index path). */
  getRowId?: (row: TRow, index: number) => string;
  /** Rows shown beneath a row when it is expanded. */
  getSubRows?: (row: TRow) => TRow[] | undefined;
  /** Content shown beneath a row when it is expanded. */
  renderExpanded?: (row: TRow) => ReactNode;
  /** Shows the text filter (default true). */
  filter?: boolean;
  initialSorting?: SortingState;
  /** Height limit of the scrolling body (default 70vh); rows beyond it are virtual. */
  maxHeight?: number | string;
  testId?: string;
  /** 'auto' (default): cards of label: value pairs below sm (576 px), a table from sm up. */
  layout?: 'auto' | 'table';
  /**
   * More controls beside the filter (an export of what is shown); `shownRows` answers the rows
   * as shown now: filtered and sorted.
   */
  toolbar?: (shownRows: () => TRow[]) => ReactNode;
}

const measureRow = (element: Element) => element.getBoundingClientRect().height || minRowHeight;

/**
 * The generic data table: sortable columns, a case-insensitive contains filter
 * over the filterable columns, resizable columns (at least 20 px, widths saved per table id),
 * expandable rows (sub rows or renderExpanded) and virtual rows (overscan 50). Scrolls
 * horizontally when the columns are wider than the screen. Below sm (576 px) each row is a card
 * of label: value pairs instead (every column visible on a phone), sorted by a select. Duplicate
 * column ids throw.
 */
export function DataTable<TRow>(props: DataTableProps<TRow>) {
  const { tableId, columns, data, getRowId, getSubRows, renderExpanded, filter = true } = props;
  const { t } = useTranslation('components');
  assertUniqueColumnIds(tableId, columns);

  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const columnIds = useMemo(() => columns.map((column) => column.id), [columns]);
  const [columnSizing, setColumnSizing] = useColumnWidths(tableId, columnIds);
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting ?? []);
  const [globalFilter, setGlobalFilter] = useState('');
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const expandable = Boolean(getSubRows || renderExpanded);
  const narrow = useMediaQuery(narrowScreenQuery);
  const cards = narrow && props.layout !== 'table';

  const table = useReactTable<TRow>({
    data: data as TRow[],
    columns: columnDefs,
    state: { sorting, globalFilter, expanded, columnSizing },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onExpandedChange: setExpanded,
    onColumnSizingChange: setColumnSizing,
    globalFilterFn: containsFilter,
    filterFromLeafRows: true,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    getRowId,
    getSubRows,
    getRowCanExpand: (row) => row.subRows.length > 0 || Boolean(renderExpanded),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => minRowHeight,
    measureElement: measureRow,
    overscan: rowOverscan,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const leafColumns = table.getVisibleLeafColumns();
  const columnCount = leafColumns.length + (expandable ? 1 : 0);
  const totalWidth = table.getTotalSize() + (expandable ? expandColumnWidth : 0);

  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tbody key={key} aria-hidden="true">
        <tr style={{ height }}>
          <td colSpan={columnCount} className="p-0 border-0" />
        </tr>
      </tbody>
    ) : null;

  const renderCell = (row: Row<TRow>, columnId: string, value: unknown): ReactNode => {
    const column = columns.find((candidate) => candidate.id === columnId)!;
    return column.cell ? column.cell(row.original, value) : cellText(value);
  };

  const renderRow = (row: Row<TRow>) => (
    <tr data-row-id={row.id} data-depth={row.depth}>
      {expandable ? (
        <td className="p-0 text-center align-middle">
          {row.getCanExpand() ? (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 text-reset"
              onClick={row.getToggleExpandedHandler()}
              aria-expanded={row.getIsExpanded()}
              aria-label={t(row.getIsExpanded() ? 'dataTable.collapse' : 'dataTable.expand')}
            >
              <i className={`bi ${row.getIsExpanded() ? 'bi-chevron-down' : 'bi-chevron-right'}`} aria-hidden="true" />
            </button>
          ) : null}
        </td>
      ) : null}
      {row.getVisibleCells().map((cell, index) => {
        const column = columns.find((candidate) => candidate.id === cell.column.id)!;
        const value = cell.getValue();
        return (
          <td
            key={cell.id}
            data-column-id={cell.column.id}
            className={`text-truncate ${column.numeric ? 'text-end' : ''}`}
            style={index === 0 && row.depth > 0 ? { paddingLeft: `${0.25 + row.depth}rem` } : undefined}
          >
            {renderCell(row, column.id, value)}
          </td>
        );
      })}
    </tr>
  );

  return (
    <div data-testid={props.testId ?? `data-table-${tableId}`}>
      {filter || props.toolbar ? (
        <div className="d-flex align-items-center gap-2 mb-2">
          {filter ? (
            <>
              <Form.Control
                type="search"
                size="sm"
                value={globalFilter}
                onChange={(event) => setGlobalFilter(event.target.value)}
                placeholder={t('dataTable.filter')}
                aria-label={t('dataTable.filter')}
                className="flex-grow-1"
                style={{ maxWidth: 320 }}
                data-testid="data-table-filter"
              />
              <small className="text-body-secondary text-nowrap" data-testid="data-table-count">
                {t('dataTable.rowsShown', { shown: table.getFilteredRowModel().rows.length, total: data.length })}
              </small>
            </>
          ) : null}
          {props.toolbar?.(() => table.getRowModel().rows.map((row) => row.original))}
        </div>
      ) : null}
      {cards ? (
        <>
          <DataTableSortSelect table={table} />
          <DataTableCards
            columns={columns}
            rows={rows}
            items={items}
            paddingTop={paddingTop}
            paddingBottom={paddingBottom}
            measureElement={virtualizer.measureElement}
            scrollRef={scrollRef}
            maxHeight={props.maxHeight ?? '70vh'}
            minHeight={minRowHeight * 3}
            renderExpanded={renderExpanded}
            renderCell={renderCell}
          />
        </>
      ) : (
        <div
          ref={scrollRef}
          className="border rounded overflow-auto"
          style={{ maxHeight: props.maxHeight ?? '70vh', minHeight: minRowHeight * 3 }}
        >
          <table
            className="table table-sm table-hover mb-0"
            style={{ tableLayout: 'fixed', width: totalWidth, minWidth: '100%' }}
          >
            <colgroup>
              {expandable ? <col style={{ width: expandColumnWidth }} /> : null}
              {leafColumns.map((column) => (
                <col key={column.id} style={{ width: column.getSize() }} />
              ))}
            </colgroup>
            <thead className="sticky-top" style={{ zIndex: 1 }}>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {expandable ? <th className="bg-body-secondary" aria-label={t('dataTable.expandColumn')} /> : null}
                  {group.headers.map((header) => (
                    <DataTableHeaderCell key={header.id} header={header} table={table} />
                  ))}
                </tr>
              ))}
            </thead>
            {spacer(paddingTop, 'top')}
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <tbody key={item.key} ref={virtualizer.measureElement} data-index={item.index}>
                  {renderRow(row)}
                  {renderExpanded && row.getIsExpanded() ? (
                    <tr data-expanded-for={row.id}>
                      <td colSpan={columnCount} className="bg-body-tertiary">
                        {renderExpanded(row.original)}
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              );
            })}
            {spacer(paddingBottom, 'bottom')}
            {rows.length === 0 ? (
              <tbody>
                <tr>
                  {/* Left-aligned: on a phone a wide table's centre is scrolled out of sight. */}
                  <td colSpan={columnCount} className="text-body-secondary">
                    {t('common:noResults')}
                  </td>
                </tr>
              </tbody>
            ) : null}
          </table>
        </div>
      )}
    </div>
  );
}
