import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { parseScanLogin, scanLoginDelayMs } from './scan-login.js';

interface Props {
  show: boolean;
  onHide: () => void;
  onScanned: (credentials: { username: string; password: string }) => void;
}

/**
 * Captures a scanner's `username<TAB>password`: the tab is kept in the field instead of moving
 * focus, and 50 ms after the last character of a complete scan the login starts.
 */
export function ScanLoginModal({ show, onHide, onScanned }: Props) {
  const { t } = useTranslation('login');
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!show) setText('');
  }, [show]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    const credentials = parseScanLogin(next);
    if (!credentials) return;
    timer.current = window.setTimeout(() => onScanned(credentials), scanLoginDelayMs);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      update(`${text}\t`);
    } else if (event.key === 'Enter') {
      event.preventDefault();
    }
  };

  return (
    <Modal show={show} onHide={onHide} centered size="sm" data-testid="scan-login-modal">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('scanLogin.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">{t('scanLogin.instructions')}</p>
        <Form.Control
          autoFocus
          type="password"
          autoComplete="off"
          aria-label={t('scanLogin.field')}
          value={text}
          onKeyDown={onKeyDown}
          onChange={(event) => update(event.target.value)}
          data-testid="scan-login-input"
        />
      </Modal.Body>
    </Modal>
  );
}
