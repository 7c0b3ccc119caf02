import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from './modal-layer.js';

interface ConfirmDialogProps {
  show: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action (web rules: destructive actions ask for confirmation).
 * Without the fade: it comes and goes at once (no 300 ms slide in and out per confirmation on a
 * handheld), and its closing never waits on a transitionend event. React-Bootstrap's fallback
 * timer for that event is cancelled by any transitionend bubbling up from inside (the buttons'
 * own hover transitions), so a missed one would leave the dialog on screen after its answer.
 */
export function ConfirmDialog({ show, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const layer = useNextModalLayer();
  return (
    <Modal show={show} onHide={onCancel} centered animation={false} {...layerProps(layer)} data-testid="confirm-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('areYouSure')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button variant="danger" size="lg" onClick={onConfirm} data-testid="confirm">
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
