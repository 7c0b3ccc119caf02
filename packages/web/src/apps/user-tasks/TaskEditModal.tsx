import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserTask } from '@wms/contract';
import { useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { notify } from '../../platform/notifications.js';
import { ButtonsEditor } from './ButtonsEditor.js';
import { ParametersEditor } from './ParametersEditor.js';
import { userTaskQueries } from './queries.js';
import { changedFields, formFrom, type TaskFormValues } from './task-form.js';
import { TaskFields } from './TaskFields.js';
import { userTasksApi } from './user-tasks-api.js';
import { UserMultiSelect } from './UserMultiSelect.js';

/** Edits a task (task managers). Saving re-reads the task and re-applies only the changed fields. */
export function TaskEditModal({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const { t } = useTranslation(['userTasks', 'common']);
  const errorText = useErrorText();
  const task = useQuery({ ...userTaskQueries.detail(taskId), staleTime: 0 });
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" data-testid="task-edit-modal">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('editTask', { id: taskId })}</Modal.Title>
      </Modal.Header>
      {task.isPending && (
        <Modal.Body>
          <Spinner role="status" aria-label={t('common:loading')} />
        </Modal.Body>
      )}
      {task.isError && (
        <Modal.Body>
          <Alert variant="danger">{errorText(task.error)}</Alert>
        </Modal.Body>
      )}
      {task.data && <TaskEditForm task={task.data} onClose={onClose} />}
    </Modal>
  );
}

function TaskEditForm({ task, onClose }: { task: UserTask; onClose: () => void }) {
  const { t } = useTranslation(['userTasks', 'common']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [original] = useState(() => formFrom(task));
  const [values, setValues] = useState<TaskFormValues>(original);
  const save = useMutation({
    mutationFn: () => userTasksApi.save(task.id, () => changedFields(original, values)),
    onSuccess: async () => {
      notify('success', 'common:saveSuccess');
      await queryClient.invalidateQueries(userTaskQueries.all());
      onClose();
    },
  });
  const valid = values.title.trim().length > 0 && values.users.length > 0;
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate();
      }}
    >
      <Modal.Body className="d-grid gap-3">
        {save.isError && <Alert variant="danger">{errorText(save.error)}</Alert>}
        <TaskFields value={values} onChange={setValues} idPrefix="task-edit" />
        <ParametersEditor value={values.parameters} onChange={(parameters) => setValues({ ...values, parameters })} />
        <UserMultiSelect
          idPrefix="task-edit"
          value={values.users}
          onChange={(users) => setValues({ ...values, users })}
        />
        <ButtonsEditor value={values.buttons} onChange={(buttons) => setValues({ ...values, buttons })} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" size="lg" disabled={!valid || save.isPending} data-testid="task-edit-save">
          {t('common:save')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
