/** Shared set-up of the goods sorting component tests (jsdom): a fake server over small fixtures. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  binLocationEndpoints,
  goodsSortingEndpoints,
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  type GoodsSortingMoveRequest,
  type GoodsSortingStagingLine,
  type GoodsSortingSuggestAnswer,
  type Item,
} from '@wms/contract';
import { render, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { contentRow, makeItem, makeLocation } from '../../handheld/engine/testing/fakes.js';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status: number; json: unknown } | 'networkError';
/** Answers a call differently (undefined: the default answer). */
export type Override = (call: Call) => Answer | undefined;

export const bolt: Item = makeItem({ code: 'ITEM-001', name: 'Hex bolt M8x40', serialManagedByDispatch: false });
export const nuts: Item = makeItem({ code: 'ITEM-002', name: 'Hex nut M8', serialManagedByDispatch: false });
export const stranger: Item = makeItem({ code: 'ITEM-009', name: 'Not received', serialManagedByDispatch: false });

export const locations = [
  makeLocation({ code: '01-RECEIVE', locationType: 'RECEIVE' }),
  makeLocation({ code: '01-P01-01', locationType: 'PICK' }),
  makeLocation({ code: '01-A01-01' }),
  makeLocation({ code: '01-BLOCKED', blockStockMovements: true }),
];

const stagingLine = (item: Item, quantity: number, receivedAt: string): GoodsSortingStagingLine => ({
  item: item.code,
  itemName: item.name,
  batch: null,
  serial: null,
  onHandQty: quantity,
  freeToMoveQty: quantity,
  releasedQty: 0,
  pickQty: 0,
  qcPendingQty: 0,
  receivedAt,
});

/** What the fake staging location holds; tests change it (a move takes a row away). */
export const staging = {
  lines: [] as GoodsSortingStagingLine[],
  reset() {
    this.lines = [stagingLine(nuts, 4, '2025-01-01T08:00:00.000Z'), stagingLine(bolt, 10, '2025-01-02T08:00:00.000Z')];
  },
};

/** The proposal of the fake server: the enforced default 01-P01-01 for ITEM-001, the default for others. */
export function suggestionFor(item: string): GoodsSortingSuggestAnswer {
  const line = staging.lines.find((l) => l.item === item);
  return {
    suggestions: [
      { location: '01-P01-01', reason: item === bolt.code ? 'ENFORCED_DEFAULT_LOCATION' : 'DEFAULT_LOCATION' },
    ],
    qcPending: false,
    quantity: line?.freeToMoveQty ?? 0,
  };
}

const error = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});

export function movedAnswer(request: GoodsSortingMoveRequest, approvedBy: string | null = null) {
  return {
    sortingId: 'GS-1',
    lines: [
      {
        item: request.item,
        itemName: '',
        batch: null,
        serial: null,
        fromLocation: request.from,
        toLocation: request.to,
        quantity: request.quantity,
        qcPending: false,
      },
    ],
    proposed: '01-P01-01',
    approvedBy: approvedBy ? { userId: 3, username: approvedBy } : null,
  };
}

export function defaultAnswer(call: Call): Answer {
  const { method, path } = call;
  const segment = (fromEnd: number) => decodeURIComponent(path.split('/').at(fromEnd) ?? '');
  const code = segment(-1);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (method === 'GET' && path === pathOf(itemEndpoints.find, { code })) {
    const item = [bolt, nuts, stranger].find((i) => same(i.code, code));
    return item ? { status: 200, json: { item, matchedBy: 'CODE', quantity: 1 } } : error(404, 'unknownItemForCode');
  }
  if (method === 'GET' && path === pathOf(binLocationEndpoints.find, { code })) {
    const found = locations.find((l) => same(l.code, code));
    return found ? { status: 200, json: found } : error(404, 'unknownLocation', { code });
  }
  if (method === 'GET' && path === pathOf(binLocationEndpoints.contents, { code: segment(-2) })) {
    const rows = segment(-2) === '01-RECEIVE' ? staging.lines.map((l) => contentRow(l.item, l.onHandQty ?? 0)) : [];
    return { status: 200, json: rows };
  }
  if (method === 'GET' && path === pathOf(goodsSortingEndpoints.staging, { location: code })) {
    return { status: 200, json: { location: code, lines: code === '01-RECEIVE' ? staging.lines : [] } };
  }
  if (path === pathOf(lookupEndpoints.findBatches, { code }) || path === pathOf(lookupEndpoints.findSerials, { code }))
    return { status: 200, json: [] };
  if (path === pathOf(goodsSortingEndpoints.suggest))
    return { status: 200, json: suggestionFor((call.body as { item: string }).item) };
  if (path === pathOf(goodsSortingEndpoints.move)) {
    const request = call.body as GoodsSortingMoveRequest & { managerApproval?: { username: string } };
    staging.lines = staging.lines.filter((l) => l.item !== request.item);
    return { status: 200, json: movedAnswer(request, request.managerApproval?.username ?? null) };
  }
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
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const moves = (calls: Call[]) => calls.filter((c) => c.path === pathOf(goodsSortingEndpoints.move));
export const suggests = (calls: Call[]) => calls.filter((c) => c.path === pathOf(goodsSortingEndpoints.suggest));

export function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
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
