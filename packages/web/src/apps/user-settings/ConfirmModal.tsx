import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  show: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that can not be undone. */
export function ConfirmModal({ show, message, confirmLabel, onConfirm, onCancel }: ConfirmModalProps) {
  const { t } = useTranslation('common');
  return (
    <Modal show={show} onHide={onCancel} centered data-testid="confirm-modal">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('areYouSure')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} data-testid="confirm">
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
