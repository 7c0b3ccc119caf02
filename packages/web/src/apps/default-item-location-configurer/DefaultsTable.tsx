import { useInfiniteQuery } from '@tanstack/react-query';
import type { WarehouseDefaultLocation } from '@wms/contract';
import { useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { configurerQueries } from './configurer-queries.js';
import { LevelInput } from './LevelInput.js';
import { PagedList } from './PagedList.js';
import { useDefaultLocationEdit } from './useDefaultLocationEdit.js';

/** The warehouse's default item locations, with enforced, minimum and maximum stock edited in the row. */
export function DefaultsTable({ whsCode }: { whsCode: string }) {
  const { t } = useTranslation('setup');
  const query = useInfiniteQuery(configurerQueries.defaults(whsCode));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  const { save, saving } = useDefaultLocationEdit(whsCode);

  const columns = useMemo<DataTableColumn<WarehouseDefaultLocation>[]>(() => {
    const level = (id: 'minStock' | 'maxStock'): DataTableColumn<WarehouseDefaultLocation> => ({
      id,
      header: `setup:defaults.column.${id}`,
      accessor: (row) => row[id],
      cell: (row) => (
        <LevelInput
          value={row[id]}
          label={t('defaults.editLevel', { level: t(`defaults.column.${id}`), item: row.item.code })}
          disabled={saving === row.item.code}
          onSave={(value) => void save(row, { [id]: value })}
          testId={`default-${id}-${row.item.code}`}
        />
      ),
      numeric: true,
      filterable: false,
      width: 110,
    });
    return [
      {
        id: 'item',
        header: 'setup:defaults.column.item',
        accessor: (row) => row.item.code,
        cell: (row) => <ObjectLink type="item" code={row.item.code} />,
        width: 140,
      },
      { id: 'name', header: 'setup:defaults.column.name', accessor: (row) => row.item.name, width: 200 },
      {
        id: 'location',
        header: 'setup:defaults.column.location',
        accessor: (row) => row.binLocation.visualCode,
        cell: (row) => (
          <ObjectLink type="binLocation" code={row.binLocation.code}>
            {row.binLocation.visualCode}
          </ObjectLink>
        ),
        width: 140,
      },
      {
        id: 'enforced',
        header: 'setup:defaults.column.enforced',
        accessor: (row) => row.enforced,
        cell: (row) => (
          <Form.Check
            type="switch"
            checked={row.enforced}
            disabled={saving === row.item.code}
            aria-label={t('defaults.toggleEnforced', { item: row.item.code })}
            onChange={(event) => void save(row, { enforced: event.target.checked })}
            data-testid={`default-enforced-${row.item.code}`}
          />
        ),
        filterable: false,
        width: 100,
      },
      level('minStock'),
      level('maxStock'),
      {
        id: 'onHand',
        header: 'setup:defaults.column.onHand',
        accessor: (row) => row.onHandQty,
        cell: (row) => `${formatQuantity(row.onHandQty)} ${row.item.units ?? ''}`.trim(),
        numeric: true,
        filterable: false,
        width: 110,
      },
    ];
  }, [save, saving, t]);

  return (
    <PagedList query={query}>
      <DataTable
        tableId="configurerDefaults"
        columns={columns}
        data={rows}
        getRowId={(row) => row.item.code}
        layout="table"
        testId="configurer-defaults"
      />
    </PagedList>
  );
}
