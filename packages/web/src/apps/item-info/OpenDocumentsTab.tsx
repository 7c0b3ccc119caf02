import { useQuery } from '@tanstack/react-query';
import { orderTypes, type Item, type ItemOpenDocument } from '@wms/contract';
import { useMemo } from 'react';
import { Badge, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { formatDate } from '../../components/object-dialogs/format.js';
import { formatNumber } from './format-number.js';
import { itemQueries } from './queries.js';

const orderTypeSet: ReadonlySet<string> = new Set(orderTypes);

/** Open documents: type, code, business partner, quantities, ship date, direction. */
export function OpenDocumentsTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('itemInfo');
  const documents = useQuery(itemQueries.openDocuments(item.code));

  const columns = useMemo<DataTableColumn<ItemOpenDocument>[]>(() => {
    const quantity = (id: 'quantity' | 'openQuantity'): DataTableColumn<ItemOpenDocument> => ({
      id,
      header: `itemInfo:openDocuments.${id}`,
      accessor: (row) => row[id],
      cell: (_row, value) => formatNumber(value as number, i18n.language),
      numeric: true,
      filterable: false,
      width: 90,
    });
    return [
      {
        id: 'type',
        header: 'itemInfo:openDocuments.type',
        accessor: (row) => t(`documentType.${row.type}`),
        width: 130,
      },
      {
        id: 'visualCode',
        header: 'itemInfo:openDocuments.visualCode',
        accessor: (row) => row.visualCode,
        cell: (row) =>
          orderTypeSet.has(row.type) ? (
            <ObjectLink type="order" code={row.code}>
              {row.visualCode}
            </ObjectLink>
          ) : (
            row.visualCode
          ),
        width: 110,
      },
      {
        id: 'businessPartner',
        header: 'itemInfo:openDocuments.businessPartner',
        accessor: (row) => row.businessPartnerName ?? row.businessPartnerCode ?? '',
        cell: (row) =>
          row.businessPartnerCode ? (
            <ObjectLink type="businessPartner" code={row.businessPartnerCode}>
              {row.businessPartnerName ?? row.businessPartnerCode}
            </ObjectLink>
          ) : (
            ''
          ),
        width: 180,
      },
      quantity('quantity'),
      quantity('openQuantity'),
      {
        id: 'shipDate',
        header: 'itemInfo:openDocuments.shipDate',
        accessor: (row) => row.shipDate ?? '',
        cell: (row) => formatDate(row.shipDate),
        width: 110,
      },
      {
        id: 'direction',
        header: 'itemInfo:openDocuments.direction',
        accessor: (row) => row.direction,
        cell: (row) => (
          <Badge bg={row.direction === 'IN' ? 'success' : 'primary'}>{t(`direction.${row.direction}`)}</Badge>
        ),
        width: 80,
      },
    ];
  }, [i18n.language, t]);

  if (documents.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  return (
    <DataTable
      tableId="itemOpenDocuments"
      columns={columns}
      data={documents.data ?? []}
      getRowId={(row) => `${row.type}:${row.code}:${row.lineNumber}`}
      initialSorting={[{ id: 'shipDate', desc: false }]}
      testId="item-open-documents"
    />
  );
}
