import { Fragment, type ReactNode, type RefObject } from 'react';
import type { Row } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { columnTitle, type DataTableColumn } from './data-table-columns.js';

interface DataTableCardsProps<TRow> {
  columns: readonly DataTableColumn<TRow>[];
  rows: Row<TRow>[];
  items: VirtualItem[];
  paddingTop: number;
  paddingBottom: number;
  measureElement: (element: Element | null) => void;
  scrollRef: RefObject<HTMLDivElement | null>;
  maxHeight: number | string;
  minHeight: number;
  renderExpanded?: (row: TRow) => ReactNode;
  renderCell: (row: Row<TRow>, columnId: string, value: unknown) => ReactNode;
}

/**
 * The narrow-screen form of the DataTable (below sm, 576 px): each row a card of "label: value"
 * pairs, so a phone sees every column instead of the first three. Empty values are hidden (CSS);
 * the expand toggle and the expanded content sit in the card; rows stay virtual.
 */
export function DataTableCards<TRow>(props: DataTableCardsProps<TRow>) {
  const { columns, rows, items, renderExpanded, renderCell } = props;
  const { t } = useTranslation('components');
  const headerOf = (id: string) => {
    const column = columns.find((candidate) => candidate.id === id);
    return column ? columnTitle(column, t) : t(id);
  };

  return (
    <div
      ref={props.scrollRef}
      className="wms-data-cards overflow-auto"
      style={{ maxHeight: props.maxHeight, minHeight: props.minHeight }}
      data-layout="cards"
    >
      {props.paddingTop > 0 ? <div style={{ height: props.paddingTop }} aria-hidden="true" /> : null}
      {items.map((item) => {
        const row = rows[item.index]!;
        const expanded = row.getIsExpanded();
        return (
          <div key={item.key} ref={props.measureElement} data-index={item.index} className="pb-2">
            <article
              className="card wms-data-card"
              data-row-id={row.id}
              data-depth={row.depth}
              style={row.depth > 0 ? { marginLeft: `${row.depth}rem` } : undefined}
            >
              <div className="d-flex align-items-start gap-1 p-2">
                <dl className="wms-data-card-fields flex-grow-1 mb-0">
                  {row.getVisibleCells().map((cell) => {
                    const content = renderCell(row, cell.column.id, cell.getValue());
                    return (
                      <Fragment key={cell.id}>
                        <dt>{headerOf(cell.column.id)}</dt>
                        <dd data-column-id={cell.column.id}>{content === '' ? null : content}</dd>
                      </Fragment>
                    );
                  })}
                </dl>
                {row.getCanExpand() ? (
                  <button
                    type="button"
                    className="btn btn-outline-secondary wms-data-card-expand"
                    onClick={row.getToggleExpandedHandler()}
                    aria-expanded={expanded}
                    aria-label={t(expanded ? 'dataTable.collapse' : 'dataTable.expand')}
                  >
                    <i className={`bi ${expanded ? 'bi-chevron-down' : 'bi-chevron-right'}`} aria-hidden="true" />
                  </button>
                ) : null}
              </div>
              {renderExpanded && expanded ? (
                <div className="border-top bg-body-tertiary p-2" data-expanded-for={row.id}>
                  {renderExpanded(row.original)}
                </div>
              ) : null}
            </article>
          </div>
        );
      })}
      {props.paddingBottom > 0 ? <div style={{ height: props.paddingBottom }} aria-hidden="true" /> : null}
      {rows.length === 0 ? <p className="text-body-secondary mb-0 p-2">{t('common:noResults')}</p> : null}
    </div>
  );
}
