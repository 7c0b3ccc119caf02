import type { UpdateWorkedTimeRequest, WorkedTimeEntry } from '@wms/contract';
import { useState } from 'react';
import { Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from '../../components/object-dialogs/modal-layer.js';
import { fromLocalInput, toLocalInput } from './task-form.js';

/** What the dialog saves: an entry's fields (updateWorkedTime without the version). */
export type WorkedTimeValues = Omit<UpdateWorkedTimeRequest, 'version'>;

interface WorkedTimeEditModalProps {
  /** The entry to edit; null for New (a manual entry). */
  entry: WorkedTimeEntry | null;
  pending: boolean;
  onSave: (values: WorkedTimeValues) => void;
  onCancel: () => void;
}

/**
 * Edits a worked time entry or makes a manual one: message, started and
 * finished; finished may be cleared (the entry runs again). A start after the stop is refused
 * by the server (finishedBeforeStarted), and here before sending.
 */
export function WorkedTimeEditModal({ entry, pending, onSave, onCancel }: WorkedTimeEditModalProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const layer = useNextModalLayer();
  const now = new Date().toISOString();
  const [message, setMessage] = useState(entry?.message ?? '');
  const [started, setStarted] = useState(toLocalInput(entry?.started ?? now));
  const [finished, setFinished] = useState(toLocalInput(entry ? entry.finished : now));
  const startedIso = fromLocalInput(started);
  const finishedIso = fromLocalInput(finished);
  const backwards = startedIso !== null && finishedIso !== null && finishedIso < startedIso;
  return (
    <Modal show onHide={onCancel} centered {...layerProps(layer)} data-testid="worked-time-edit-modal">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (startedIso && !backwards) onSave({ message: message.trim(), started: startedIso, finished: finishedIso });
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title className="h5">{entry ? t('editWorkedTime') : t('newWorkedTime')}</Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <Form.Group controlId="worked-time-message">
            <Form.Label>{t('message')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={message}
              maxLength={2000}
              onChange={(event) => setMessage(event.target.value)}
              data-testid="worked-time-message"
            />
          </Form.Group>
          <Form.Group controlId="worked-time-started">
            <Form.Label>{t('started')}</Form.Label>
            <Form.Control
              type="datetime-local"
              required
              value={started}
              onChange={(event) => setStarted(event.target.value)}
              data-testid="worked-time-started"
            />
          </Form.Group>
          <Form.Group controlId="worked-time-finished">
            <Form.Label>{t('finished')}</Form.Label>
            <InputGroup>
              <Form.Control
                type="datetime-local"
                value={finished}
                isInvalid={backwards}
                onChange={(event) => setFinished(event.target.value)}
                data-testid="worked-time-finished"
              />
              <Button
                variant="outline-secondary"
                onClick={() => setFinished('')}
                data-testid="worked-time-clear-finished"
              >
                {t('clearFinished')}
              </Button>
              <Form.Control.Feedback type="invalid">{t('errors:finishedBeforeStarted')}</Form.Control.Feedback>
            </InputGroup>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            variant="primary"
            size="lg"
            disabled={pending || !startedIso || backwards}
            data-testid="worked-time-save"
          >
            {t('common:save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
