import type { PickListSummary } from '@wms/contract';
import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { formatDate } from '../../components/object-dialogs/format.js';
import { mergeable, type PicklistPermissions, type RowAction } from './picklist-permissions.js';
import { PicklistLines } from './PicklistLines.js';
import { PicklistRowMenu } from './PicklistRowMenu.js';

interface PicklistTableProps {
  lists: readonly PickListSummary[];
  permissions: PicklistPermissions;
  selected: ReadonlySet<string>;
  onToggle: (code: string) => void;
  onAction: (action: RowAction, list: PickListSummary) => void;
}

const statusVariants: Record<PickListSummary['status'], string> = {
  RELEASED: 'primary',
  PARTLY_PICKED: 'warning',
  PICKED: 'success',
  CLOSED: 'secondary',
  UNKNOWN: 'dark',
};

/**
 * The overview table: status, priority, customer, ship date, lines picked/total, claimant, packed,
 * containers and each list's action menu; a row expands into its lines. The generator selects
 * lists to merge (RELEASED and unclaimed ones; the server checks the rest).
 */
export function PicklistTable({ lists, permissions, selected, onToggle, onAction }: PicklistTableProps) {
  const { t } = useTranslation('picklists');
  const columns = useMemo((): DataTableColumn<PickListSummary>[] => {
    const all: (DataTableColumn<PickListSummary> | null)[] = [
      permissions.generate
        ? {
            id: 'select',
            header: 'picklists:column.select',
            accessor: (list) => selected.has(list.code),
            sortable: false,
            filterable: false,
            width: 44,
            cell: (list) => (
              <Form.Check
                className="m-0"
                aria-label={t('column.selectList', { code: list.code })}
                checked={selected.has(list.code)}
                disabled={!mergeable(list) && !selected.has(list.code)}
                onChange={() => onToggle(list.code)}
                data-testid={`picklist-select-${list.code}`}
              />
            ),
          }
        : null,
      { id: 'code', header: 'picklists:column.code', accessor: (list) => list.code, width: 120 },
      {
        id: 'status',
        header: 'picklists:column.status',
        accessor: (list) => t(`status.${list.status}`),
        width: 120,
        cell: (list) => <Badge bg={statusVariants[list.status]}>{t(`status.${list.status}`)}</Badge>,
      },
      {
        id: 'priority',
        header: 'picklists:column.priority',
        accessor: (list) => list.priority,
        numeric: true,
        width: 80,
      },
      { id: 'warehouse', header: 'picklists:column.warehouse', accessor: (list) => list.warehouse, width: 90 },
      {
        id: 'customer',
        header: 'picklists:column.customer',
        accessor: (list) => (list.customer ? `${list.customer.code} ${list.customer.name}` : null),
        width: 180,
      },
      {
        id: 'shipDate',
        header: 'picklists:column.shipDate',
        accessor: (list) => list.shipDate,
        cell: (list) => formatDate(list.shipDate),
        width: 100,
      },
      { id: 'route', header: 'picklists:column.route', accessor: (list) => list.route, width: 90 },
      {
        id: 'lines',
        header: 'picklists:column.lines',
        accessor: (list) => `${list.linesPicked}/${list.linesTotal}`,
        numeric: true,
        width: 80,
      },
      { id: 'claimedBy', header: 'picklists:column.claimedBy', accessor: (list) => list.claimedBy, width: 110 },
      {
        id: 'packed',
        header: 'picklists:column.packed',
        accessor: (list) => (list.packed ? t('packed') : ''),
        cell: (list) =>
          list.packed ? <i className="bi bi-box-seam" title={t('packed')} aria-label={t('packed')} /> : null,
        width: 70,
      },
      {
        id: 'containers',
        header: 'picklists:column.containers',
        accessor: (list) => list.containers,
        numeric: true,
        width: 90,
      },
      {
        id: 'actions',
        header: 'picklists:column.actions',
        accessor: () => '',
        sortable: false,
        filterable: false,
        width: 110,
        cell: (list) => <PicklistRowMenu list={list} permissions={permissions} onAction={onAction} />,
      },
    ];
    return all.filter((column): column is DataTableColumn<PickListSummary> => column !== null);
  }, [permissions, selected, onToggle, onAction, t]);

  return (
    <DataTable
      tableId="picklists"
      columns={columns}
      data={lists}
      getRowId={(list) => list.code}
      renderExpanded={(list) => <PicklistLines code={list.code} />}
      filter={false}
      testId="picklist-table"
    />
  );
}
