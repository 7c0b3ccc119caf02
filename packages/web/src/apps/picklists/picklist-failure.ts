import { isErrorKey } from '@wms/contract';
import { ApiError } from '../../platform/http.js';
import { failureNotice } from '../../platform/http-policy.js';
import { notify } from '../../platform/notifications.js';
import { formatDateTime } from '../../components/object-dialogs/format.js';

/** A refusal's arguments as shown: lists joined, the lock's `since` as a local date-time. */
export function shownArgs(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => {
      if (Array.isArray(value)) return [name, value.join(', ')];
      if (name === 'since' && typeof value === 'string') return [name, formatDateTime(value)];
      return [name, value];
    }),
  );
}

/** Whether the error is the server's refusal with this key. */
export function isRefusal(error: unknown, key: string): error is ApiError {
  return error instanceof ApiError && error.key === key;
}

/** Shows a quiet call's failure as the HTTP client would have (its key and arguments). */
export function showFailure(error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
  const key = isErrorKey(error.key) ? error.key : undefined;
  const notice = failureNotice(error.status || null, key, shownArgs(error.args));
  notify(notice.variant, notice.key, notice.args);
}

/**
 * Runs a call whose failure the HTTP client already showed: an ApiError answers null, any other
 * error is thrown on.
 */
export async function shown<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
