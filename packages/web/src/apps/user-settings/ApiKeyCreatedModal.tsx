import type { CreatedApiKey } from '@wms/contract';
import { useState } from 'react';
import { Alert, Button, Form, InputGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface ApiKeyCreatedModalProps {
  apiKey: CreatedApiKey | null;
  onHide: () => void;
}

/** The new key, shown this one time, with a copy button. */
export function ApiKeyCreatedModal({ apiKey, onHide }: ApiKeyCreatedModalProps) {
  const { t } = useTranslation('userSettings');
  const [copied, setCopied] = useState(false);

  async function handleCopy() {
    if (!apiKey) return;
    try {
      await navigator.clipboard.writeText(apiKey.key);
      setCopied(true);
    } catch {
      // No clipboard access (an insecure origin): the key stays selectable in the field.
      setCopied(false);
    }
  }

  return (
    <Modal
      show={apiKey !== null}
      onHide={onHide}
      backdrop="static"
      centered
      onExited={() => setCopied(false)}
      data-testid="api-key-created-modal"
    >
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('apiKeyCreated', { label: apiKey?.label ?? '' })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning">{t('apiKeyShownOnce')}</Alert>
        <InputGroup>
          <Form.Control
            readOnly
            value={apiKey?.key ?? ''}
            onFocus={(event) => event.target.select()}
            className="font-monospace"
            aria-label={t('apiKey')}
            data-testid="api-key-value"
          />
          <Button
            variant={copied ? 'success' : 'outline-primary'}
            onClick={() => void handleCopy()}
            data-testid="copy-api-key"
          >
            {copied ? t('copied') : t('copy')}
          </Button>
        </InputGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onHide} data-testid="close-api-key">
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
