import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toLocalInput, type WorkTimeForm } from './work-time-form.js';

/** The dialog's produced and scrap (WORK only), start, end and license plate. */
export function WorkTimeDetailFields({
  form,
  set,
}: {
  form: WorkTimeForm;
  set: (change: Partial<WorkTimeForm>) => void;
}) {
  const { t } = useTranslation('production');
  return (
    <>
      {form.workTimeType === 'WORK' ? (
        <Row className="g-2 mb-2">
          <Form.Group as={Col} controlId="work-time-produced">
            <Form.Label>{t('field.produced')}</Form.Label>
            <Form.Control
              size="lg"
              inputMode="decimal"
              value={form.produced}
              onChange={(event) => set({ produced: event.target.value })}
              data-testid="work-time-produced"
            />
          </Form.Group>
          <Form.Group as={Col} controlId="work-time-scrap">
            <Form.Label>{t('field.scrap')}</Form.Label>
            <Form.Control
              size="lg"
              inputMode="decimal"
              value={form.scrap}
              onChange={(event) => set({ scrap: event.target.value })}
              data-testid="work-time-scrap"
            />
          </Form.Group>
        </Row>
      ) : null}
      <Form.Group className="mb-2" controlId="work-time-start">
        <Form.Label>{t('field.start')}</Form.Label>
        <Form.Control
          type="datetime-local"
          step={1}
          size="lg"
          value={form.start}
          onChange={(event) => set({ start: event.target.value })}
          data-testid="work-time-start"
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="work-time-end">
        <Form.Label>{t('field.end')}</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            type="datetime-local"
            step={1}
            size="lg"
            className="flex-grow-1"
            style={{ minWidth: 0 }}
            value={form.end}
            onChange={(event) => set({ end: event.target.value })}
            data-testid="work-time-end"
          />
          <Button
            variant="outline-secondary"
            size="lg"
            className="flex-shrink-0"
            onClick={() => set({ end: toLocalInput(new Date().toISOString()) })}
          >
            {t('now')}
          </Button>
        </div>
      </Form.Group>
      <Form.Group controlId="work-time-license-plate">
        <Form.Label>{t('field.licensePlate')}</Form.Label>
        <Form.Control
          size="lg"
          value={form.licensePlate}
          onChange={(event) => set({ licensePlate: event.target.value })}
          data-testid="work-time-license-plate"
        />
      </Form.Group>
    </>
  );
}
