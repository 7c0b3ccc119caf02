import { useMutation } from '@tanstack/react-query';
import { userEndpoints, type ChangePasswordRequest } from '@wms/contract';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../platform/api-client.js';
import { ApiError } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { PasswordField } from './PasswordField.js';
import { useErrorText } from './useErrorText.js';

interface PasswordFormProps {
  userId: number;
  /** The signed-in user's own password: the current one is asked for (the server requires it). */
  own: boolean;
}

/**
 * Sets a new password, typed twice; the two entries must match. Your own password needs the
 * current one too, so a session left open can not be used to lock its owner out; a userManager
 * setting someone else's password does not know theirs and is not asked.
 */
export function PasswordForm({ userId, own }: PasswordFormProps) {
  const { t } = useTranslation(['userSettings', 'errors']);
  const errorText = useErrorText();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      callApi(userEndpoints.changePassword, { params: { id: userId }, body }, { silent: true }),
    onSuccess: () => {
      setCurrent('');
      setPassword('');
      setRepeated('');
      notify('success', 'common:passwordIsSaved');
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (password !== repeated) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    save.mutate(own ? { password, currentPassword: current } : { password });
  }

  const failedField = save.isError ? fieldOf(save.error) : null;
  return (
    <Form onSubmit={handleSubmit} noValidate data-testid="password-form">
      <h2 className="h5 mt-4">{t('changePassword')}</h2>
      {own && (
        <PasswordField
          id="current-password"
          label={t('currentPassword')}
          autoComplete="current-password"
          value={current}
          isInvalid={failedField === 'body.currentPassword'}
          onChange={setCurrent}
        />
      )}
      <PasswordField
        id="new-password"
        label={t('newPassword')}
        autoComplete="new-password"
        value={password}
        isInvalid={failedField === 'body.password'}
        onChange={setPassword}
      />
      <PasswordField
        id="repeat-password"
        label={t('repeatPassword')}
        autoComplete="new-password"
        value={repeated}
        isInvalid={mismatch}
        onChange={(value) => {
          setRepeated(value);
          setMismatch(false);
        }}
      >
        <Form.Control.Feedback type="invalid" data-testid="password-mismatch">
          {t('errors:passwordsShouldMatch')}
        </Form.Control.Feedback>
      </PasswordField>
      {save.isError && (
        <Alert variant="danger" data-testid="password-error">
          {errorText(save.error)}
        </Alert>
      )}
      <div className="d-grid d-sm-block">
        <Button type="submit" variant="outline-primary" disabled={save.isPending} data-testid="save-password">
          {t('savePassword')}
        </Button>
      </div>
    </Form>
  );
}

/** The first field a refusal names (args.fields[0].field), to mark its input invalid. */
function fieldOf(error: unknown): string | null {
  const fields = error instanceof ApiError ? error.args.fields : undefined;
  if (!Array.isArray(fields)) return null;
  const first: unknown = fields[0];
  return typeof first === 'object' && first !== null && 'field' in first && typeof first.field === 'string'
    ? first.field
    : null;
}
