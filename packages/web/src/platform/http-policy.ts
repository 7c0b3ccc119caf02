/**
 * What the HTTP client does with a failed call. Pure: the client in
 * http.ts performs the action; tests cover every status here.
 */
import { authEndpoints, isErrorKey, type ErrorKey, type QueryValues, type TranslationKey } from '@wms/contract';

export type NoticeVariant = 'danger' | 'warning';

export interface Notice {
  variant: NoticeVariant;
  /** A translation key with its namespace, e.g. `errors:requestForbidden`. */
  key: TranslationKey;
  args: Record<string, unknown>;
}

export type FailureAction =
  | { kind: 'retry'; delayMs: number }
  | { kind: 'reload' }
  | { kind: 'logout' }
  | { kind: 'fail'; notice: Notice | null };

export interface FailedCall {
  /** The HTTP status; null when no answer came (network error). */
  status: number | null;
  /** The server's error key (errors namespace) and its arguments, when the body had a catalogue key. */
  key?: ErrorKey;
  args?: Record<string, unknown>;
  path: string;
  /** Retries already made for this call. */
  attempt: number;
  logoutOn401: boolean;
  expectNetworkError: boolean;
  maxRetries: number;
  silent: boolean;
  /**
   * A 412 is sent again as it was (the server may have settled a race), up to 3 times; false for a
   * caller that re-reads and re-applies its edit itself (saveUserTask), so no stale copy is resent.
   */
  retryConflicts?: boolean;
}

export const networkRetryDelayMs = 1000;
export const optimisticLockRetryDelayMs = 500;
export const optimisticLockMaxRetries = 3;
export const optimisticLockGiveUpKey = 'platform:tooManyOptimisticLocks';

function danger(key: TranslationKey, args: Record<string, unknown> = {}): Notice {
  return { variant: 'danger', key, args };
}

function isSignin(path: string): boolean {
  return path.split('?')[0] === authEndpoints.signin.path;
}

/**
 * The one mapping of a failed call's status and server key to the notice it shows: null is no
 * answer. failureAction shows it for a call that is not retried, reloaded or logged out; quiet
 * callers that show a failure themselves (handheld/keyed-failure.ts) use it as well.
 */
export function failureNotice(status: number | null, key?: ErrorKey, args: Record<string, unknown> = {}): Notice {
  if (status === null) return danger('errors:networkErrorTooManyRetries');
  switch (status) {
    case 401:
      return danger('errors:invalidLoginDetails');
    case 403:
      return danger('errors:requestForbidden');
    case 412:
      return danger(optimisticLockGiveUpKey);
    case 429:
      // Over a request rate limit: the server's args say when to try again. Also for a 429
      // without a key (from a proxy).
      return danger('errors:tooManyRequests', args);
    case 500:
      return danger(`errors:${key ?? 'internalServerError'}`, args);
    case 503:
      // The server's own 503s (webAppNotBuilt, tooManyUploadsInProgress) say what is busy.
      if (key) return danger(`errors:${key}`, args);
      return danger('errors:unknownNetworkError', { status });
    default:
      if (status >= 400 && status < 500 && key) return danger(`errors:${key}`, args);
      return danger('errors:unknownNetworkError', { status });
  }
}

/** The catalogue: status to retry, reload, logout, or fail with (or without) the failureNotice. */
export function failureAction(call: FailedCall): FailureAction {
  const fail = (): FailureAction => ({
    kind: 'fail',
    notice: call.silent ? null : failureNotice(call.status, call.key, call.args),
  });
  const { status } = call;
  if (status === null) {
    if (call.expectNetworkError) return { kind: 'fail', notice: null };
    if (call.attempt < call.maxRetries) return { kind: 'retry', delayMs: networkRetryDelayMs };
    return fail();
  }
  switch (status) {
    case 401:
      if (isSignin(call.path)) return { kind: 'fail', notice: null };
      if (!call.logoutOn401) return fail();
      return { kind: 'logout' };
    case 410:
      return { kind: 'reload' };
    case 412:
      if (call.retryConflicts !== false && call.attempt < optimisticLockMaxRetries)
        return { kind: 'retry', delayMs: optimisticLockRetryDelayMs };
      return fail();
    default:
      // A 429 (over a request rate limit) is never retried: a retry only counts again.
      return fail();
  }
}

export type Query = QueryValues;

/** The server's error body {status, key, args, message}, or nothing when the body is something else. */
export function readErrorBody(body: unknown): { key?: ErrorKey; args: Record<string, unknown>; message?: string } {
  if (typeof body !== 'object' || body === null) return { args: {} };
  const record = body as Record<string, unknown>;
  const args = typeof record.args === 'object' && record.args !== null ? (record.args as Record<string, unknown>) : {};
  return {
    // Only the catalogue's keys are trusted: a proxy's body may carry any text in a key-like field.
    key: isErrorKey(record.key) ? record.key : undefined,
    args,
    message: typeof record.message === 'string' ? record.message : undefined,
  };
}
