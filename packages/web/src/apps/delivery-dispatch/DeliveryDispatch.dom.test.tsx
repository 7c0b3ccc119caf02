// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deliveryDispatchEndpoints as endpoints, pathOf, type DispatchDelivery, type Load } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { DeliveryDispatchApp } from './DeliveryDispatchApp.js';

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (key: string, args: Record<string, unknown>) => json(422, { status: 422, key, args, message: key });

/** A server with one delivery DL-1 of two containers (C-1, C-2) on route R1. */
function fakeServer(): Call[] {
  const calls: Call[] = [];
  const loaded = new Set<string>();
  const delivery = (): DispatchDelivery => ({
    code: 'DL-1',
    status: loaded.size === 2 ? 'DISPATCHED' : 'CREATED',
    version: loaded.size === 2 ? 2 : 1,
    warehouse: '01',
    customer: { code: 'C1', name: 'Bakker' },
    shipTo: null,
    shipDate: null,
    route: 'R1',
    containers: ['C-1', 'C-2'].map((code) => ({
      code,
      status: loaded.has(code) ? 'DISPATCHED' : 'DELIVERED',
      loaded: loaded.has(code),
    })),
    loaded: loaded.size,
    total: 2,
    dispatchedAt: null,
    dispatchedBy: null,
  });
  const load = (): Load => ({
    id: 7,
    dock: 'DOCK-1',
    route: loaded.size > 0 ? 'R1' : null,
    status: 'OPEN',
    openedBy: 'loader',
    openedAt: '2025-01-02T10:00:00Z',
    closedBy: null,
    closedAt: null,
    containers: [...loaded].map((code) => ({
      code,
      delivery: 'DL-1',
      loadedBy: 'loader',
      loadedAt: '2025-01-02T10:01:00Z',
    })),
    deliveries: loaded.size > 0 ? [delivery()] : [],
    missing: delivery()
      .containers.filter((c) => !c.loaded && loaded.size > 0)
      .map((c) => c.code),
  });
  const answer = (path: string, method: string, body: Record<string, unknown> | undefined): Response => {
    const at = (endpoint: { path: string; method: string }, params: Record<string, string | number> = {}) =>
      path === pathOf(endpoint, params) && method === endpoint.method;
    if (at(endpoints.notDispatched)) {
      const open = delivery().status === 'CREATED' ? [delivery()] : [];
      return json(200, { groups: open.length ? [{ route: 'R1', deliveries: open }] : [], truncated: false });
    }
    if (at(endpoints.openLoad)) return json(200, load());
    if (at(endpoints.loadContainer, { id: 7 })) {
      const container = String(body?.container);
      if (container !== 'C-1' && container !== 'C-2') return refusal('containerNotInDelivery', { container });
      loaded.add(container);
      return json(200, {
        load: load(),
        container,
        delivery: delivery(),
        dispatched: loaded.size === 2,
        replayed: false,
      });
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
      <MemoryRouter initialEntries={['/delivery_dispatch']}>
        <DeliveryDispatchApp />
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

describe('/delivery_dispatch', () => {
  it('loads a two-container delivery: the first scan leaves it open, the second dispatches it', async () => {
    const calls = fakeServer();
    renderApp();
    expect(prompt()).toBe('Scan the dock or truck');
    await waitFor(() => expect(screen.getByTestId('dispatch-delivery-DL-1').textContent).toContain('0 of 2'));
    await scan('DOCK-1');
    await waitFor(() => expect(prompt()).toBe('Scan a container to load at DOCK-1'));

    await scan('C-1');
    await waitFor(() => expect(screen.getByTestId('dispatch-progress').textContent).toBe('1 of 2 loaded for DL-1'));
    expect(notify).not.toHaveBeenCalledWith(
      'success',
      'deliveryDispatch:dispatched',
      expect.anything(),
      expect.anything(),
    );

    await scan('C-2');
    await waitFor(() =>
      expect(screen.getByTestId('dispatch-progress').textContent).toBe('Delivery DL-1 is dispatched'),
    );
    expect(notify).toHaveBeenCalledWith(
      'success',
      'deliveryDispatch:dispatched',
      { delivery: 'DL-1' },
      { sound: true },
    );
    await waitFor(() => expect(screen.getByTestId('not-dispatched').textContent).toContain('No deliveries wait'));

    const loads = calls.filter((call) => call.path === pathOf(endpoints.loadContainer, { id: 7 }));
    expect(loads.map((call) => call.body?.container)).toEqual(['C-1', 'C-2']);
    const keys = loads.map((call) => call.body?.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect(calls.find((call) => call.path === pathOf(endpoints.openLoad))?.body).toMatchObject({ dock: 'DOCK-1' });
  });

  it('a wrong scan is a danger notice with its key; nothing changes and the prompt stays', async () => {
    fakeServer();
    renderApp();
    await scan('DOCK-1');
    await waitFor(() => expect(prompt()).toBe('Scan a container to load at DOCK-1'));
    await scan('NOPE');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'danger',
        'errors:containerNotInDelivery',
        { container: 'NOPE' },
        { sound: true },
      ),
    );
    expect(prompt()).toBe('Scan a container to load at DOCK-1');
    expect(screen.queryByTestId('dispatch-progress')).toBeNull();
    expect(screen.getByTestId('dispatch-delivery-DL-1').textContent).toContain('0 of 2');
  });
});
