import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/http.js';
import { answerUnknown, keyedFailure, StepFailure } from './keyed-failure.js';

describe('keyedFailure', () => {
  it('keeps the server key with its args in the errors namespace', () => {
    const failure = keyedFailure(new ApiError(422, 'notEnoughAvailableStock', { itemCode: 'I', binCode: 'B' }));
    expect(failure).toBeInstanceOf(StepFailure);
    expect(failure).toMatchObject({
      key: 'errors:notEnoughAvailableStock',
      args: { itemCode: 'I', binCode: 'B' },
      status: 422,
    });
  });

  it('maps what the HTTP catalogue maps without a server key', () => {
    expect(keyedFailure(new ApiError(0, 'networkError'))).toMatchObject({
      key: 'errors:networkErrorTooManyRetries',
    });
    expect(keyedFailure(new ApiError(403, 'insufficientRoles'))).toMatchObject({ key: 'errors:requestForbidden' });
    expect(keyedFailure(new ApiError(412, 'optimisticLockConflict'))).toMatchObject({
      key: 'platform:tooManyOptimisticLocks',
    });
    expect(keyedFailure(new ApiError(502, 'unknownNetworkError'))).toMatchObject({
      key: 'errors:unknownNetworkError',
      args: { status: 502 },
    });
  });

  it('passes other errors on unchanged', () => {
    const error = new Error('boom');
    expect(keyedFailure(error)).toBe(error);
  });

  it('knows when the answer of a call is unknown', () => {
    expect(answerUnknown(new ApiError(0, 'networkError'))).toBe(true);
    expect(answerUnknown(new StepFailure('errors:internalServerError', {}, 500))).toBe(true);
    expect(answerUnknown(new ApiError(422, 'nothingToMove'))).toBe(false);
  });
});
