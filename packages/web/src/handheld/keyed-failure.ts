import type { KeyedError } from './engine/types.js';
import { ApiError } from '../platform/http.js';
import { failureNotice } from '../platform/http-policy.js';

/**
 * A failed call as the workflow engine shows it: a translation key with its arguments. The apps
 * call the server quietly (`silent: true`, so the HTTP client shows nothing) and let the engine
 * turn the thrown failure into ONE danger notice with the error sound while the step stays.
 * The keys are those the HTTP client's catalogue would have shown: its failureNotice.
 */
export class StepFailure extends Error implements KeyedError {
  constructor(
    readonly key: string,
    readonly args: Record<string, unknown> = {},
    /** The HTTP status (0 without an answer). */
    readonly status = 0,
  ) {
    super(key);
    this.name = 'StepFailure';
  }
}

/** The keyed failure of a quiet call's error (anything but an ApiError is passed on unchanged). */
export function keyedFailure(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const { status, key, args } = error;
  // unknownNetworkError and networkError are the ApiError's stand-ins for an answer without a key.
  const serverKey = key && key !== 'unknownNetworkError' && key !== 'networkError' ? key : undefined;
  const notice = failureNotice(status === 0 ? null : status, serverKey, args);
  return new StepFailure(notice.key, notice.args, status);
}

/** Whether a failed call may have reached the server without an answer (network or server error). */
export function answerUnknown(error: unknown): boolean {
  const status = error instanceof ApiError || error instanceof StepFailure ? error.status : 0;
  return status === 0 || status >= 500;
}
