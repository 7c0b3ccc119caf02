import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserTaskCreateMode, UserTaskTemplate } from '@wms/contract';
import { useState } from 'react';
import { Button, Form, Modal, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '../../platform/notifications.js';
import { ButtonsEditor } from './ButtonsEditor.js';
import { ParametersEditor } from './ParametersEditor.js';
import { userTaskQueries } from './queries.js';
import { formFrom, requestFields } from './task-form.js';
import { TaskFields } from './TaskFields.js';
import { TaskTabsNav } from './TaskTabsNav.js';
import { userTasksApi } from './user-tasks-api.js';
import { UserMultiSelect } from './UserMultiSelect.js';

interface TaskCreateModalProps {
  /** The template the form starts from; null for 'simple' (a blank form). */
  template: UserTaskTemplate | null;
  onClose: () => void;
}

/**
 * The task creation dialog: title, text, priority, border color, users,
 * one task per user or one shared task, the template's parameters (those starting with an
 * underscore hidden) and the buttons.
 */
export function TaskCreateModal({ template, onClose }: TaskCreateModalProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => formFrom(template));
  const [mode, setMode] = useState<UserTaskCreateMode>('perUser');
  const create = useMutation({
    mutationFn: () => userTasksApi.create({ templateId: template?.id ?? null, mode, ...requestFields(values) }),
    onSuccess: async (tasks) => {
      notify('success', 'userTasks:created', { count: tasks.length });
      await queryClient.invalidateQueries(userTaskQueries.all());
      onClose();
    },
  });
  const valid = values.title.trim().length > 0 && values.users.length > 0;
  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" data-testid="task-create-modal">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) create.mutate();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title className="h5">
            {template ? t('newTaskFrom', { title: template.title }) : t('newTask')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Tab.Container defaultActiveKey="general">
            <TaskTabsNav testIdPrefix="task-create" users={values.users.length} buttons={values.buttons.length} />
            <Tab.Content>
              <Tab.Pane eventKey="general">
                <div className="d-grid gap-3">
                  <TaskFields value={values} onChange={setValues} idPrefix="task-create" />
                  <ParametersEditor
                    valuesOnly
                    value={values.parameters}
                    onChange={(parameters) => setValues({ ...values, parameters })}
                  />
                </div>
              </Tab.Pane>
              <Tab.Pane eventKey="users">
                <div className="d-grid gap-3">
                  <UserMultiSelect
                    idPrefix="task-create"
                    value={values.users}
                    onChange={(users) => setValues({ ...values, users })}
                  />
                  <div>
                    <Form.Check
                      type="radio"
                      id="task-create-per-user"
                      name="task-create-mode"
                      className="fs-5"
                      label={t('mode.perUser')}
                      checked={mode === 'perUser'}
                      onChange={() => setMode('perUser')}
                      data-testid="task-mode-perUser"
                    />
                    <Form.Check
                      type="radio"
                      id="task-create-shared"
                      name="task-create-mode"
                      className="fs-5"
                      label={t('mode.shared')}
                      checked={mode === 'shared'}
                      onChange={() => setMode('shared')}
                      data-testid="task-mode-shared"
                    />
                  </div>
                </div>
              </Tab.Pane>
              <Tab.Pane eventKey="buttons">
                <ButtonsEditor value={values.buttons} onChange={(buttons) => setValues({ ...values, buttons })} />
              </Tab.Pane>
            </Tab.Content>
          </Tab.Container>
        </Modal.Body>
        <Modal.Footer>
          {values.users.length === 0 && <small className="text-danger me-auto">{t('chooseUsers')}</small>}
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={!valid || create.isPending} data-testid="task-create-submit">
            {t('common:create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
