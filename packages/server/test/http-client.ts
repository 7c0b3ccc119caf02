export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** A small fetch-based client with a cookie jar and the web client's headers. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  headers: Record<string, string>;

  constructor(
    readonly baseUrl: string,
    appVersion: string,
  ) {
    this.headers = { AppVersion: appVersion, UniqueSession: `test-${Math.random().toString(36).slice(2)}` };
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer<T>> {
    const init: RequestInit = { method, headers: { ...this.headers, ...headers } };
    const allHeaders = init.headers as Record<string, string>;
    if (this.cookies.size > 0) allHeaders.cookie = this.cookieHeader;
    if (body !== undefined) {
      if (typeof body === 'string') init.body = body;
      else init.body = JSON.stringify(body);
      allHeaders['content-type'] ??= 'application/json';
    }
    const response = await fetch(this.baseUrl + path, init);
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      const value = rest.join('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json: json as T };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}
