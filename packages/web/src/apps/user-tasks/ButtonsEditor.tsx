import { userTaskButtonColors } from '@wms/contract';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ButtonDraft } from './task-form.js';

interface ButtonsEditorProps {
  value: ButtonDraft[];
  onChange: (buttons: ButtonDraft[]) => void;
}

/** A task's buttons: id, color, title and params (entered comma-separated). */
export function ButtonsEditor({ value, onChange }: ButtonsEditorProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const change = (index: number, patch: Partial<ButtonDraft>) =>
    onChange(value.map((button, i) => (i === index ? { ...button, ...patch } : button)));
  return (
    <div className="d-grid gap-2" data-testid="buttons-editor">
      {value.map((button, index) => (
        <Card key={index} body className="p-0">
          <Row className="g-2 align-items-end">
            <Form.Group as={Col} xs={6} md={2} controlId={`button-${index}-id`}>
              <Form.Label>{t('buttonId')}</Form.Label>
              <Form.Control value={button.id} maxLength={50} onChange={(e) => change(index, { id: e.target.value })} />
            </Form.Group>
            <Form.Group as={Col} xs={6} md={3} controlId={`button-${index}-title`}>
              <Form.Label>{t('buttonTitle')}</Form.Label>
              <Form.Control
                value={button.title}
                maxLength={100}
                onChange={(e) => change(index, { title: e.target.value })}
              />
            </Form.Group>
            <Form.Group as={Col} xs={6} md={2} controlId={`button-${index}-color`}>
              <Form.Label>{t('buttonColor')}</Form.Label>
              <Form.Select
                value={button.color}
                onChange={(e) => change(index, { color: e.target.value as ButtonDraft['color'] })}
              >
                {userTaskButtonColors.map((color) => (
                  <option key={color} value={color}>
                    {t(`color.${color}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group as={Col} xs={6} md={4} controlId={`button-${index}-params`}>
              <Form.Label>{t('buttonParams')}</Form.Label>
              <Form.Control
                value={button.params}
                placeholder={t('commaSeparated')}
                onChange={(e) => change(index, { params: e.target.value })}
              />
            </Form.Group>
            <Col xs={12} md={1} className="text-end">
              <Button
                variant="outline-danger"
                size="lg"
                aria-label={t('common:delete')}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </Col>
          </Row>
        </Card>
      ))}
      <div>
        <Button
          variant="outline-primary"
          onClick={() =>
            onChange([...value, { id: `button${value.length + 1}`, color: 'primary', title: '', params: '' }])
          }
          data-testid="button-add"
        >
          <i className="bi bi-plus-lg" aria-hidden="true" /> {t('addButton')}
        </Button>
      </div>
    </div>
  );
}
