import { useQuery } from '@tanstack/react-query';
import type { UserTaskTemplate } from '@wms/contract';
import { useState } from 'react';
import { ListGroup, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { userTaskTemplateQueries } from './queries.js';
import { TaskCreateModal } from './TaskCreateModal.js';

/**
 * New (task managers): asks which template, 'simple' or a template title, then opens the
 * creation dialog. Without any template the blank form opens at once.
 */
export function NewTaskFlow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['userTasks', 'common']);
  const templates = useQuery(userTaskTemplateQueries.list());
  const [chosen, setChosen] = useState<{ template: UserTaskTemplate | null } | null>(null);
  if (chosen || (templates.isSuccess && templates.data.length === 0)) {
    return <TaskCreateModal template={chosen?.template ?? null} onClose={onClose} />;
  }
  return (
    <Modal show onHide={onClose} centered scrollable data-testid="template-choice-modal">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('chooseTemplate')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {templates.isPending && <Spinner role="status" aria-label={t('common:loading')} />}
        <ListGroup>
          <ListGroup.Item
            action
            className="py-3"
            onClick={() => setChosen({ template: null })}
            data-testid="template-choice-simple"
          >
            {t('simple')}
          </ListGroup.Item>
          {(templates.data ?? []).map((template) => (
            <ListGroup.Item
              key={template.id}
              action
              className="py-3"
              onClick={() => setChosen({ template })}
              data-testid={`template-choice-${template.id}`}
            >
              {template.title}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
    </Modal>
  );
}
