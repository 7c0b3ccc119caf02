import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export interface AlertModalProps {
  show: boolean;
  title: ReactNode;
  children: ReactNode;
  onHide: () => void;
  /** A main action besides closing (e.g. mark as read); without it only OK shows. */
  confirmLabel?: string;
  onConfirm?: () => void;
  /** The label of the button that only closes (default Cancel when there is a main action). */
  cancelLabel?: string;
  busy?: boolean;
  testId?: string;
}

/** A message that needs the user's attention: a live ALERT, a broadcast, a question. */
export function AlertModal(props: AlertModalProps) {
  const { show, title, children, onHide, confirmLabel, onConfirm, cancelLabel, busy, testId } = props;
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onHide} centered data-testid={testId ?? 'alert-modal'}>
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Modal.Body>
      <Modal.Footer>
        {onConfirm ? (
          <>
            <Button variant="outline-secondary" onClick={onHide} disabled={busy}>
              {cancelLabel ?? t('common:cancel')}
            </Button>
            <Button variant="primary" onClick={onConfirm} disabled={busy}>
              {confirmLabel ?? t('common:ok')}
            </Button>
          </>
        ) : (
          <Button variant="primary" onClick={onHide} autoFocus>
            {t('common:ok')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
