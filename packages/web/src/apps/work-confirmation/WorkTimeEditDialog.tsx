import { useQuery } from '@tanstack/react-query';
import { workTimeTypes, type WorkTimeEntry } from '@wms/contract';
import { useState } from 'react';
import { Button, ButtonGroup, Form, Modal, ToggleButton } from 'react-bootstrap';
import { ConfirmDialog } from '../../components/object-dialogs/ConfirmDialog.js';
import { useTranslation } from 'react-i18next';
import { notify } from '../../platform/notifications.js';
import { useDebouncedValue } from '../../platform/useDebouncedValue.js';
import type { WorkTimeScope } from '../../components/time-measurements/time-measurement-queries.js';
import { productionQueries } from './work-time-api.js';
import { newWorkTimeForm, toSaveRequest, withStep, workTimeFormOf, type WorkTimeForm } from './work-time-form.js';
import { WorkOrderField, workOrderDebounceMs } from './WorkOrderField.js';
import { WorkTimeDetailFields } from './WorkTimeDetailFields.js';
import type { useWorkTimeActions } from './useWorkTimeActions.js';

interface Props {
  /** The entry to edit; null for a new one. */
  entry: WorkTimeEntry | null;
  scope: WorkTimeScope;
  actions: ReturnType<typeof useWorkTimeActions>;
  onClose: () => void;
}

/**
 * The work time edit dialog: work order (autocomplete), step (of
 * that order; picking one sets its planned work center), work center, type, produced and scrap
 * (WORK only), start, end and license plate. The primary button says Start for a new entry
 * without an end time and Save otherwise; Stop ends a running entry now. In the user view,
 * saving a running entry stops it and then flushes it.
 */
export function WorkTimeEditDialog({ entry, scope, actions, onClose }: Props) {
  const { t } = useTranslation('production');
  const [form, setForm] = useState<WorkTimeForm>(() => (entry ? workTimeFormOf(entry) : newWorkTimeForm()));
  const orderCode = useDebouncedValue(form.workOrderCode.trim(), workOrderDebounceMs);
  const steps = useQuery({ ...productionQueries.steps(orderCode), enabled: orderCode !== '' }).data ?? [];
  const centers = useQuery(productionQueries.resources()).data ?? [];
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const set = (change: Partial<WorkTimeForm>) => setForm((current) => ({ ...current, ...change }));
  const running = entry !== null && entry.endTime === null;
  const isNewTimer = entry === null && form.end.trim() === '';

  const handleSubmit = async () => {
    const request = toSaveRequest(form);
    if ('invalid' in request) {
      notify('danger', 'errors:invalidInput');
      return;
    }
    const stopAndFlush = scope === 'own' && running;
    const saved = await (stopAndFlush ? actions.saveStopAndFlush(request) : actions.save(request));
    if (saved) onClose();
  };

  const handleStop = async () => {
    if (entry && (await actions.stop(entry.id))) onClose();
  };

  const handleDelete = async () => {
    setConfirmingDelete(false);
    if (entry && (await actions.remove(entry.id))) onClose();
  };

  return (
    <Modal show onHide={onClose} fullscreen="sm-down" centered data-testid="work-time-dialog">
      <Form
        // A flex column, so a full-screen modal (phones) scrolls its body and keeps the footer visible.
        className="d-flex flex-column flex-grow-1 overflow-hidden"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('cancel')}>
          <Modal.Title>{t(entry ? 'editTitle' : 'newTitle')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <WorkOrderField
            value={form.workOrderCode}
            // Another order has other steps: the step and its work center are chosen again.
            onChange={(workOrderCode) => set({ workOrderCode, workOrderStep: '', workCenter: '' })}
          />
          <Form.Group className="mb-2" controlId="work-time-step">
            <Form.Label>{t('field.step')}</Form.Label>
            <Form.Select
              size="lg"
              value={form.workOrderStep}
              onChange={(event) =>
                setForm((current) =>
                  withStep(
                    current,
                    steps.find((step) => step.stepCode === event.target.value),
                    steps,
                  ),
                )
              }
              data-testid="work-time-step"
            >
              <option value="">{t('choose')}</option>
              {form.workOrderStep && !steps.some((step) => step.stepCode === form.workOrderStep) ? (
                <option value={form.workOrderStep}>{form.workOrderStep}</option>
              ) : null}
              {steps.map((step) => (
                <option key={step.stepCode} value={step.stepCode}>
                  {step.stepNumber} {step.stepCode} {step.description ?? ''}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-2" controlId="work-time-center">
            <Form.Label>{t('field.workCenter')}</Form.Label>
            <Form.Select
              size="lg"
              value={form.workCenter}
              onChange={(event) => set({ workCenter: event.target.value })}
              data-testid="work-time-center"
            >
              <option value="">{t('noWorkCenter')}</option>
              {centers.map((center) => (
                <option key={center.code} value={center.code}>
                  {center.visualCode} {center.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Label className="d-block">{t('field.type')}</Form.Label>
          <ButtonGroup className="w-100 mb-2">
            {workTimeTypes.map((type) => (
              <ToggleButton
                key={type}
                id={`work-time-type-${type}`}
                type="radio"
                size="lg"
                variant="outline-primary"
                name="work-time-type"
                value={type}
                checked={form.workTimeType === type}
                onChange={() => set({ workTimeType: type })}
                data-testid={`work-time-type-${type}`}
              >
                {t(`type.${type}`)}
              </ToggleButton>
            ))}
          </ButtonGroup>
          <WorkTimeDetailFields form={form} set={set} />
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          {entry ? (
            <Button
              variant="outline-danger"
              size="lg"
              disabled={actions.busy}
              onClick={() => setConfirmingDelete(true)}
            >
              {t('delete')}
            </Button>
          ) : null}
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t('cancel')}
          </Button>
          {running ? (
            <Button
              variant="danger"
              size="lg"
              disabled={actions.busy}
              onClick={() => void handleStop()}
              data-testid="work-time-stop"
            >
              {t('stop')}
            </Button>
          ) : null}
          <Button type="submit" variant="primary" size="lg" disabled={actions.busy} data-testid="work-time-submit">
            {t(isNewTimer ? 'start' : 'save')}
          </Button>
        </Modal.Footer>
      </Form>
      <ConfirmDialog
        show={confirmingDelete}
        message={t('confirmDelete')}
        confirmLabel={t('delete')}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Modal>
  );
}
