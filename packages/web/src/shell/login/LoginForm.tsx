import { useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useConfig, useIpRules } from '../../platform/config.js';
import { deviceNameFromIdentification } from '../../platform/device-config.js';
import type { LoginCredentials, LoginMessage } from './useLoginAttempt.js';

interface Props {
  busy: boolean;
  message: LoginMessage;
  onSignIn: (credentials: LoginCredentials) => void;
  onTakeover: (otherDeviceName: string) => void;
}

/**
 * Username, password and (when the IP rules require 2FA) the authentication code. An empty
 * username focuses the username field; an empty password (unless allowEmptyPassword) the password
 * field. A device identification code in the username requests a session takeover.
 */
export function LoginForm({ busy, message, onSignIn, onTakeover }: Props) {
  const { t } = useTranslation('login');
  const config = useConfig();
  const ipRules = useIpRules();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const needsCode = ipRules.twoFactorRequired;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const otherDevice = deviceNameFromIdentification(username);
    if (otherDevice !== null) {
      onTakeover(otherDevice);
      return;
    }
    if (!username.trim()) return usernameRef.current?.focus();
    if (!password && !config.settings.allowEmptyPassword) return passwordRef.current?.focus();
    if (needsCode && !code.trim()) return codeRef.current?.focus();
    onSignIn({ username, password, mfaToken: needsCode ? code : undefined });
  };

  return (
    <Form noValidate onSubmit={submit} data-testid="login-form">
      {ipRules.blocked && (
        <Alert variant="warning" className="py-2">
          {t('errors:ipAddressBlocked')}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="login-username">
        <Form.Label>{t('common:username')}</Form.Label>
        <Form.Control
          ref={usernameRef}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-password">
        <Form.Label>{t('common:password')}</Form.Label>
        <Form.Control
          ref={passwordRef}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
      {needsCode && (
        <Form.Group className="mb-3" controlId="login-code">
          <Form.Label>{t('common:authenticationCode')}</Form.Label>
          <Form.Control
            ref={codeRef}
            name="mfaToken"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Form.Group>
      )}
      {message && (
        <Alert variant={message.variant} className="py-2" data-testid="login-alert">
          {message.text}
        </Alert>
      )}
      <Button type="submit" className="w-100" disabled={busy} data-testid="login-submit">
        {busy && <Spinner size="sm" className="me-2" />}
        {t('common:signIn')}
      </Button>
    </Form>
  );
}
