import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { newTemplateId, type UserTaskTemplate } from '@wms/contract';
import { useState } from 'react';
import { Alert, Button, Form, Spinner, Tab } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { useErrorText } from '../../components/object-dialogs/useErrorText.js';
import { notify } from '../../platform/notifications.js';
import { ButtonsEditor } from './ButtonsEditor.js';
import { ParametersEditor } from './ParametersEditor.js';
import { userTaskTemplateQueries } from './queries.js';
import { formFrom, requestFields, type TaskFormValues } from './task-form.js';
import { TaskFields } from './TaskFields.js';
import { TaskTabsNav } from './TaskTabsNav.js';
import { userTasksApi } from './user-tasks-api.js';
import { UserMultiSelect } from './UserMultiSelect.js';

/**
 * The template editor: pick a template or New (a blank one, id -1), edit it
 * in the tabs general (fields and parameters), users and buttons, then save or delete.
 */
export function TemplateEditor() {
  const { t } = useTranslation(['userTasks', 'common']);
  const errorText = useErrorText();
  const templates = useQuery(userTaskTemplateQueries.list());
  const [selected, setSelected] = useState<number | null>(null);
  if (templates.isPending) return <Spinner role="status" aria-label={t('common:loading')} />;
  if (templates.isError) return <Alert variant="danger">{errorText(templates.error)}</Alert>;
  const template = templates.data.find((candidate) => candidate.id === selected) ?? null;
  return (
    <div className="d-grid gap-3" data-testid="template-editor">
      <div className="d-flex gap-2">
        <Form.Select
          size="lg"
          aria-label={t('template')}
          value={selected ?? ''}
          onChange={(event) => setSelected(event.target.value === '' ? null : Number(event.target.value))}
          data-testid="template-select"
        >
          <option value="">{t('chooseTemplate')}</option>
          {templates.data.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title}
            </option>
          ))}
        </Form.Select>
        <Button size="lg" className="text-nowrap" onClick={() => setSelected(newTemplateId)} data-testid="template-new">
          <i className="bi bi-plus-lg" aria-hidden="true" /> {t('newTemplate')}
        </Button>
      </div>
      {selected !== null && (
        <TemplateForm
          key={`${selected}:${template?.version ?? 0}`}
          template={template}
          onSaved={(saved) => setSelected(saved.id)}
          onDeleted={() => setSelected(null)}
        />
      )}
    </div>
  );
}

interface TemplateFormProps {
  /** null: a new blank template (id -1). */
  template: UserTaskTemplate | null;
  onSaved: (template: UserTaskTemplate) => void;
  onDeleted: () => void;
}

function TemplateForm({ template, onSaved, onDeleted }: TemplateFormProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TaskFormValues>(() => formFrom(template));
  const [confirmDelete, setConfirmDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries(userTaskTemplateQueries.all());
  const save = useMutation({
    mutationFn: () =>
      userTasksApi.saveTemplate({
        id: template?.id ?? newTemplateId,
        version: template?.version ?? 0,
        ...requestFields(values),
      }),
    onSuccess: async (saved) => {
      notify('success', 'common:saveSuccess');
      await refresh();
      onSaved(saved);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => userTasksApi.removeTemplate(id),
    onSuccess: async () => {
      await refresh();
      onDeleted();
    },
  });
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (values.title.trim()) save.mutate();
      }}
      data-testid="template-form"
    >
      <Tab.Container defaultActiveKey="general">
        <TaskTabsNav testIdPrefix="template" users={values.users.length} buttons={values.buttons.length} />
        <Tab.Content>
          <Tab.Pane eventKey="general">
            <div className="d-grid gap-3">
              <TaskFields value={values} onChange={setValues} idPrefix="template" />
              <div>
                <h2 className="h6">{t('parameters')}</h2>
                <p className="small text-body-secondary">{t('hiddenParameterHelp')}</p>
                <ParametersEditor
                  value={values.parameters}
                  onChange={(parameters) => setValues({ ...values, parameters })}
                />
              </div>
            </div>
          </Tab.Pane>
          <Tab.Pane eventKey="users">
            <UserMultiSelect
              idPrefix="template"
              value={values.users}
              onChange={(users) => setValues({ ...values, users })}
            />
          </Tab.Pane>
          <Tab.Pane eventKey="buttons">
            <ButtonsEditor value={values.buttons} onChange={(buttons) => setValues({ ...values, buttons })} />
          </Tab.Pane>
        </Tab.Content>
      </Tab.Container>
      <div className="d-flex gap-2 justify-content-end mt-3">
        {template && (
          <Button
            variant="outline-danger"
            size="lg"
            onClick={() => setConfirmDelete(true)}
            data-testid="template-delete"
          >
            {t('common:delete')}
          </Button>
        )}
        <Button type="submit" size="lg" disabled={!values.title.trim() || save.isPending} data-testid="template-save">
          {t('common:save')}
        </Button>
      </div>
      <ConfirmDialog
        show={confirmDelete}
        message={t('confirmDeleteTemplate', { title: template?.title ?? '' })}
        confirmLabel={t('common:delete')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          if (template) remove.mutate(template.id);
        }}
      />
    </Form>
  );
}
