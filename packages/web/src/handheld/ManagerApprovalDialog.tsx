import type { ManagerApproval } from '@wms/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { layerProps, useNextModalLayer } from '../components/object-dialogs/modal-layer.js';

export interface ManagerApprovalDialogProps {
  /** Why a manager is asked (the refusal, translated), shown above the fields. */
  reason: string | null;
  onApprove: (approval: ManagerApproval) => void;
  onCancel: () => void;
}

/**
 * A manager types their username and password on this device; they are handed to the action
 * that needs them (sent as its `managerApproval`, checked by the server with that action), never
 * kept. Unlike the manager verification prompt it calls nothing itself: a wrong password comes
 * back as the action's refusal, and the caller asks again.
 */
export function ManagerApprovalDialog({ reason, onApprove, onCancel }: ManagerApprovalDialogProps) {
  const { t } = useTranslation('prompts');
  const layer = useNextModalLayer();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const filled = username.trim() !== '' && password !== '';
  return (
    <Modal show onHide={onCancel} centered {...layerProps(layer)} data-testid="manager-approval">
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (filled)
            onApprove({
              username: username.trim(),
              password,
              ...(code.trim() === '' ? {} : { mfaToken: code.trim() }),
            });
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('managerVerification.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {reason ? (
            <Alert variant="warning" data-testid="manager-approval-reason">
              {reason}
            </Alert>
          ) : null}
          <p className="text-body-secondary">{t('managerVerification.explanation')}</p>
          <Form.Group className="mb-3" controlId="manager-approval-username">
            <Form.Label>{t('managerVerification.username')}</Form.Label>
            <Form.Control
              size="lg"
              autoFocus
              autoComplete="off"
              autoCapitalize="none"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              data-testid="manager-approval-username"
            />
          </Form.Group>
          <Form.Group controlId="manager-approval-password">
            <Form.Label>{t('managerVerification.password')}</Form.Label>
            <Form.Control
              size="lg"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="manager-approval-password"
            />
          </Form.Group>
          <Form.Group className="mt-3" controlId="manager-approval-code">
            <Form.Label>{t('managerVerification.code')}</Form.Label>
            <Form.Control
              size="lg"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              data-testid="manager-approval-code"
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" size="lg" onClick={onCancel} data-testid="manager-approval-cancel">
            {t('cancel')}
          </Button>
          <Button type="submit" size="lg" disabled={!filled} data-testid="manager-approval-ok">
            {t('managerVerification.verify')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
