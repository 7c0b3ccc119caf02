import type { AddressValidation } from '@wms/contract';
import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { addressText, useReasonText } from './AddressReasons.js';

export const statusVariants: Record<AddressValidation['status'], string> = {
  VALID: 'success',
  INVALID: 'danger',
  OVERRIDDEN: 'warning',
};

/** The records: order, customer, address, reasons (translated), status; a row's button opens it. */
export function AddressTable({ rows, onOpen }: { rows: readonly AddressValidation[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('addressValidation');
  const reasonText = useReasonText();
  const columns = useMemo(
    (): DataTableColumn<AddressValidation>[] => [
      {
        id: 'order',
        header: 'addressValidation:column.order',
        accessor: (row) => row.documentCode,
        width: 140,
        cell: (row) => (
          <Button variant="link" className="p-0" onClick={() => onOpen(row.id)} data-testid={`address-open-${row.id}`}>
            {row.documentCode}
          </Button>
        ),
      },
      {
        id: 'customer',
        header: 'addressValidation:column.customer',
        accessor: (row) => [row.customer, row.customerName].filter(Boolean).join(' ') || null,
        width: 180,
      },
      {
        id: 'address',
        header: 'addressValidation:column.address',
        accessor: (row) => addressText(row.address),
        width: 280,
      },
      {
        id: 'reasons',
        header: 'addressValidation:column.reasons',
        accessor: (row) => row.reasons.map(reasonText).join('; '),
        width: 280,
      },
      {
        id: 'status',
        header: 'addressValidation:column.status',
        accessor: (row) => t(`status.${row.status}`),
        width: 110,
        cell: (row) => <Badge bg={statusVariants[row.status]}>{t(`status.${row.status}`)}</Badge>,
      },
    ],
    [onOpen, reasonText, t],
  );
  return (
    <DataTable
      tableId="addressValidation"
      columns={columns}
      data={rows}
      getRowId={(row) => String(row.id)}
      filter={false}
      testId="address-table"
    />
  );
}
