import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from '../../components/object-dialogs/modal-layer.js';

interface FinishWorkModalProps {
  pending: boolean;
  onFinish: (message: string) => void;
  onCancel: () => void;
}

/** Finish of the worked-times dialog: 'describe what work you did'. */
export function FinishWorkModal({ pending, onFinish, onCancel }: FinishWorkModalProps) {
  const { t } = useTranslation(['userTasks', 'common']);
  const layer = useNextModalLayer();
  const [message, setMessage] = useState('');
  return (
    <Modal show onHide={onCancel} centered {...layerProps(layer)} data-testid="finish-work-modal">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onFinish(message.trim());
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('finishWork')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="finish-work-message">
            <Form.Label>{t('describeWork')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              autoFocus
              value={message}
              maxLength={2000}
              onChange={(event) => setMessage(event.target.value)}
              data-testid="finish-work-message"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" size="lg" disabled={pending} data-testid="finish-work-submit">
            {t('finishWork')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
