import { headerNames } from '@wms/contract';

/** This build's version; the server answers 410 to an older one. */
export const appVersion = __APP_VERSION__;

const uniqueSessionKey = 'wms.uniqueSession';

/** One id per browser tab, kept across reloads of that tab. */
function uniqueSession(): string {
  const stored = sessionStorage.getItem(uniqueSessionKey);
  if (stored) return stored;
  const created = crypto.randomUUID();
  sessionStorage.setItem(uniqueSessionKey, created);
  return created;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** GET a JSON answer from the server with the client headers every API request carries. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    headers: {
      Accept: 'application/json',
      [headerNames.appVersion]: appVersion,
      [headerNames.uniqueSession]: uniqueSession(),
    },
    credentials: 'same-origin',
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new HttpError(response.status, body);
  return body as T;
}
