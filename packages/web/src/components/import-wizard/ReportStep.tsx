import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { importRowStatuses, type ImportColumn, type ImportRowStatus, type ImportSession } from '@wms/contract';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../data-table/DataTable.js';
import { importApi, importQueries, reportPageSize } from './import-api.js';
import { ImportErrorAlert, toImportFailure } from './ImportErrorAlert.js';
import { rowStatusVariant, useReportColumns } from './report-columns.js';

interface ReportStepProps {
  columns: readonly ImportColumn[];
  session: ImportSession;
  onUploadAgain: () => void;
  onContinue: () => void;
}

/**
 * Step 4: the dry run's report. The counts, the rows page by page (filtered by status on the
 * server) with their messages, and the XLSX report to fix the file with.
 */
export function ReportStep({ columns, session, onUploadAgain, onContinue }: ReportStepProps) {
  const { t } = useTranslation('importers');
  const [status, setStatus] = useState<ImportRowStatus | undefined>(() =>
    session.counts && session.counts.error > 0 ? 'ERROR' : undefined,
  );
  const [offset, setOffset] = useState(0);
  const rows = useQuery({
    ...importQueries.rows(session.kind, session.id, status, offset),
    placeholderData: keepPreviousData,
  });
  const mapped = columns.filter((column) => (session.mapping[column.name] ?? null) !== null);
  const reportColumns = useReportColumns(mapped);
  const counts = session.counts ?? { valid: 0, warning: 0, error: 0 };
  const total = rows.data?.total ?? 0;
  const page = rows.data?.rows ?? [];

  return (
    <div className="d-flex flex-column gap-3" data-testid="import-report">
      <div className="d-flex flex-wrap gap-2 align-items-center" data-testid="import-counts">
        {(['valid', 'warning', 'error'] as const).map((name) => (
          <Badge key={name} bg={rowStatusVariant[name.toUpperCase() as ImportRowStatus]} className="fs-6">
            <span data-testid={`import-count-${name}`}>{t(`report.count.${name}`, { count: counts[name] })}</span>
          </Badge>
        ))}
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId={`import-report-status-${session.id}`}>
          <Form.Label className="small mb-1">{t('report.filter')}</Form.Label>
          <Form.Select
            size="sm"
            value={status ?? ''}
            onChange={(event) => {
              setStatus(event.target.value === '' ? undefined : (event.target.value as ImportRowStatus));
              setOffset(0);
            }}
            data-testid="import-report-status"
          >
            <option value="">{t('report.allRows')}</option>
            {importRowStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`rowStatus.${value}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <a
          className="btn btn-outline-secondary btn-sm ms-sm-auto"
          href={importApi.reportUrl(session.kind, session.id)}
          download
          data-testid="import-report-download"
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('report.download')}
        </a>
      </div>
      {rows.isError ? <ImportErrorAlert failure={toImportFailure(rows.error)} /> : null}
      {rows.isPending ? (
        <Spinner size="sm" role="status" aria-label={t('common:loading')} />
      ) : (
        <DataTable
          tableId={`import-report-${session.kind}`}
          columns={reportColumns}
          data={page}
          getRowId={(row) => String(row.rowNumber)}
          maxHeight="55vh"
          testId="import-report-rows"
        />
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - reportPageSize))}
          aria-label={t('report.previous')}
        >
          <i className="bi bi-chevron-left" aria-hidden="true" />
        </Button>
        <span className="small" data-testid="import-report-page">
          {t('report.page', { from: total === 0 ? 0 : offset + 1, to: offset + page.length, total })}
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={offset + reportPageSize >= total}
          onClick={() => setOffset(offset + reportPageSize)}
          aria-label={t('report.next')}
        >
          <i className="bi bi-chevron-right" aria-hidden="true" />
        </Button>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onUploadAgain} data-testid="import-upload-again">
          {t('report.uploadAgain')}
        </Button>
        <Button onClick={onContinue} disabled={session.status !== 'VALIDATED'} data-testid="import-to-commit">
          {t('report.toCommit')}
        </Button>
      </div>
    </div>
  );
}
