import type { TwoFactorQrAnswer } from '@wms/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

interface TwoFactorQrProps {
  qr: TwoFactorQrAnswer;
  /** Set up but not yet enabled: ask for a code from the authenticator app. */
  enabling: boolean;
  pending: boolean;
  error: string | null;
  onEnable: (code: string) => void;
  onClose: () => void;
}

/** The QR code and secret for an authenticator app, and the code that confirms a setup. */
export function TwoFactorQr({ qr, enabling, pending, error, onEnable, onClose }: TwoFactorQrProps) {
  const { t } = useTranslation('userSettings');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) {
      setInvalid(true);
      return;
    }
    onEnable(trimmed);
  }

  return (
    <Card className="mb-3" data-testid="two-factor-qr">
      <Card.Body>
        <p>{t('twoFactorScan')}</p>
        <img
          src={qr.qrCodeDataUrl}
          alt={t('twoFactorQrAlt')}
          className="d-block mx-auto mb-2"
          style={{ width: 200, maxWidth: '100%' }}
        />
        <p className="text-center text-break">
          {t('twoFactorSecret')}: <code data-testid="two-factor-secret">{qr.secret}</code>
        </p>
        {enabling && (
          <Form onSubmit={handleSubmit} noValidate>
            <Form.Label htmlFor="two-factor-code">{t('twoFactorCode')}</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                id="two-factor-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                isInvalid={invalid}
                onChange={(event) => {
                  setCode(event.target.value);
                  setInvalid(false);
                }}
                data-testid="two-factor-code"
              />
              <Button type="submit" disabled={pending} data-testid="two-factor-enable">
                {t('twoFactorEnable')}
              </Button>
              <Form.Control.Feedback type="invalid">{t('twoFactorCodeSixDigits')}</Form.Control.Feedback>
            </InputGroup>
          </Form>
        )}
        {error && (
          <Alert variant="danger" className="mt-2 mb-0">
            {error}
          </Alert>
        )}
        <Button variant="link" className="px-0 mt-2" onClick={onClose}>
          {t('common:close')}
        </Button>
      </Card.Body>
    </Card>
  );
}
