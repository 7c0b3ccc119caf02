import { headerNames, serializeQuery, type ErrorKey } from '@wms/contract';
import { failureAction, readErrorBody, type Query } from './http-policy.js';
import { requestEnded, requestStarted, reloadPage, setLoggingOut } from './leave-prompt.js';
import { shouldWarnLicense } from './license.js';
import { notify } from './notifications.js';

/** This build's version; the server answers 410 to an older one. */
export const appVersion = __APP_VERSION__;

const uniqueSessionKey = 'wms.uniqueSession';
let fallbackSession: string | null = null;

/** One id per browser tab, kept across reloads of that tab (sessionStorage). */
export function uniqueSessionId(): string {
  try {
    const stored = sessionStorage.getItem(uniqueSessionKey);
    if (stored) return stored;
    const created = crypto.randomUUID();
    sessionStorage.setItem(uniqueSessionKey, created);
    return created;
  } catch {
    fallbackSession ??= crypto.randomUUID();
    return fallbackSession;
  }
}

/** The headers every request to the server carries. */
export function clientHeaders(): Record<string, string> {
  return { [headerNames.appVersion]: appVersion, [headerNames.uniqueSession]: uniqueSessionId() };
}

export interface RequestOptions {
  /** Query parameters; arrays are sent as `name[]=a&name[]=b`. */
  query?: Query;
  /** On 401 log the user out (default true); false shows 'invalidLoginDetails' instead. */
  logoutOn401?: boolean;
  /** A network failure is expected: no retry, no notification. */
  expectNetworkError?: boolean;
  /** Retries after a network failure, 1 s apart (default 0). */
  maxRetries?: number;
  /** No notification on error; the ApiError is thrown all the same. */
  silent?: boolean;
  /** false: a 412 is not sent again as it was (the caller re-reads and retries itself). */
  retryConflicts?: boolean;
  /** Sends an Idempotency-Key header: true makes a fresh one. */
  idempotencyKey?: string | true;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'blob': a successful answer is read as a Blob (a PDF, a file); errors are read as always. */
  responseType?: 'blob';
}

/** An ApiError's key: the server's catalogue key, or networkError when no answer came. */
export type ApiErrorKey = ErrorKey | 'networkError';

/** A failed call: the HTTP status (0 without an answer), the server's error key and arguments. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ApiErrorKey,
    readonly args: Record<string, unknown> = {},
    message?: string,
  ) {
    super(message ?? `HTTP ${status}: ${key}`);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void | Promise<void>;
let unauthorizedHandler: UnauthorizedHandler = () => undefined;

/** The session layer registers its logout here; a 401 and the live logout failures call it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/** Logs the user out through the registered handler. */
export function handleUnauthorized(): void {
  setLoggingOut(true);
  void Promise.resolve()
    .then(() => unauthorizedHandler())
    .finally(() => setLoggingOut(false));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function bodyInit(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** One call: JSON in and out, retries and the error catalogue applied (the typed client in api-client.ts builds on it). */
export async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const url = path + serializeQuery(options.query);
  const { body: payload, contentType } = bodyInit(body);
  const idempotencyKey = options.idempotencyKey === true ? crypto.randomUUID() : options.idempotencyKey;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...clientHeaders(),
    ...(contentType ? { 'Content-Type': contentType } : {}),
    ...(idempotencyKey ? { [headerNames.idempotencyKey]: idempotencyKey } : {}),
    ...options.headers,
  };
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | null = null;
    let answer: unknown;
    requestStarted();
    try {
      response = await fetch(url, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: options.signal,
      });
      answer = options.responseType === 'blob' && response.ok ? await response.blob() : await readBody(response);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      response = null;
    } finally {
      requestEnded();
    }
    if (response && shouldWarnLicense()) notify('warning', 'errors:licenseExpired');
    if (response?.ok) return answer as T;

    const server = readErrorBody(answer);
    const action = failureAction({
      status: response?.status ?? null,
      key: server.key,
      args: server.args,
      path,
      attempt,
      logoutOn401: options.logoutOn401 ?? true,
      expectNetworkError: options.expectNetworkError ?? false,
      maxRetries: options.maxRetries ?? 0,
      silent: options.silent ?? false,
      retryConflicts: options.retryConflicts ?? true,
    });
    if (action.kind === 'retry') {
      await sleep(action.delayMs);
      continue;
    }
    if (action.kind === 'reload') reloadPage();
    if (action.kind === 'logout') handleUnauthorized();
    if (action.kind === 'fail' && action.notice) notify(action.notice.variant, action.notice.key, action.notice.args);
    const status = response?.status ?? 0;
    throw new ApiError(
      status,
      server.key ?? (status ? 'unknownNetworkError' : 'networkError'),
      server.args,
      server.message,
    );
  }
}

/** The API client: JSON in and out, the error catalogue applied. */
export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
