import type { ErrorKey } from '@wms/contract';

/** A typed error a service throws; the HTTP layer maps it to { status, key, args, message }. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly args: Record<string, unknown> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: ErrorKey = 'invalidInput', args: Record<string, unknown> = {}) =>
  new AppError(400, key, args);
export const unauthorized = (key: ErrorKey = 'notSignedIn', args: Record<string, unknown> = {}) =>
  new AppError(401, key, args);
export const forbidden = (key: ErrorKey = 'requestForbidden', args: Record<string, unknown> = {}) =>
  new AppError(403, key, args);
export const notFound = (key: ErrorKey = 'notFound', args: Record<string, unknown> = {}) =>
  new AppError(404, key, args);
export const conflict = (key: ErrorKey, args: Record<string, unknown> = {}) => new AppError(409, key, args);
export const preconditionFailed = (args: Record<string, unknown> = {}) =>
  new AppError(412, 'optimisticLockConflict', args);
export const unprocessable = (key: ErrorKey, args: Record<string, unknown> = {}) => new AppError(422, key, args);
