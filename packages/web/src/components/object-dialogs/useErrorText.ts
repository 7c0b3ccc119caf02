import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';

/** The translated message of a failed request: the server's error key (errors catalogue), or 'unknown error'. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['errors', 'common']);
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.key) {
        const args = Object.fromEntries(
          Object.entries(error.args).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
        );
        return t(`errors:${error.key}`, args);
      }
      return t('common:unknownError');
    },
    [t],
  );
}
