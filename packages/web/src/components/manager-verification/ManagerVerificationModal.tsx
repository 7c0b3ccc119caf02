import type { Role, VerifyAnswer } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from '../object-dialogs/modal-layer.js';
import { useErrorText } from '../object-dialogs/useErrorText.js';
import { verifyManagerCredentials } from './verify-manager.js';

interface Props {
  requiredRoles: Role[];
  onVerified: (manager: VerifyAnswer) => void;
  onCancel: () => void;
}

/**
 * The manager verification prompt: a manager types their username and password on this device
 * to clear an action the signed-in user may not do. Errors (noManagerLoggedIn, wrong
 * credentials, insufficientRoles) stay in the prompt so the manager can try again.
 */
export function ManagerVerificationModal({ requiredRoles, onVerified, onCancel }: Props) {
  const { t } = useTranslation('prompts');
  const errorText = useErrorText();
  const layer = useNextModalLayer();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      onVerified(await verifyManagerCredentials(username.trim(), password, requiredRoles));
    } catch (failure) {
      setError(errorText(failure));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show onHide={onCancel} centered {...layerProps(layer)} data-testid="manager-verification">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('managerVerification.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">{t('managerVerification.explanation')}</p>
          <Form.Group className="mb-3" controlId="manager-verification-username">
            <Form.Label>{t('managerVerification.username')}</Form.Label>
            <Form.Control
              size="lg"
              autoFocus
              autoComplete="off"
              autoCapitalize="none"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="manager-verification-password">
            <Form.Label>{t('managerVerification.password')}</Form.Label>
            <Form.Control
              size="lg"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Form.Group>
          {error && (
            <Alert variant="danger" className="mb-0" data-testid="manager-verification-error">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={busy} data-testid="manager-verification-ok">
            {busy && <Spinner size="sm" className="me-2" />}
            {t('managerVerification.verify')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
