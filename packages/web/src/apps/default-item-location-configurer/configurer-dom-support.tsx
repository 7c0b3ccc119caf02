/** Shared set-up of the default item location configurer component tests (jsdom): a fake server. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  binLocationEndpoints,
  itemActionEndpoints,
  itemEndpoints,
  pathOf,
  setupListEndpoints,
  type DefaultItemLocation,
  type WarehouseDefaultLocation,
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
  query: string;
  body: unknown;
}

type Answer = { status: number; json: unknown } | 'networkError';
export type Override = (call: Call) => Answer | undefined;

export const bolt = makeItem({ code: 'ITEM-001', name: 'Hex bolt M8x40', barcode: '8712345000011' });
export const washer = makeItem({ code: 'NEW-001', name: 'Washer M8' });
export const pick = makeLocation({ code: '01-P01-09', barcode: 'LOC0119', locationType: 'PICK' });
export const restricted = makeLocation({ code: '01-R-01', stockMovementRestricted: true });

/** ITEM-001's row in warehouse 01: its default is 01-P01-01 (enforced, 10 to 100). */
export const boltRow: DefaultItemLocation = {
  whs: { code: '01', name: 'Main', active: true },
  binLocation: { code: '01-P01-01', visualCode: '01-P01-01' },
  enforced: true,
  minStock: 10,
  maxStock: 100,
  version: 4,
};
const noRow = (code: string): DefaultItemLocation => ({
  whs: { code, name: code === '01' ? 'Main' : 'Overflow', active: true },
  binLocation: null,
  enforced: false,
  minStock: null,
  maxStock: null,
  version: 0,
});

export const tableRow: WarehouseDefaultLocation = {
  item: { code: 'ITEM-001', visualCode: 'ITEM-001', name: 'Hex bolt M8x40', units: 'pcs' },
  binLocation: { code: '01-P01-01', visualCode: '01-P01-01', stockMovementRestricted: false },
  enforced: true,
  minStock: 10,
  maxStock: 100,
  version: 4,
  onHandQty: 48,
};

export const error = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const page = (rows: unknown[]) => ({
  warehouse: { code: '01', name: 'Main' },
  offset: 0,
  limit: 200,
  hasMore: false,
  rows,
});

export function defaultAnswer(call: Call): Answer {
  const { method, path } = call;
  const segment = (fromEnd: number) => decodeURIComponent(path.split('/').at(fromEnd) ?? '');
  const code = segment(-1);
  if (method === 'GET' && path === pathOf(itemEndpoints.find, { code })) {
    const item = [bolt, washer].find((i) => same(i.code, code) || same(i.barcode ?? '', code));
    return item ? { status: 200, json: { item, matchedBy: 'CODE', quantity: 1 } } : error(404, 'unknownItemForCode');
  }
  if (method === 'GET' && path === pathOf(binLocationEndpoints.find, { code })) {
    const found = [pick, restricted].find((l) => same(l.code, code) || same(l.barcode ?? '', code));
    return found ? { status: 200, json: found } : error(404, 'unknownLocation', { code });
  }
  if (method === 'GET' && path === pathOf(itemActionEndpoints.defaultLocations, { code: segment(-2) })) {
    return { status: 200, json: segment(-2) === 'ITEM-001' ? [boltRow, noRow('02')] : [noRow('01'), noRow('02')] };
  }
  if (method === 'POST' && path.includes('/default_bin_locations/')) {
    const body = call.body as { locationCode: string; enforced: boolean; minStock: number; maxStock: number };
    const row = { ...noRow('01'), binLocation: { code: body.locationCode, visualCode: body.locationCode }, ...body };
    return { status: 200, json: { ...row, version: 1 } };
  }
  if (path === pathOf(binLocationEndpoints.warehouses)) {
    return {
      status: 200,
      json: [
        { code: '01', visualCode: '01', name: 'Main', active: true },
        { code: '02', visualCode: '02', name: 'Overflow', active: true },
      ],
    };
  }
  if (path === pathOf(setupListEndpoints.warehouseDefaults, { whsCode: code }))
    return { status: 200, json: page([tableRow]) };
  if (path === pathOf(setupListEndpoints.locationsWithoutDefault, { whsCode: segment(-2) })) {
    const row = {
      location: { code: '01-A01-01', visualCode: '01-A01-01', locationType: 'BULK' },
      itemCount: 2,
      onHandQty: 505,
      items: ['ITEM-001', 'SERIAL-002'],
    };
    return { status: 200, json: page([row]) };
  }
  if (path === pathOf(setupListEndpoints.itemsWithoutDefault, { whsCode: segment(-2) })) {
    const row = {
      item: { code: 'SERIAL-002', visualCode: 'SERIAL-002', name: 'Drill', units: 'pcs' },
      onHandQty: 5,
      locationCount: 1,
    };
    return { status: 200, json: page([row]) };
  }
  return error(404, 'notFound');
}

/** Stubs fetch with the fake server; returns the recorded calls. */
export function fakeServer(override: Override = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path, query = ''] = url.split('?');
      const call: Call = {
        method: init.method ?? 'GET',
        path: path!,
        query,
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

/** The setDefaultLocation calls made. */
export const saves = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

export function renderApp(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/default_item_location_configurer']}>{element}</MemoryRouter>
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
