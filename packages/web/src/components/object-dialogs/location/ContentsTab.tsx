import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../data-table/DataTable.js';
import type { DataTableColumn } from '../../data-table/data-table-columns.js';
import { ObjectLink } from '../../object-link/ObjectLink.js';
import { formatQuantity } from '../format.js';
import { useErrorText } from '../useErrorText.js';
import { contentTree, type ContentTreeRow } from './content-tree.js';
import { binLocationQueries } from './location-queries.js';

function objectCell(row: ContentTreeRow) {
  if (!row.code) return null;
  const text = row.visualCode ?? row.code;
  if (row.kind === 'item')
    return (
      <ObjectLink type="item" code={row.code}>
        {text}
      </ObjectLink>
    );
  return (
    <ObjectLink type={row.kind} code={row.code} itemCode={row.itemCode}>
      {text}
    </ObjectLink>
  );
}

const quantity = (id: keyof ContentTreeRow & `${string}Qty`, header: string): DataTableColumn<ContentTreeRow> => ({
  id,
  header,
  accessor: (row) => row[id],
  cell: (row) => formatQuantity(row[id]),
  numeric: true,
  width: 90,
});

const columns: DataTableColumn<ContentTreeRow>[] = [
  {
    id: 'object',
    header: 'objects:field.object',
    accessor: (row) => row.visualCode ?? row.code,
    cell: objectCell,
    width: 160,
  },
  { id: 'description', header: 'objects:field.description', accessor: (row) => row.description, width: 180 },
  quantity('onHandQty', 'objects:field.onHandQty'),
  quantity('freeToMoveQty', 'objects:field.freeToMoveQty'),
  quantity('releasedQty', 'objects:field.releasedQty'),
  quantity('pickQty', 'objects:field.pickQty'),
  quantity('qcPendingQty', 'objects:field.qcPendingQty'),
];

/** The location's contents (GET .../contents): items with their batches and serials as expandable rows. */
export function ContentsTab({ code }: { code: string }) {
  const { t } = useTranslation('objects');
  const errorText = useErrorText();
  const query = useQuery(binLocationQueries.contents(code));
  const tree = useMemo(() => contentTree(query.data ?? []), [query.data]);
  if (query.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (query.isError) return <Alert variant="danger">{errorText(query.error)}</Alert>;
  return (
    <DataTable
      tableId="location.contents"
      testId="location-contents"
      columns={columns}
      data={tree}
      getRowId={(row) => row.id}
      getSubRows={(row) => (row.children.length ? row.children : undefined)}
      maxHeight="55vh"
    />
  );
}
