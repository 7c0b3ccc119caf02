import { useInfiniteQuery } from '@tanstack/react-query';
import type { ItemWithoutDefault, LocationWithoutDefault } from '@wms/contract';
import { useMemo } from 'react';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { configurerQueries } from './configurer-queries.js';
import { PagedList } from './PagedList.js';

const locationColumns: DataTableColumn<LocationWithoutDefault>[] = [
  {
    id: 'location',
    header: 'setup:defaults.column.location',
    accessor: (row) => row.location.visualCode,
    cell: (row) => (
      <ObjectLink type="binLocation" code={row.location.code}>
        {row.location.visualCode}
      </ObjectLink>
    ),
    width: 150,
  },
  {
    id: 'locationType',
    header: 'setup:defaults.column.locationType',
    accessor: (row) => row.location.locationType,
    width: 90,
  },
  {
    id: 'itemCount',
    header: 'setup:defaults.column.itemCount',
    accessor: (row) => row.itemCount,
    numeric: true,
    width: 80,
  },
  {
    id: 'onHand',
    header: 'setup:defaults.column.onHand',
    accessor: (row) => row.onHandQty,
    cell: (row) => formatQuantity(row.onHandQty),
    numeric: true,
    width: 100,
  },
  { id: 'items', header: 'setup:defaults.column.items', accessor: (row) => row.items.join(', '), width: 260 },
];

/** Storage locations of the warehouse that hold stock but are no item's default location. */
export function LocationsWithoutDefaultTable({ whsCode }: { whsCode: string }) {
  const query = useInfiniteQuery(configurerQueries.locationsWithoutDefault(whsCode));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  return (
    <PagedList query={query}>
      <DataTable
        tableId="configurerLocationsWithoutDefault"
        columns={locationColumns}
        data={rows}
        getRowId={(row) => row.location.code}
        testId="configurer-locations-without-default"
      />
    </PagedList>
  );
}

const itemColumns: DataTableColumn<ItemWithoutDefault>[] = [
  {
    id: 'item',
    header: 'setup:defaults.column.item',
    accessor: (row) => row.item.code,
    cell: (row) => <ObjectLink type="item" code={row.item.code} />,
    width: 150,
  },
  { id: 'name', header: 'setup:defaults.column.name', accessor: (row) => row.item.name, width: 220 },
  {
    id: 'onHand',
    header: 'setup:defaults.column.onHand',
    accessor: (row) => row.onHandQty,
    cell: (row) => `${formatQuantity(row.onHandQty)} ${row.item.units ?? ''}`.trim(),
    numeric: true,
    width: 110,
  },
  {
    id: 'locationCount',
    header: 'setup:defaults.column.locationCount',
    accessor: (row) => row.locationCount,
    numeric: true,
    width: 100,
  },
];

/** Active stock items without a default bin in the warehouse: the ones it holds first. */
export function ItemsWithoutDefaultTable({ whsCode }: { whsCode: string }) {
  const query = useInfiniteQuery(configurerQueries.itemsWithoutDefault(whsCode));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  return (
    <PagedList query={query}>
      <DataTable
        tableId="configurerItemsWithoutDefault"
        columns={itemColumns}
        data={rows}
        getRowId={(row) => row.item.code}
        testId="configurer-items-without-default"
      />
    </PagedList>
  );
}
