import type { FastifyRequest } from 'fastify';
import { apiPathPrefixes, headerNames } from '@wms/contract';
import { compareVersions } from '../db/database.js';
import { AppError } from './app-error.js';

/**
 * Web clients send AppVersion and UniqueSession on every API request. A client older than the
 * server gets 410 (the page reloads). API clients (bearer keys) may omit both.
 */
export function checkClientVersion(request: FastifyRequest, serverVersion: string): void {
  const clientVersion = request.headers[headerNames.appVersion];
  if (
    typeof clientVersion !== 'string' ||
    clientVersion === serverVersion ||
    !request.url.startsWith(apiPathPrefixes[0])
  )
    return;
  if (!/^\d+(\.\d+)*$/.test(clientVersion) || compareVersions(clientVersion, serverVersion) < 0) {
    throw new AppError(410, 'oldVersion', { clientVersion, serverVersion });
  }
}

export function uniqueSessionOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[headerNames.uniqueSession];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : null;
}
