import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

/** "Are you sure?" with the question, big Yes and No buttons. */
export function ConfirmDialog({
  show,
  message,
  onAnswer,
}: {
  show: boolean;
  message: string;
  onAnswer: (yes: boolean) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal show={show} onHide={() => onAnswer(false)} centered data-testid="confirm-dialog">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('areYouSure')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-break">{message}</Modal.Body>
      <Modal.Footer>
        <Button size="lg" variant="secondary" onClick={() => onAnswer(false)}>
          {t('no')}
        </Button>
        <Button size="lg" variant="danger" onClick={() => onAnswer(true)} data-testid="confirm-yes">
          {t('yes')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
