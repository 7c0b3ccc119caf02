import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserTask, WorkedTimeEntry } from '@wms/contract';
import { useState } from 'react';
import { Alert, Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { formatDateTime } from '../../components/object-dialogs/format.js';
import { ModalLayer, layerProps, useNextModalLayer } from '../../components/object-dialogs/modal-layer.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { useSession } from '../../platform/session.js';
import { FinishWorkModal } from './FinishWorkModal.js';
import { userTaskQueries } from './queries.js';
import { userTasksApi } from './user-tasks-api.js';
import { WorkedTimeEditModal, type WorkedTimeValues } from './WorkedTimeEditModal.js';

interface WorkedTimesDialogProps {
  task: UserTask;
  userId: number;
  onClose: () => void;
}

type Editing = { kind: 'new' } | { kind: 'edit'; entry: WorkedTimeEntry } | null;

/**
 * The worked-times dialog of a task: the entries (user name column
 * unless all are mine), New (manual entry), Start or Finish (Finish asks what work was done),
 * edit and delete (after confirmation) of the user's own entries (a task manager's: anyone's).
 */
export function WorkedTimesDialog({ task, userId, onClose }: WorkedTimesDialogProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const errorText = useErrorText();
  const layer = useNextModalLayer();
  const queryClient = useQueryClient();
  const manager = useSession().hasRole('userTaskManager');
  const entries = useQuery(userTaskQueries.workedTimes(task.id));
  const [editing, setEditing] = useState<Editing>(null);
  const [finishing, setFinishing] = useState(false);
  const [deleting, setDeleting] = useState<WorkedTimeEntry | null>(null);
  const refresh = () => queryClient.invalidateQueries(userTaskQueries.all());
  const onSettled = () => refresh();

  const start = useMutation({ mutationFn: () => userTasksApi.startWork(task.id), onSettled });
  const finish = useMutation({
    mutationFn: (message: string) => userTasksApi.finishWork(task.id, message),
    onSuccess: () => setFinishing(false),
    onSettled,
  });
  const save = useMutation({
    mutationFn: (values: WorkedTimeValues) =>
      editing?.kind === 'edit'
        ? userTasksApi.updateWork(task.id, editing.entry.id, { version: editing.entry.version, ...values })
        : userTasksApi.addWork(task.id, values),
    onSuccess: () => setEditing(null),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (entry: WorkedTimeEntry) => userTasksApi.removeWork(task.id, entry.id),
    onSettled,
  });

  const list = entries.data ?? [];
  const running = list.some((entry) => entry.userId === userId && entry.finished === null);
  const onlyMine = list.every((entry) => entry.userId === userId);
  return (
    <Modal
      show
      onHide={onClose}
      size="lg"
      fullscreen="sm-down"
      {...layerProps(layer)}
      data-testid="worked-times-dialog"
    >
      <Modal.Header closeButton>
        <Modal.Title className="h5 text-truncate">{t('workedTimesOf', { title: task.title })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {entries.isPending && <Spinner role="status" aria-label={t('common:loading')} />}
        {entries.isError && <Alert variant="danger">{errorText(entries.error)}</Alert>}
        {entries.isSuccess && list.length === 0 && <p className="text-body-secondary">{t('noWorkedTimes')}</p>}
        {list.length > 0 && (
          <Table responsive size="sm" className="align-middle" data-testid="worked-times-table">
            <thead>
              <tr>
                {!onlyMine && <th>{t('user')}</th>}
                <th>{t('message')}</th>
                <th>{t('started')}</th>
                <th>{t('stopped')}</th>
                <th className="text-end">{t('minutes')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((entry) => (
                <tr key={entry.id} data-testid={`worked-time-${entry.id}`}>
                  {!onlyMine && <td>{entry.username}</td>}
                  <td className="text-break" data-testid="worked-time-message-cell">
                    {entry.message}
                  </td>
                  <td className="text-nowrap">{formatDateTime(entry.started)}</td>
                  <td className="text-nowrap">
                    {entry.finished ? (
                      formatDateTime(entry.finished)
                    ) : (
                      <i className="bi bi-stopwatch text-success" title={t('timerRunning')} />
                    )}
                  </td>
                  <td className="text-end" data-testid="worked-time-minutes">
                    {entry.minutes ?? ''}
                  </td>
                  <td className="text-nowrap text-end">
                    {(manager || entry.userId === userId) && (
                      <>
                        <Button
                          variant="link"
                          size="lg"
                          className="p-1"
                          aria-label={t('common:edit')}
                          onClick={() => setEditing({ kind: 'edit', entry })}
                          data-testid="worked-time-edit"
                        >
                          <i className="bi bi-pencil" aria-hidden="true" />
                        </Button>
                        <Button
                          variant="link"
                          size="lg"
                          className="p-1 text-danger"
                          aria-label={t('common:delete')}
                          onClick={() => setDeleting(entry)}
                          data-testid="worked-time-delete"
                        >
                          <i className="bi bi-trash" aria-hidden="true" />
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Button
          variant="outline-primary"
          size="lg"
          onClick={() => setEditing({ kind: 'new' })}
          data-testid="worked-time-new"
        >
          <i className="bi bi-plus-lg" aria-hidden="true" /> {t('newEntry')}
        </Button>
        {running ? (
          <Button variant="danger" size="lg" onClick={() => setFinishing(true)} data-testid="worked-time-finish">
            <i className="bi bi-stop-circle" aria-hidden="true" /> {t('finishWork')}
          </Button>
        ) : (
          <Button
            variant="success"
            size="lg"
            disabled={start.isPending || task.finishedAt !== null}
            onClick={() => start.mutate()}
            data-testid="worked-time-start"
          >
            <i className="bi bi-play-circle" aria-hidden="true" /> {t('startWork')}
          </Button>
        )}
      </Modal.Footer>
      <ModalLayer layer={layer}>
        {finishing && (
          <FinishWorkModal
            pending={finish.isPending}
            onFinish={(message) => finish.mutate(message)}
            onCancel={() => setFinishing(false)}
          />
        )}
        {editing && (
          <WorkedTimeEditModal
            entry={editing.kind === 'edit' ? editing.entry : null}
            pending={save.isPending}
            onSave={(values) => save.mutate(values)}
            onCancel={() => setEditing(null)}
          />
        )}
        <ConfirmDialog
          show={deleting !== null}
          message={t('confirmDeleteWorkedTime')}
          confirmLabel={t('common:delete')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) remove.mutate(deleting);
            setDeleting(null);
          }}
        />
      </ModalLayer>
    </Modal>
  );
}
