import { pathOf, stockTransferEndpoints } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/http.js';
import { failureAction, readErrorBody } from '../platform/http-policy.js';
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

  it("shows the notice the HTTP client's catalogue shows for the same status and key", () => {
    const cases: [number, string | undefined][] = [
      [0, undefined],
      [401, 'notSignedIn'],
      [403, 'insufficientRoles'],
      [404, 'notFound'],
      [412, 'optimisticLockConflict'],
      [422, 'nothingToMove'],
      [429, undefined],
      [500, undefined],
      [500, 'internalServerError'],
      [502, undefined],
      [503, 'webAppNotBuilt'],
      [503, 'proxyText'],
    ];
    for (const [status, sent] of cases) {
      // The client reads the key from the body as http.ts does: only catalogue keys are kept.
      const key = readErrorBody({ key: sent }).key;
      const action = failureAction({
        status: status === 0 ? null : status,
        key,
        args: {},
        path: pathOf(stockTransferEndpoints.lines),
        attempt: 3,
        logoutOn401: false,
        expectNetworkError: false,
        maxRetries: 0,
        silent: false,
        retryConflicts: false,
      });
      const apiError = new ApiError(status, key ?? (status ? 'unknownNetworkError' : 'networkError'));
      expect(action.kind).toBe('fail');
      const notice = action.kind === 'fail' ? action.notice : null;
      expect(keyedFailure(apiError)).toMatchObject({ key: notice?.key, args: notice?.args, status });
    }
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
