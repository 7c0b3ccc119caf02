import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { priorityOptions, type TaskFormValues } from './task-form.js';

interface TaskFieldsProps {
  value: TaskFormValues;
  onChange: (values: TaskFormValues) => void;
  idPrefix: string;
}

const defaultBorder = '#6c757d';

/** Title, text, priority, border color and tags of a task or template (the general fields). */
export function TaskFields({ value, onChange, idPrefix }: TaskFieldsProps) {
  const { t } = useTranslation('userTasks');
  const set = (patch: Partial<TaskFormValues>) => onChange({ ...value, ...patch });
  return (
    <div className="d-grid gap-3">
      <Form.Group controlId={`${idPrefix}-title`}>
        <Form.Label>{t('title')}</Form.Label>
        <Form.Control
          required
          maxLength={200}
          value={value.title}
          onChange={(e) => set({ title: e.target.value })}
          data-testid="task-form-title"
        />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-text`}>
        <Form.Label>{t('text')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          maxLength={10000}
          value={value.text}
          onChange={(e) => set({ text: e.target.value })}
          data-testid="task-form-text"
        />
        <Form.Text>{t('placeholderHelp')}</Form.Text>
      </Form.Group>
      <Row className="g-3">
        <Form.Group as={Col} xs={12} sm={6} controlId={`${idPrefix}-priority`}>
          <Form.Label>{t('priorityLabel')}</Form.Label>
          <Form.Select
            value={value.priority}
            onChange={(e) => set({ priority: Number(e.target.value) })}
            data-testid="task-form-priority"
          >
            {priorityOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {t(`priority.${option.name}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} xs={12} sm={6} controlId={`${idPrefix}-border`}>
          <Form.Label>{t('borderColor')}</Form.Label>
          <div className="d-flex gap-2 align-items-center">
            <Form.Check
              id={`${idPrefix}-border-on`}
              label={t('useBorderColor')}
              checked={value.borderColor !== null}
              onChange={(e) => set({ borderColor: e.target.checked ? defaultBorder : null })}
            />
            {value.borderColor !== null && (
              <Form.Control
                type="color"
                value={value.borderColor}
                onChange={(e) => set({ borderColor: e.target.value })}
                aria-label={t('borderColor')}
                data-testid="task-form-border-color"
              />
            )}
          </div>
        </Form.Group>
      </Row>
      <Form.Group controlId={`${idPrefix}-tags`}>
        <Form.Label>{t('tags')}</Form.Label>
        <Form.Control
          value={value.tags}
          placeholder={t('commaSeparated')}
          onChange={(e) => set({ tags: e.target.value })}
        />
      </Form.Group>
    </div>
  );
}
