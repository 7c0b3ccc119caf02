import type { KeyboardEvent } from 'react';
import type { Header, Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { definedColumnTitle, minColumnWidth } from './data-table-columns.js';

const keyboardStep = 10;

interface Props<TRow> {
  header: Header<TRow, unknown>;
  table: Table<TRow>;
}

/** A column header: the sort toggle, and a resize handle (drag, touch, or arrow keys; double click resets). */
export function DataTableHeaderCell<TRow>({ header, table }: Props<TRow>) {
  const { t } = useTranslation('components');
  const { column } = header;
  const sorted = column.getIsSorted();
  const title = definedColumnTitle(column.columnDef, t);
  const resize = header.getResizeHandler();

  const onResizeKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const size = column.getSize() + (event.key === 'ArrowRight' ? keyboardStep : -keyboardStep);
    table.setColumnSizing((old) => ({ ...old, [column.id]: Math.max(minColumnWidth, size) }));
  };

  return (
    <th
      scope="col"
      className="position-relative text-nowrap bg-body-secondary"
      style={{ width: header.getSize() }}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      data-column-id={column.id}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 text-reset text-decoration-none fw-semibold d-flex align-items-center gap-1 mw-100"
          onClick={column.getToggleSortingHandler()}
          title={t('dataTable.sortBy', { column: title })}
        >
          <span className="text-truncate">{title}</span>
          <i
            className={`bi ${sorted === 'asc' ? 'bi-caret-up-fill' : sorted === 'desc' ? 'bi-caret-down-fill' : 'bi-chevron-expand opacity-25'}`}
            aria-hidden="true"
          />
        </button>
      ) : (
        <span className="d-block text-truncate">{title}</span>
      )}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('dataTable.resize', { column: title })}
        aria-valuenow={column.getSize()}
        aria-valuemin={minColumnWidth}
        tabIndex={0}
        data-testid={`resize-${column.id}`}
        onMouseDown={resize}
        onTouchStart={resize}
        onDoubleClick={() => column.resetSize()}
        onKeyDown={onResizeKey}
        className={`position-absolute top-0 end-0 h-100 ${column.getIsResizing() ? 'bg-primary' : ''}`}
        style={{ width: 8, cursor: 'col-resize', touchAction: 'none', userSelect: 'none' }}
      />
    </th>
  );
}
