import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { definedColumnTitle } from './data-table-columns.js';

/** The cards have no column headers: sorting is chosen here (column, then the direction). */
export function DataTableSortSelect<TRow>({ table }: { table: Table<TRow> }) {
  const { t } = useTranslation('components');
  const sorting = table.getState().sorting[0];
  const sortable = table.getAllLeafColumns().filter((column) => column.getCanSort());
  if (sortable.length === 0) return null;
  return (
    <div className="d-flex align-items-center gap-2 mb-2" data-testid="data-table-sort">
      <Form.Select
        size="sm"
        value={sorting?.id ?? ''}
        onChange={(event) =>
          table.setSorting(event.target.value ? [{ id: event.target.value, desc: sorting?.desc ?? false }] : [])
        }
        aria-label={t('dataTable.sortColumn')}
        className="flex-grow-1"
        data-testid="data-table-sort-column"
      >
        <option value="">{t('dataTable.unsorted')}</option>
        {sortable.map((column) => (
          <option key={column.id} value={column.id}>
            {t('dataTable.sortBy', { column: definedColumnTitle(column.columnDef, t) })}
          </option>
        ))}
      </Form.Select>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={!sorting}
        onClick={() => sorting && table.setSorting([{ id: sorting.id, desc: !sorting.desc }])}
        aria-label={t(sorting?.desc ? 'dataTable.descending' : 'dataTable.ascending')}
        title={t(sorting?.desc ? 'dataTable.descending' : 'dataTable.ascending')}
        data-testid="data-table-sort-direction"
      >
        <i className={`bi ${sorting?.desc ? 'bi-sort-down' : 'bi-sort-up'}`} aria-hidden="true" />
      </Button>
    </div>
  );
}
