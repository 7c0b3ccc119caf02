import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlannedReceiptSummary } from '@wms/contract';
import { useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { formatDate, formatQuantity } from '../../components/object-dialogs/format.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { ObjectLink } from '../../components/object-link/ObjectLink.js';
import { notify } from '../../platform/notifications.js';
import { useSession } from '../../platform/session.js';
import { plannedReceiptApi, plannedReceiptQueries, plannedReceiptsKey } from './planned-receipts-api.js';

/**
 * The DRAFT planned receipts, newest first. A purchaser releases one (goods receipt sees it from
 * then on) or deletes it; each sends the version it shows, so a draft changed meanwhile is
 * refused (412) and the list is read again.
 */
export function PlannedReceiptDrafts() {
  const { t } = useTranslation('importers');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const canRelease = useSession().hasRole('purchasing');
  const drafts = useQuery(plannedReceiptQueries.drafts());
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PlannedReceiptSummary | null>(null);

  const act = async (receipt: PlannedReceiptSummary, action: 'release' | 'remove') => {
    setBusy(receipt.code);
    setFailure(null);
    try {
      if (action === 'release') {
        await plannedReceiptApi.release(receipt.code, receipt.version);
        notify('success', 'importers:drafts.released', { code: receipt.visualCode });
      } else {
        await plannedReceiptApi.remove(receipt.code, receipt.version);
        notify('success', 'importers:drafts.deleted', { code: receipt.visualCode });
      }
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: plannedReceiptsKey() });
    }
  };

  const actRef = useRef(act);
  actRef.current = act;

  const columns = useMemo(
    (): DataTableColumn<PlannedReceiptSummary>[] => [
      { id: 'code', header: 'importers:drafts.code', accessor: (row) => row.visualCode, width: 140 },
      {
        id: 'supplier',
        header: 'importers:drafts.supplier',
        accessor: (row) => [row.supplierCode, row.supplierName].filter(Boolean).join(' '),
        cell: (row) =>
          row.supplierCode ? (
            <>
              <ObjectLink type="businessPartner" code={row.supplierCode} /> {row.supplierName ?? ''}
            </>
          ) : null,
        width: 200,
      },
      { id: 'warehouse', header: 'importers:drafts.warehouse', accessor: (row) => row.warehouseCode ?? '', width: 100 },
      {
        id: 'dueDate',
        header: 'importers:drafts.dueDate',
        accessor: (row) => row.dueDate ?? '',
        cell: (row) => formatDate(row.dueDate),
        width: 110,
      },
      { id: 'lines', header: 'importers:drafts.lines', accessor: (row) => row.lineCount, numeric: true, width: 70 },
      {
        id: 'quantity',
        header: 'importers:drafts.quantity',
        accessor: (row) => row.totalQuantity,
        cell: (row) => formatQuantity(row.totalQuantity),
        numeric: true,
        width: 90,
      },
      {
        id: 'actions',
        header: 'importers:drafts.actions',
        accessor: () => '',
        sortable: false,
        filterable: false,
        width: 190,
        cell: (row) =>
          canRelease ? (
            <span className="d-inline-flex gap-1">
              <Button
                size="sm"
                disabled={busy !== null}
                onClick={() => void actRef.current(row, 'release')}
                data-testid={`planned-receipt-release-${row.code}`}
              >
                {t('drafts.release')}
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                disabled={busy !== null}
                onClick={() => setDeleting(row)}
                data-testid={`planned-receipt-delete-${row.code}`}
              >
                {t('drafts.delete')}
              </Button>
            </span>
          ) : null,
      },
    ],
    [busy, canRelease, t],
  );

  if (drafts.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (drafts.isError) return <Alert variant="danger">{errorText(drafts.error)}</Alert>;
  const { receipts, truncated } = drafts.data;
  return (
    <div className="d-flex flex-column gap-2" data-testid="planned-receipt-drafts">
      {failure ? (
        <Alert variant="danger" dismissible onClose={() => setFailure(null)} data-testid="planned-receipt-error">
          {failure}
        </Alert>
      ) : null}
      {canRelease ? null : <p className="small text-body-secondary mb-0">{t('drafts.readOnly')}</p>}
      {truncated ? <Alert variant="info">{t('drafts.truncated', { count: receipts.length })}</Alert> : null}
      {receipts.length === 0 ? (
        <p className="text-body-secondary">{t('drafts.empty')}</p>
      ) : (
        <DataTable tableId="planned-receipt-drafts" columns={columns} data={receipts} getRowId={(row) => row.code} />
      )}
      <ConfirmDialog
        show={deleting !== null}
        message={deleting ? t('drafts.confirmDelete', { code: deleting.visualCode }) : ''}
        confirmLabel={t('drafts.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const receipt = deleting!;
          setDeleting(null);
          void act(receipt, 'remove');
        }}
      />
    </div>
  );
}
