/** Shared set-up of the item barcoder component tests (jsdom): a fake server over small fixtures. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  binLocationEndpoints,
  itemActionEndpoints,
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  setupListEndpoints,
  type Item,
} from '@wms/contract';
import { render, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { makeItem, makeLocation } from '../../handheld/engine/testing/fakes.js';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; json: unknown } | 'networkError';
export type Override = (call: Call) => Answer | undefined;

/** An item with its first barcode (a box of 1) and its code; two items without any barcode. */
export const labelled: Item = makeItem({ code: 'ITEM-001', name: 'Hex bolt M8x40', barcode: '8712345000011' });
export const bare: Item = makeItem({ code: 'NEW-001', name: 'Washer M8' });
export const bare2: Item = makeItem({ code: 'NEW-002', name: 'Washer M10', units: null });
export const items = [labelled, bare, bare2];
export const shelf = makeLocation({ code: '01-A01-01', barcode: 'LOC0101' });

/** GTIN-13 codes: one with a right check digit, one with a wrong one. */
export const goodGtin = '4006381333931';
export const badGtin = '4006381333932';

export const error = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function defaultAnswer(call: Call): Answer {
  const { method, path } = call;
  const segment = (fromEnd: number) => decodeURIComponent(path.split('/').at(fromEnd) ?? '');
  const code = segment(-1);
  if (method === 'GET' && path === pathOf(itemEndpoints.find, { code })) {
    const item = items.find((i) => [i.code, i.barcode, i.barcode2, i.barcode3].some((c) => c && same(c, code)));
    return item ? { status: 200, json: { item, matchedBy: 'CODE', quantity: 1 } } : error(404, 'unknownItemForCode');
  }
  if (method === 'GET' && path === pathOf(binLocationEndpoints.find, { code })) {
    const found = same(shelf.code, code) || same(shelf.barcode ?? '', code);
    return found ? { status: 200, json: shelf } : error(404, 'unknownLocation', { code });
  }
  if (method === 'GET' && path === pathOf(itemEndpoints.autocomplete, { text: code })) {
    const matches = items.filter((i) => i.name.toLowerCase().includes(code.toLowerCase()));
    return { status: 200, json: matches.map((i) => ({ ...i, barcode: i.barcode })) };
  }
  if (path === pathOf(setupListEndpoints.itemsWithoutBarcode, { code: segment(-2) })) {
    return {
      status: 200,
      json: {
        location: { code: shelf.code, visualCode: shelf.code, warehouseCode: '01' },
        items: [bare, bare2].map((i) => ({
          code: i.code,
          visualCode: i.code,
          name: i.name,
          units: i.units,
          onHandQty: 3,
        })),
        truncated: false,
      },
    };
  }
  if (method === 'POST' && path === pathOf(itemActionEndpoints.setBarcode, { code: segment(-2) })) {
    const item = items.find((i) => same(i.code, segment(-2)))!;
    return { status: 200, json: item };
  }
  if (path === pathOf(lookupEndpoints.findBatches, { code }) || path === pathOf(lookupEndpoints.findSerials, { code }))
    return { status: 200, json: [] };
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
      };
      calls.push(call);
      const answer = override(call) ?? defaultAnswer(call);
      if (answer === 'networkError') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** The setBarcode calls made. */
export const saves = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.path.endsWith('/barcode'));

export function renderApp(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/setup/item_barcoder']}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

/** Types a scan into the scanner bar, Enter included, then waits for the prompt. */
export async function scan(user: UserEvent, text: string, prompt?: string | RegExp) {
  await user.type(screen.getByTestId('scanner-input'), `${text}{Enter}`);
  if (prompt) await waitForPrompt(prompt);
}
