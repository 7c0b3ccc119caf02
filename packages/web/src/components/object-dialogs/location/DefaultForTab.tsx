import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import type { DefaultItemForLocation } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../data-table/DataTable.js';
import type { DataTableColumn } from '../../data-table/data-table-columns.js';
import { ObjectLink } from '../../object-link/ObjectLink.js';
import { formatQuantity } from '../format.js';
import { useErrorText } from '../useErrorText.js';
import { binLocationQueries } from './location-queries.js';

function useColumns(): DataTableColumn<DefaultItemForLocation>[] {
  const { t } = useTranslation('objects');
  return [
    {
      id: 'item',
      header: 'objects:field.item',
      accessor: (row) => row.item.visualCode,
      cell: (row) => (
        <ObjectLink type="item" code={row.item.code}>
          {row.item.visualCode}
        </ObjectLink>
      ),
      width: 140,
    },
    { id: 'name', header: 'objects:field.name', accessor: (row) => row.item.name, width: 200 },
    {
      id: 'enforced',
      header: 'objects:field.enforced',
      accessor: (row) => row.enforced,
      cell: (row) => t(row.enforced ? 'common:yes' : 'common:no'),
      width: 90,
    },
    {
      id: 'minStock',
      header: 'objects:field.minStock',
      accessor: (row) => row.minStock,
      cell: (row) => formatQuantity(row.minStock),
      numeric: true,
      width: 90,
    },
    {
      id: 'maxStock',
      header: 'objects:field.maxStock',
      accessor: (row) => row.maxStock,
      cell: (row) => formatQuantity(row.maxStock),
      numeric: true,
      width: 90,
    },
  ];
}

/** The items that have this location as a default location (isDefaultLocationFor). */
export function DefaultForTab({ code }: { code: string }) {
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const columns = useColumns();
  const query = useQuery(binLocationQueries.defaultFor(code));
  if (query.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (query.isError) return <Alert variant="danger">{errorText(query.error)}</Alert>;
  return (
    <DataTable
      tableId="location.defaultFor"
      testId="location-default-for"
      columns={columns}
      data={query.data}
      getRowId={(row) => row.item.code}
      maxHeight="55vh"
    />
  );
}
