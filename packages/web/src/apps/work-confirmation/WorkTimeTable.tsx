import type { WorkTimeEntry } from '@wms/contract';
import { useMemo, useState } from 'react';
import { Button, Form, OverlayTrigger, Tooltip } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { formatDateTime, formatQuantity } from '../../components/object-dialogs/format.js';
import { entryMinutes } from './work-time-form.js';
import type { WorkTimeScope } from '../../components/time-measurements/time-measurement-queries.js';

interface Props {
  scope: WorkTimeScope;
  entries: readonly WorkTimeEntry[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onEdit: (entry: WorkTimeEntry) => void;
  onStop: (entry: WorkTimeEntry) => void;
  busy: boolean;
}

type Status = 'flushed' | 'failed' | 'running' | 'open';
const statusOf = (entry: WorkTimeEntry): Status =>
  entry.flushed ? 'flushed' : entry.flushError ? 'failed' : entry.endTime === null ? 'running' : 'open';
const statusIcons: Record<Status, string> = {
  flushed: 'bi-check-circle-fill text-success',
  failed: 'bi-exclamation-triangle-fill text-danger',
  running: 'bi-stopwatch text-primary',
  open: 'bi-circle text-body-secondary',
};

/**
 * The work confirmation table: the user's entries, or everyone's with
 * a user column. A row whose last flush failed is red, its status icon showing the error as a
 * tooltip (on hover, focus or tap). Unflushed rows can be selected for Flush and edited.
 */
export function WorkTimeTable({ scope, entries, selected, onToggle, onEdit, onStop, busy }: Props) {
  const { t } = useTranslation('production');
  // Which row's flush error is open: kept here, so a refresh (a live update) that re-renders the
  // rows does not close the message the user just tapped open.
  const [openError, setOpenError] = useState<number | null>(null);
  const columns = useMemo((): DataTableColumn<WorkTimeEntry>[] => {
    const all: (DataTableColumn<WorkTimeEntry> | null)[] = [
      {
        id: 'select',
        header: 'production:column.select',
        accessor: (entry) => selected.has(entry.id),
        sortable: false,
        filterable: false,
        width: 48,
        cell: (entry) => (
          <Form.Check
            className="fs-5 m-0"
            aria-label={t('column.select')}
            checked={selected.has(entry.id)}
            disabled={entry.flushed}
            onChange={() => onToggle(entry.id)}
            data-testid="work-time-select"
          />
        ),
      },
      {
        id: 'status',
        header: 'production:column.status',
        accessor: (entry) => t(`state.${statusOf(entry)}`),
        width: 60,
        cell: (entry) => {
          const status = statusOf(entry);
          const icon = <i className={`bi ${statusIcons[status]} fs-5`} aria-hidden="true" />;
          if (!entry.flushError) return <span title={t(`state.${status}`)}>{icon}</span>;
          const message = t(`errors:${entry.flushError.key}`, entry.flushError.args);
          return (
            <OverlayTrigger
              trigger={['hover', 'focus', 'click']}
              show={openError === entry.id}
              onToggle={(show) => setOpenError(show ? entry.id : null)}
              overlay={<Tooltip data-testid="flush-error-tooltip">{message}</Tooltip>}
            >
              <button
                type="button"
                className="btn btn-link p-0 work-time-failed"
                aria-label={message}
                data-testid="flush-error"
              >
                {icon}
              </button>
            </OverlayTrigger>
          );
        },
      },
      scope === 'all'
        ? { id: 'user', header: 'production:column.user', accessor: (entry) => entry.user, width: 110 }
        : null,
      {
        id: 'workOrder',
        header: 'production:column.workOrder',
        accessor: (entry) => entry.workOrderVisualCode,
        width: 120,
      },
      {
        id: 'step',
        header: 'production:column.step',
        accessor: (entry) => `${entry.stepNumber} ${entry.workOrderStep}`,
        width: 120,
      },
      { id: 'workCenter', header: 'production:column.workCenter', accessor: (entry) => entry.workCenter, width: 100 },
      {
        id: 'type',
        header: 'production:column.type',
        accessor: (entry) => t(`type.${entry.workTimeType}`),
        width: 90,
      },
      {
        id: 'produced',
        header: 'production:column.produced',
        accessor: (entry) => entry.produced,
        cell: (entry) => formatQuantity(entry.produced),
        numeric: true,
        width: 90,
      },
      {
        id: 'scrap',
        header: 'production:column.scrap',
        accessor: (entry) => entry.scrap,
        cell: (entry) => formatQuantity(entry.scrap),
        numeric: true,
        width: 80,
      },
      {
        id: 'start',
        header: 'production:column.start',
        accessor: (entry) => entry.startTime,
        cell: (entry) => formatDateTime(entry.startTime),
        width: 140,
      },
      {
        id: 'end',
        header: 'production:column.end',
        accessor: (entry) => entry.endTime,
        cell: (entry) => formatDateTime(entry.endTime),
        width: 140,
      },
      {
        id: 'minutes',
        header: 'production:column.minutes',
        accessor: (entry) => entryMinutes(entry, Date.now()),
        numeric: true,
        width: 80,
      },
      { id: 'licensePlate', header: 'production:column.licensePlate', accessor: (e) => e.licensePlate, width: 110 },
      {
        id: 'actions',
        header: 'production:column.actions',
        accessor: () => '',
        sortable: false,
        filterable: false,
        width: 130,
        cell: (entry) =>
          entry.flushed ? null : (
            <span className="d-inline-flex gap-1">
              <Button size="sm" variant="outline-primary" onClick={() => onEdit(entry)} data-testid="work-time-edit">
                <i className="bi bi-pencil" aria-hidden="true" /> {t('edit')}
              </Button>
              {entry.endTime === null ? (
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  onClick={() => onStop(entry)}
                  data-testid="work-time-row-stop"
                >
                  {t('stop')}
                </Button>
              ) : null}
            </span>
          ),
      },
    ];
    return all.filter((column): column is DataTableColumn<WorkTimeEntry> => column !== null);
  }, [scope, selected, onToggle, onEdit, onStop, busy, t, openError]);

  return (
    <DataTable
      tableId={`work-times-${scope}`}
      columns={columns}
      data={entries}
      getRowId={(entry) => String(entry.id)}
      initialSorting={[{ id: 'start', desc: true }]}
      testId="work-time-table"
    />
  );
}
