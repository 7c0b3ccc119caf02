import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserTaskOverviewRow } from '@wms/contract';
import { useMemo, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { userTaskQueries } from './queries.js';
import { formatMinutes } from './task-form.js';
import { NewTaskFlow } from './NewTaskFlow.js';
import { TaskEditModal } from './TaskEditModal.js';
import { userTasksApi } from './user-tasks-api.js';

/** The task overview: id, created at, finished at, users, title, time, edit and delete. */
export function TaskOverviewTable() {
  const { t } = useTranslation(['userTasks', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const rows = useQuery(userTaskQueries.overview());
  const [deleting, setDeleting] = useState<UserTaskOverviewRow | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => userTasksApi.remove(id),
    onSettled: () => queryClient.invalidateQueries(userTaskQueries.all()),
  });
  const columns = useMemo<DataTableColumn<UserTaskOverviewRow>[]>(
    () => [
      { id: 'id', header: 'userTasks:column.id', accessor: (row) => row.id, numeric: true, width: 70 },
      {
        id: 'createdAt',
        header: 'userTasks:column.createdAt',
        accessor: (row) => row.createdAt,
        cell: (row) => formatDateTime(row.createdAt),
        width: 150,
      },
      {
        id: 'finishedAt',
        header: 'userTasks:column.finishedAt',
        accessor: (row) => row.finishedAt ?? '',
        cell: (row) => formatDateTime(row.finishedAt),
        width: 150,
      },
      { id: 'users', header: 'userTasks:column.users', accessor: (row) => row.users.join(', '), width: 180 },
      { id: 'title', header: 'userTasks:column.title', accessor: (row) => row.title, width: 260 },
      {
        id: 'time',
        header: 'userTasks:column.time',
        accessor: (row) => row.minutesWorked,
        cell: (row) => formatMinutes(row.minutesWorked),
        numeric: true,
        width: 80,
      },
      {
        id: 'actions',
        header: 'userTasks:column.actions',
        accessor: () => '',
        sortable: false,
        filterable: false,
        width: 110,
        cell: (row) => (
          <span className="d-flex gap-1">
            <Button
              variant="link"
              className="p-1"
              aria-label={t('common:edit')}
              onClick={() => setEditing(row.id)}
              data-testid={`overview-edit-${row.id}`}
            >
              <i className="bi bi-pencil" aria-hidden="true" />
            </Button>
            <Button
              variant="link"
              className="p-1 text-danger"
              aria-label={t('common:delete')}
              onClick={() => setDeleting(row)}
              data-testid={`overview-delete-${row.id}`}
            >
              <i className="bi bi-trash" aria-hidden="true" />
            </Button>
          </span>
        ),
      },
    ],
    [t],
  );
  if (rows.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (rows.isError) return <Alert variant="danger">{errorText(rows.error)}</Alert>;
  return (
    <>
      <div className="mb-2">
        <Button size="lg" onClick={() => setCreating(true)} data-testid="overview-new-task">
          <i className="bi bi-plus-lg" aria-hidden="true" /> {t('newTask')}
        </Button>
      </div>
      <DataTable
        tableId="userTaskOverview"
        columns={columns}
        data={rows.data}
        getRowId={(row) => String(row.id)}
        initialSorting={[{ id: 'id', desc: true }]}
        testId="task-overview"
      />
      <ConfirmDialog
        show={deleting !== null}
        message={t('confirmDeleteTask', { title: deleting?.title ?? '' })}
        confirmLabel={t('common:delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
      {creating && <NewTaskFlow onClose={() => setCreating(false)} />}
      {editing !== null && <TaskEditModal taskId={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
