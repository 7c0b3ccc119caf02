import { authEndpoints, pathOf, systemEndpoints } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { failureAction, readErrorBody, type FailedCall } from './http-policy.js';

const signinPath = pathOf(authEndpoints.signin);

const call = (overrides: Partial<FailedCall>): FailedCall => ({
  status: 500,
  path: '/fake/things',
  attempt: 0,
  logoutOn401: true,
  expectNetworkError: false,
  maxRetries: 0,
  silent: false,
  ...overrides,
});

describe('the HTTP error catalogue', () => {
  it('401 logs out, shows invalidLoginDetails when the call opted out, and nothing on signin', () => {
    expect(failureAction(call({ status: 401 }))).toEqual({ kind: 'logout' });
    expect(failureAction(call({ status: 401, logoutOn401: false }))).toEqual({
      kind: 'fail',
      notice: { variant: 'danger', key: 'errors:invalidLoginDetails', args: {} },
    });
    expect(failureAction(call({ status: 401, path: signinPath }))).toEqual({ kind: 'fail', notice: null });
    expect(failureAction(call({ status: 401, path: signinPath, logoutOn401: false }))).toEqual({
      kind: 'fail',
      notice: null,
    });
  });

  it('403 shows requestForbidden; 410 reloads', () => {
    expect(failureAction(call({ status: 403 }))).toMatchObject({ notice: { key: 'errors:requestForbidden' } });
    expect(failureAction(call({ status: 410 }))).toEqual({ kind: 'reload' });
  });

  it('500 shows the server key with its args, internalServerError without one', () => {
    expect(failureAction(call({ status: 500, key: 'usernameTaken', args: { username: 'x' } }))).toEqual({
      kind: 'fail',
      notice: { variant: 'danger', key: 'errors:usernameTaken', args: { username: 'x' } },
    });
    expect(failureAction(call({ status: 500 }))).toMatchObject({ notice: { key: 'errors:internalServerError' } });
  });

  it('429 shows tooManyRequests with the server args, without a retry, also on signin and without a key', () => {
    const args = { max: 100, windowSeconds: 60, retryAfterSeconds: 42 };
    for (const path of [pathOf(systemEndpoints.submitBugReport), signinPath])
      expect(failureAction(call({ status: 429, key: 'tooManyRequests', args, path, maxRetries: 3 }))).toEqual({
        kind: 'fail',
        notice: { variant: 'danger', key: 'errors:tooManyRequests', args },
      });
    expect(failureAction(call({ status: 429 }))).toEqual({
      kind: 'fail',
      notice: { variant: 'danger', key: 'errors:tooManyRequests', args: {} },
    });
  });

  it('412 retries silently after 500 ms three times, then gives up', () => {
    for (const attempt of [0, 1, 2])
      expect(failureAction(call({ status: 412, attempt }))).toEqual({ kind: 'retry', delayMs: 500 });
    expect(failureAction(call({ status: 412, attempt: 3 }))).toEqual({
      kind: 'fail',
      notice: { variant: 'danger', key: 'platform:tooManyOptimisticLocks', args: {} },
    });
  });

  it('412 without retryConflicts fails at once (the caller re-reads and retries itself)', () => {
    expect(failureAction(call({ status: 412, attempt: 0, retryConflicts: false, silent: true }))).toEqual({
      kind: 'fail',
      notice: null,
    });
  });

  it('other 4xx show the server key; statuses without one show unknownNetworkError with the status', () => {
    for (const status of [400, 404, 409, 422])
      expect(failureAction(call({ status, key: 'notFound' }))).toMatchObject({ notice: { key: 'errors:notFound' } });
    expect(failureAction(call({ status: 418 }))).toMatchObject({
      notice: { key: 'errors:unknownNetworkError', args: { status: 418 } },
    });
    // A key that is no catalogue key (a proxy's text) is not trusted: the body reads without one.
    expect(readErrorBody({ status: 503, key: 'whatever' }).key).toBeUndefined();
    expect(failureAction(call({ status: 503, key: readErrorBody({ key: 'whatever' }).key }))).toMatchObject({
      notice: { key: 'errors:unknownNetworkError', args: { status: 503 } },
    });
  });

  it("a 503 with one of the server's keys shows it (uploads busy), any other 503 the status", () => {
    expect(
      failureAction(call({ status: 503, key: 'tooManyUploadsInProgress', args: { max: 8, retryAfterSeconds: 1 } })),
    ).toMatchObject({ notice: { key: 'errors:tooManyUploadsInProgress', args: { max: 8 } } });
    expect(failureAction(call({ status: 503 }))).toMatchObject({
      notice: { key: 'errors:unknownNetworkError', args: { status: 503 } },
    });
  });

  it('no answer: retried after 1 s up to maxRetries, then networkErrorTooManyRetries; nothing when expected', () => {
    expect(failureAction(call({ status: null }))).toMatchObject({
      notice: { key: 'errors:networkErrorTooManyRetries' },
    });
    expect(failureAction(call({ status: null, maxRetries: 2, attempt: 0 }))).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(failureAction(call({ status: null, maxRetries: 2, attempt: 1 }))).toEqual({ kind: 'retry', delayMs: 1000 });
    expect(failureAction(call({ status: null, maxRetries: 2, attempt: 2 }))).toMatchObject({ kind: 'fail' });
    expect(failureAction(call({ status: null, expectNetworkError: true, maxRetries: 5 }))).toEqual({
      kind: 'fail',
      notice: null,
    });
  });

  it('silent calls fail without a notification but still log out and reload', () => {
    expect(failureAction(call({ status: 404, key: 'notFound', silent: true }))).toEqual({ kind: 'fail', notice: null });
    expect(failureAction(call({ status: 401, silent: true }))).toEqual({ kind: 'logout' });
    expect(failureAction(call({ status: 410, silent: true }))).toEqual({ kind: 'reload' });
  });
});

describe('error bodies', () => {
  it('reads {status, key, args, message} and ignores anything else', () => {
    expect(readErrorBody({ status: 404, key: 'notFound', args: { id: 1 }, message: 'Not found' })).toEqual({
      key: 'notFound',
      args: { id: 1 },
      message: 'Not found',
    });
    expect(readErrorBody('<html>')).toEqual({ args: {} });
    expect(readErrorBody(null)).toEqual({ args: {} });
  });
});
