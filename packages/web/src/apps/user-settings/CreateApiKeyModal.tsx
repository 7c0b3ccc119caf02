import { useMutation } from '@tanstack/react-query';
import { apiKeyEndpoints, type CreatedApiKey } from '@wms/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api-client.js';
import { useErrorText } from './useErrorText.js';

interface CreateApiKeyModalProps {
  show: boolean;
  userId: number;
  onHide: () => void;
  onCreated: (key: CreatedApiKey) => void;
}

/** Asks for the new key's label (required); cancel creates nothing. */
export function CreateApiKeyModal({ show, userId, onHide, onCreated }: CreateApiKeyModalProps) {
  const { t } = useTranslation(['userSettings', 'errors']);
  const errorText = useErrorText();
  const [label, setLabel] = useState('');
  const [missing, setMissing] = useState(false);
  const create = useMutation({
    mutationFn: (value: string) =>
      callApi(apiKeyEndpoints.create, { params: { id: userId }, body: { label: value } }, { silent: true }),
    onSuccess: (key) => {
      setLabel('');
      onCreated(key);
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = label.trim();
    if (trimmed === '') {
      setMissing(true);
      return;
    }
    create.mutate(trimmed);
  }
  function handleCancel() {
    setLabel('');
    setMissing(false);
    create.reset();
    onHide();
  }

  return (
    <Modal show={show} onHide={handleCancel} centered data-testid="create-api-key-modal">
      <Form onSubmit={handleSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title className="h5">{t('createApiKey')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Label htmlFor="api-key-label">{t('apiKeyLabel')}</Form.Label>
          <Form.Control
            id="api-key-label"
            autoFocus
            maxLength={200}
            value={label}
            isInvalid={missing}
            onChange={(event) => {
              setLabel(event.target.value);
              setMissing(false);
            }}
            data-testid="api-key-label"
          />
          <Form.Control.Feedback type="invalid" data-testid="api-key-label-required">
            {t('errors:apiKeyLabelRequired')}
          </Form.Control.Feedback>
          {create.isError && (
            <Alert variant="danger" className="mt-3 mb-0">
              {errorText(create.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={handleCancel} data-testid="cancel-api-key">
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending} data-testid="submit-api-key">
            {t('common:create')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
