import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http.js';
import { notify } from '../../platform/notifications.js';
import { Field } from './Field.js';
import { useErrorText } from './useErrorText.js';

/** Sets a new password, typed twice; the two entries must match. */
export function PasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation(['userSettings', 'errors']);
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const save = useMutation({
    mutationFn: (next: string) => http.post(`/api/v1/users/${userId}/password`, { password: next }, { silent: true }),
    onSuccess: () => {
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
    save.mutate(password);
  }

  return (
    <Form onSubmit={handleSubmit} noValidate data-testid="password-form">
      <h2 className="h5 mt-4">{t('changePassword')}</h2>
      <Field id="new-password" label={t('newPassword')}>
        <Form.Control
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="new-password"
        />
      </Field>
      <Field id="repeat-password" label={t('repeatPassword')}>
        <Form.Control
          id="repeat-password"
          type="password"
          autoComplete="new-password"
          value={repeated}
          isInvalid={mismatch}
          onChange={(event) => {
            setRepeated(event.target.value);
            setMismatch(false);
          }}
          data-testid="repeat-password"
        />
        <Form.Control.Feedback type="invalid" data-testid="password-mismatch">
          {t('errors:passwordsShouldMatch')}
        </Form.Control.Feedback>
      </Field>
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
