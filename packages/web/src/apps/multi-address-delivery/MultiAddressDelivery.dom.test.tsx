import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultSystemSettings,
  multiAddressDeliveryEndpoints as endpoints,
  pathOf,
  type PutWallTarget,
  type PutWallView,
} from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { MultiAddressDeliveryApp } from './MultiAddressDeliveryApp.js';

vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ scanner: defaultSystemSettings.scanner }) }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, signOut: vi.fn(), hasRole: () => true }),
}));
vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => null, useLiveConnected: () => true }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/sounds.js', () => ({
  playSoftSound: vi.fn(),
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (key: string, args: Record<string, unknown>) => json(422, { status: 422, key, args, message: key });
const address = (name: string) => ({
  name,
  street: 'Market 1',
  postcode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
});

/** A list PL-1 of item SOAP: Store 12 (slot A, box BOX-A) is due 2, Store 14 (slot B, no box yet) 1. */
function fakeServer(): Call[] {
  const calls: Call[] = [];
  const put = { A: 0, B: 0 };
  const view = (): PutWallView => ({
    pickList: { code: 'PL-1', status: 'PICKED', version: 3 },
    slots: [
      { slot: 'A', name: 'Store 12', container: 'BOX-A', due: 2, delivered: put.A === 2 },
      { slot: 'B', name: 'Store 14', container: null, due: 1, delivered: false },
    ].map((s) => ({
      slot: s.slot,
      name: s.name,
      address: address(s.name),
      container: s.container,
      status: s.delivered ? 'DELIVERED' : 'OPEN',
      delivery: s.delivered ? 'DL-1' : null,
      lines: [{ item: 'SOAP', itemName: 'Soap', due: s.due, put: put[s.slot as 'A' | 'B'] }],
    })),
    done: false,
  });
  const target = (): PutWallTarget => ({
    slot: 'A',
    name: 'Store 12',
    container: 'BOX-A',
    item: 'SOAP',
    put: put.A,
    due: 2,
  });
  const answer = (path: string, method: string, body: Record<string, unknown> | undefined): Response => {
    const at = (endpoint: { path: string; method: string }, params: Record<string, string> = {}) =>
      path === pathOf(endpoint, params) && method === endpoint.method;
    if (at(endpoints.start)) return json(200, view());
    if (at(endpoints.locate, { code: 'PL-1' })) {
      if (body?.item !== 'SOAP') return refusal('itemNotForAnyOpenAddress', { item: body?.item });
      return json(200, target());
    }
    if (at(endpoints.put, { code: 'PL-1' })) {
      if (body?.container !== 'BOX-A') return refusal('wrongSlotScanned', { expected: 'A', container: 'BOX-A' });
      put.A += 1;
      return json(200, { view: view(), target: target(), delivery: put.A === 2 ? 'DL-1' : null, replayed: false });
    }
    return json(404, { status: 404, key: 'notFound', args: {}, message: 'notFound' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const [path = ''] = url.split('?');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, path, body });
      return Promise.resolve(answer(path, method, body));
    }),
  );
  return calls;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/multi_address_delivery']}>
        <MultiAddressDeliveryApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function scan(text: string) {
  await userEvent.type(screen.getByTestId('scanner-input'), `${text}{Enter}`);
}
const prompt = () => screen.getByTestId('handheld-prompt').textContent;

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('/multi_address_delivery', () => {
  it('shows where a unit goes big, puts it with the slot container and reports the delivery', async () => {
    const calls = fakeServer();
    renderApp();
    expect(prompt()).toBe('Scan the picked cart or a container');
    await scan('CART-1');
    await waitFor(() => expect(prompt()).toBe('Scan a unit'));
    expect(screen.getByTestId('put-wall-slot-B').textContent).toContain('no container yet');

    await scan('SOAP');
    await waitFor(() =>
      expect(screen.getByTestId('put-wall-target').textContent).toContain('Store 12, slot A, 0 of 2'),
    );
    expect(prompt()).toBe('Scan container BOX-A of slot A');
    await scan('BOX-A');
    await waitFor(() => expect(prompt()).toBe('Scan a unit'));
    expect(screen.getByTestId('put-wall-slot-A').textContent).toContain('1 of 2');

    await scan('SOAP');
    await waitFor(() => expect(prompt()).toBe('Scan container BOX-A of slot A'));
    await scan('BOX-A');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'success',
        'multiAddressDelivery:delivered',
        { name: 'Store 12', delivery: 'DL-1' },
        { sound: true },
      ),
    );
    const puts = calls.filter((call) => call.path === pathOf(endpoints.put, { code: 'PL-1' }));
    expect(puts.map((call) => call.body?.item)).toEqual(['SOAP', 'SOAP']);
    expect(new Set(puts.map((call) => call.body?.idempotencyKey)).size).toBe(2);
  });

  it('a wrong scan is a danger notice with its key; nothing changes and the step stays', async () => {
    fakeServer();
    renderApp();
    await scan('CART-1');
    await waitFor(() => expect(prompt()).toBe('Scan a unit'));
    await scan('GLUE');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'danger',
        'errors:itemNotForAnyOpenAddress',
        { item: 'GLUE' },
        { sound: true },
      ),
    );
    expect(prompt()).toBe('Scan a unit');
    await scan('SOAP');
    await waitFor(() => expect(prompt()).toBe('Scan container BOX-A of slot A'));
    await scan('BOX-B');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'danger',
        'errors:wrongSlotScanned',
        { expected: 'A', container: 'BOX-A' },
        { sound: true },
      ),
    );
    expect(prompt()).toBe('Scan container BOX-A of slot A');
    expect(screen.getByTestId('put-wall-slot-A').textContent).toContain('0 of 2');
  });
});
