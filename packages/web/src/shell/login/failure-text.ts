import type { TFunction } from 'i18next';
import { ApiError } from '../../platform/http.js';

/**
 * What a failed call shows: the server's error key translated (errors namespace, with its
 * arguments), or 'unknown error' when there is no usable key.
 */
export function failureText(t: TFunction, i18nExists: (key: string) => boolean, error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && i18nExists(`errors:${error.key}`)) {
    return t(`errors:${error.key}`, error.args);
  }
  return t('common:unknownError');
}
