import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { useColumnLabel } from './column-label.js';
import { translatedArgs } from './message-text.js';

/** A failure the wizard shows: a refused call (ApiError) or a session's stored failure {key, args}. */
export type ImportFailure = ApiError | { key: string | null; args: Record<string, unknown> };

/** The server's refusal as a danger alert with its translated key (errors:<key>). */
export function ImportErrorAlert({ failure, onClose }: { failure: ImportFailure | null; onClose?: () => void }) {
  const { t } = useTranslation(['errors', 'common']);
  const label = useColumnLabel();
  if (!failure) return null;
  // No answer at all: the text the HTTP layer shows for a network failure.
  const key = failure.key === 'networkError' ? 'networkErrorTooManyRetries' : failure.key;
  const text = key ? t(`errors:${key}`, translatedArgs(failure.args, label)) : t('common:unknownError');
  return (
    <Alert variant="danger" dismissible={Boolean(onClose)} onClose={onClose} data-testid="import-error" role="alert">
      {text}
    </Alert>
  );
}

/** What a caught error becomes in the wizard: a refusal keeps its key; anything else is an unknown error. */
export function toImportFailure(error: unknown): ImportFailure {
  return error instanceof ApiError ? error : { key: null, args: {} };
}
