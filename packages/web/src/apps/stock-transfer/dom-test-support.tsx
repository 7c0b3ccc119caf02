/** Shared set-up of the stock transfer component tests (jsdom): a fake server over the fixtures. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  binLocationEndpoints,
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  stockTransferEndpoints,
  type StockTransferLinesRequest,
} from '@wms/contract';
import { render, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { bolt, contents, drill, locations, movedAnswer, pills, scanner } from './test-fixtures.js';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer of the fake server; delayMs keeps it in flight that long (a slow commit). */
type Answer = { status: number; json: unknown; delayMs?: number } | 'networkError';
/** Overrides of the fake server: answer a call differently (return undefined for the default). */
export type Override = (call: Call) => Answer | undefined;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const error = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});

export function defaultAnswer(call: Call): Answer {
  const { method, path, body } = call;
  const segment = (fromEnd: number) => decodeURIComponent(path.split('/').at(fromEnd) ?? '');
  const code = segment(-1);
  if (method === 'GET' && path === pathOf(itemEndpoints.find, { code })) {
    const item = [bolt, pills, scanner, drill].find((i) => same(i.code, code) || same(i.barcode ?? '', code));
    return item
      ? { status: 200, json: { item, matchedBy: 'CODE', quantity: 1 } }
      : error(404, 'unknownItemForCode', { code });
  }
  if (method === 'GET' && path === pathOf(binLocationEndpoints.find, { code })) {
    const found = locations.find((l) => same(l.code, code) || same(l.barcode ?? '', code));
    return found ? { status: 200, json: found } : error(404, 'unknownLocation', { code });
  }
  if (method === 'GET' && path === pathOf(binLocationEndpoints.contents, { code: segment(-2) }))
    return { status: 200, json: contents[segment(-2)] ?? [] };
  if (
    method === 'GET' &&
    (path === pathOf(lookupEndpoints.findBatches, { code }) || path === pathOf(lookupEndpoints.findSerials, { code }))
  )
    return { status: 200, json: [] };
  if (path === pathOf(stockTransferEndpoints.validate))
    return { status: 200, json: { valid: true, locationsToBlockForQc: [] } };
  if (path === pathOf(stockTransferEndpoints.lines)) {
    return { status: 200, json: movedAnswer(body as StockTransferLinesRequest, 'T-1') };
  }
  if (path === pathOf(stockTransferEndpoints.location)) return { status: 200, json: { transferId: 'T-2', lines: [] } };
  if (path === pathOf(stockTransferEndpoints.setBlockStockMovements, { code: segment(-3), block: code }))
    return { status: 200, json: {} };
  return error(404, 'notFound');
}

/** Stubs fetch with the fake server; returns the recorded calls. */
export function fakeServer(override: Override = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.split('?')[0]!,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const answer = override(call) ?? defaultAnswer(call);
      if (answer === 'networkError') throw new TypeError('Failed to fetch');
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function renderApp(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Waits until the prompt reads `text` (the previous step finished). */
export async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

/** Types a scan into the scanner bar, Enter included, then waits for the prompt. */
export async function scan(user: UserEvent, text: string, prompt?: string | RegExp) {
  const input = screen.getByTestId('scanner-input');
  await user.type(input, `${text}{Enter}`);
  if (prompt) await waitForPrompt(prompt);
}
