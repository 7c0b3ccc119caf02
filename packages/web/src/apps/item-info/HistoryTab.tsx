import { useInfiniteQuery } from '@tanstack/react-query';
import { orderTypes, type Item, type ItemHistoryRow } from '@wms/contract';
import { useMemo } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CountHistory } from '../../components/count-history/CountHistory.js';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { transactionTypeText } from '../../components/object-dialogs/transaction-type.js';
import { formatNumber } from './format-number.js';
import { itemQueries } from './queries.js';

const orderTypeSet: ReadonlySet<string> = new Set(orderTypes);

/** History: the item's ledger, newest first, a page at a time ("load more"). */
export function HistoryTab({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('itemInfo');
  const history = useInfiniteQuery(itemQueries.history(item.code));
  const rows = useMemo(() => history.data?.pages.flatMap((page) => page.rows) ?? [], [history.data]);

  const columns = useMemo<DataTableColumn<ItemHistoryRow>[]>(
    () => [
      {
        id: 'transactionType',
        header: 'itemInfo:history.transactionType',
        accessor: (row) => transactionTypeText(t, row.transactionType),
        width: 140,
      },
      {
        id: 'documentCode',
        header: 'itemInfo:history.documentCode',
        accessor: (row) => row.documentCode ?? '',
        cell: (row) =>
          row.documentCode && row.documentType && orderTypeSet.has(row.documentType) ? (
            <ObjectLink type="order" code={row.documentCode} />
          ) : (
            (row.documentCode ?? '')
          ),
        width: 110,
      },
      { id: 'at', header: 'itemInfo:history.at', accessor: (row) => row.at, cell: (row) => formatDateTime(row.at) },
      { id: 'username', header: 'itemInfo:history.username', accessor: (row) => row.username ?? '', width: 100 },
      {
        id: 'quantity',
        header: 'itemInfo:history.quantity',
        accessor: (row) => row.quantity,
        cell: (row) => formatNumber(row.quantity, i18n.language),
        numeric: true,
        filterable: false,
        width: 90,
      },
      {
        id: 'batch',
        header: 'itemInfo:history.batch',
        accessor: (row) => row.batch ?? '',
        cell: (row) => (row.batch ? <ObjectLink type="batch" code={row.batch} itemCode={item.code} /> : ''),
        width: 110,
      },
      {
        id: 'serial',
        header: 'itemInfo:history.serial',
        accessor: (row) => row.serialNumber ?? '',
        cell: (row) =>
          row.serialNumber ? <ObjectLink type="serial" code={row.serialNumber} itemCode={item.code} /> : '',
        width: 110,
      },
      {
        id: 'bin',
        header: 'itemInfo:history.bin',
        accessor: (row) => row.bin,
        cell: (row) => <ObjectLink type="binLocation" code={row.bin} />,
        width: 120,
      },
    ],
    [i18n.language, item.code, t],
  );

  if (history.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  return (
    <>
      <DataTable
        tableId="itemHistory"
        columns={columns}
        data={rows}
        getRowId={(_row, index) => String(index)}
        testId="item-history"
      />
      {history.hasNextPage && (
        <div className="d-grid d-sm-block mt-2">
          <Button
            variant="outline-primary"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
            data-testid="history-load-more"
          >
            {history.isFetchingNextPage && <Spinner size="sm" className="me-2" />}
            {t('history.loadMore')}
          </Button>
        </div>
      )}
      <CountHistory item={item.code} />
    </>
  );
}
