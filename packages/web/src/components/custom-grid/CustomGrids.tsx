import { useMemo } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { languages, type CustomGrid, type CustomGridCell, type CustomGridObjectType } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../data-table/DataTable.js';
import { cellText, type DataTableColumn } from '../data-table/data-table-columns.js';
import { useLiveMessage } from '../../platform/live.js';
import { ObjectLink, type ObjectType } from '../object-link/ObjectLink.js';
import { formatCellDate } from '../object-dialogs/format.js';
import { transactionTypeText } from '../object-dialogs/transaction-type.js';
import { customGridQueries } from './custom-grid-queries.js';

export interface CustomGridsProps {
  objectType: CustomGridObjectType;
  code: string;
}

type Row = Record<string, CustomGridCell>;

const linkTypes: Record<CustomGridObjectType, ObjectType> = {
  items: 'item',
  binLocations: 'binLocation',
  batches: 'batch',
  serials: 'serial',
};

/**
 * Column labels are the administrator's own text, not translation keys; DataTable translates its
 * headers, so each label is registered under a key of its own namespace (in every language).
 */
const labelNamespace = 'customGridLabels';
function labelKey(objectType: CustomGridObjectType, index: number, column: number, label: string): string {
  const key = `${objectType}_${index}_${column}`;
  for (const language of languages) {
    if (i18next.getResource(language, labelNamespace, key) !== label)
      i18next.addResource(language, labelNamespace, key, label, { silent: true });
  }
  return `${labelNamespace}:${key}`;
}

/** Dates as DD-MM-YYYY (HH:mm) like everywhere else (issue 14); other values as text. */
const plainCell = (_row: Row, value: unknown) => (typeof value === 'string' ? formatCellDate(value) : cellText(value));

function gridColumns(
  objectType: CustomGridObjectType,
  index: number,
  grid: CustomGrid,
  t: (key: string) => string,
): DataTableColumn<Row>[] {
  return grid.columns.map((column, position) => {
    const reference = column.referenceToObject;
    // A ledger's transaction type in the user's language, filtered and sorted as shown.
    return {
      id: `${position}_${column.name}`,
      header: labelKey(objectType, index, position, column.label),
      accessor: (row: Row) =>
        column.name === 'transactionType'
          ? transactionTypeText(t, cellText(row[column.name]))
          : (row[column.name] ?? null),
      numeric: grid.rows.length > 0 && grid.rows.every((row) => typeof (row[column.name] ?? 0) === 'number'),
      cell: reference
        ? (_row: Row, value: unknown) =>
            typeof value === 'string' || typeof value === 'number' ? (
              value === '' ? null : (
                <ObjectLink type={linkTypes[reference]} code={String(value)} />
              )
            ) : null
        : plainCell,
    };
  });
}

function GridTable({ objectType, index, grid }: { objectType: CustomGridObjectType; index: number; grid: CustomGrid }) {
  const { t, i18n } = useTranslation('objects');
  const columns = useMemo(
    () => gridColumns(objectType, index, grid, t),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language
    [objectType, index, grid, t, i18n.language],
  );
  return (
    <section className="mb-3" data-testid={`custom-grid-${objectType}-${index}`}>
      <h6 className="mb-2">{grid.title}</h6>
      <DataTable tableId={`customGrid.${objectType}.${index}`} columns={columns} data={grid.rows} maxHeight="40vh" />
    </section>
  );
}

/**
 * The custom grids configured for an object type, filled for one object
 * (getCustomGridForObjectInformation): each in a DataTable, cells that reference an object as
 * ObjectLinks. Renders nothing when no grid is configured.
 */
export function CustomGrids({ objectType, code }: CustomGridsProps) {
  const { t } = useTranslation('objects');
  const queryClient = useQueryClient();
  const titles = useQuery(customGridQueries.list(objectType));
  const grids = useQueries({
    queries: (titles.data ?? []).map((title) => ({
      ...customGridQueries.detail(objectType, title.index, code),
      retry: false,
    })),
  });

  const invalidate = (codes: readonly string[]) => {
    const lower = code.toLowerCase();
    if (codes.some((changed) => changed.toLowerCase() === lower))
      void queryClient.invalidateQueries({ queryKey: customGridQueries.detailsOf(objectType) });
  };
  useLiveMessage('ITEM_CHANGED', (message) => {
    if (objectType === 'items') invalidate(message.payload.codes);
  });
  useLiveMessage('BIN_LOCATION_CHANGED', (message) => {
    if (objectType === 'binLocations') invalidate(message.payload.codes);
  });

  if (!titles.data?.length) return null;
  return (
    <div data-testid="custom-grids">
      {titles.data.map((title, position) => {
        const grid = grids[position];
        if (grid?.data)
          return <GridTable key={title.index} objectType={objectType} index={title.index} grid={grid.data} />;
        if (grid?.isPending)
          return (
            <p key={title.index} className="text-body-secondary">
              {t('common:loading')}
            </p>
          );
        return null;
      })}
    </div>
  );
}
