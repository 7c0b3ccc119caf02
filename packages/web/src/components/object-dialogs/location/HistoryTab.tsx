import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LocationHistoryRow } from '@wms/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../data-table/DataTable.js';
import type { DataTableColumn } from '../../data-table/data-table-columns.js';
import { CountHistory } from '../../count-history/CountHistory.js';
import { ObjectLink } from '../../object-link/ObjectLink.js';
import { formatDateTime, formatQuantity } from '../format.js';
import { transactionTypeText } from '../transaction-type.js';
import { useErrorText } from '../useErrorText.js';
import { binLocationQueries, historyPageSize } from './location-queries.js';

const historyColumns = (t: (key: string) => string): DataTableColumn<LocationHistoryRow>[] => [
  {
    id: 'at',
    header: 'objects:field.at',
    accessor: (row) => row.at,
    cell: (row) => formatDateTime(row.at),
    width: 140,
  },
  {
    id: 'transactionType',
    header: 'objects:field.transactionType',
    accessor: (row) => transactionTypeText(t, row.transactionType),
    width: 130,
  },
  { id: 'documentCode', header: 'objects:field.documentCode', accessor: (row) => row.documentCode, width: 120 },
  {
    id: 'item',
    header: 'objects:field.item',
    accessor: (row) => row.item,
    cell: (row) => <ObjectLink type="item" code={row.item} />,
    width: 120,
  },
  {
    id: 'batch',
    header: 'objects:field.batch',
    accessor: (row) => row.batch,
    cell: (row) => (row.batch ? <ObjectLink type="batch" code={row.batch} itemCode={row.item} /> : null),
    width: 110,
  },
  {
    id: 'serialNumber',
    header: 'objects:field.serialNumber',
    accessor: (row) => row.serialNumber,
    cell: (row) => (row.serialNumber ? <ObjectLink type="serial" code={row.serialNumber} itemCode={row.item} /> : null),
    width: 110,
  },
  {
    id: 'quantity',
    header: 'objects:field.quantity',
    accessor: (row) => row.quantity,
    cell: (row) => formatQuantity(row.quantity),
    numeric: true,
    width: 90,
  },
  { id: 'username', header: 'objects:field.username', accessor: (row) => row.username, width: 110 },
];

/** The location's history, newest first, a page at a time. */
export function HistoryTab({ code }: { code: string }) {
  const { t, i18n } = useTranslation('objects');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the texts change with the language
  const columns = useMemo(() => historyColumns(t), [t, i18n.language]);
  const errorText = useErrorText();
  const [offset, setOffset] = useState(0);
  const query = useQuery({ ...binLocationQueries.history(code, offset), placeholderData: keepPreviousData });
  if (query.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (query.isError) return <Alert variant="danger">{errorText(query.error)}</Alert>;
  const page = query.data;
  return (
    <>
      <DataTable
        tableId="location.history"
        testId="location-history"
        columns={columns}
        data={page.rows}
        getRowId={(_row, index) => String(offset + index)}
        maxHeight="50vh"
      />
      <div className="d-flex justify-content-between align-items-center mt-2">
        <Button
          variant="outline-secondary"
          disabled={offset === 0 || query.isFetching}
          onClick={() => setOffset(Math.max(0, offset - historyPageSize))}
          data-testid="history-previous"
        >
          <i className="bi bi-chevron-left" aria-hidden="true" /> {t('previous')}
        </Button>
        <small className="text-body-secondary" data-testid="history-range">
          {page.rows.length ? t('historyRange', { from: offset + 1, to: offset + page.rows.length }) : ''}
        </small>
        <Button
          variant="outline-secondary"
          disabled={!page.hasMore || query.isFetching}
          onClick={() => setOffset(offset + historyPageSize)}
          data-testid="history-next"
        >
          {t('next')} <i className="bi bi-chevron-right" aria-hidden="true" />
        </Button>
      </div>
      <CountHistory location={code} />
    </>
  );
}
