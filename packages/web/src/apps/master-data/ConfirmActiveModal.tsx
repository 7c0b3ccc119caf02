import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

interface ConfirmActiveModalProps {
  code: string;
  /** What the record becomes: false deactivates it. */
  active: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a record is deactivated (a destructive action) or brought back. */
export function ConfirmActiveModal({ code, active, busy, onConfirm, onClose }: ConfirmActiveModalProps) {
  const { t } = useTranslation(['masterData', 'common']);
  const action = active ? 'reactivate' : 'deactivate';
  return (
    <Modal show onHide={onClose} centered data-testid="master-data-confirm-active">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t(`confirm.${action}Title`, { code })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{t(`confirm.${action}Text`, { code })}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button
          variant={active ? 'primary' : 'danger'}
          disabled={busy}
          onClick={onConfirm}
          data-testid="master-data-confirm-active-yes"
        >
          {busy ? <Spinner size="sm" className="me-2" /> : null}
          {t(`list.${action}`)}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
