/** Test helpers for component tests (jsdom): a fetch stub that answers by route, and a fake viewport. */
import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; json: unknown } | undefined;
export type Route = (method: string, url: string, body: unknown) => Answer;

/** A fetch stub answering by route; records every call (JSON bodies parsed). */
export function stubFetch(route: Route): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      calls.push({ method, url, body, headers: (init.headers ?? {}) as Record<string, string> });
      const answer = route(method, url, body) ?? {
        status: 404,
        json: { status: 404, key: 'notFound', args: {}, message: 'not stubbed' },
      };
      return new Response(JSON.stringify(answer.json), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** jsdom has no layout: give scrolling bodies a viewport so DataTable's virtual rows render. */
export function fakeViewport(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
}
